package dev.shellbox.sandbox.provider.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How the {@code local} provider runs programs.
 *
 * @param stateDirectory where sandbox workspaces live on the host, one directory per sandbox
 * @param bwrap the bubblewrap executable
 * @param prlimit the util-linux prlimit executable that applies the resource limits
 * @param setpriv the util-linux setpriv executable that drops to {@code hostUid} (used only when the service runs as
 *     root)
 * @param setsid the util-linux setsid executable that detaches containers from the service
 * @param hostUid the unprivileged host user programs run as; when the service does not run as root, it cannot run
 *     them as anyone else, and this is the service's own user
 * @param hostGid the host group programs run as; the service's own group when it does not run as root
 * @param memoryBytes most address space of each program (a sandbox's plan may allow less)
 * @param processes processes and threads of the host user, all programs together (checked when a program starts,
 *     before it has a user namespace of its own); also the most one program and its children may have
 * @param cpuSeconds CPU time of each program
 * @param fileSizeBytes largest file a program may write (and that comes back into the sandbox's files)
 * @param openFiles open file descriptors of each program
 * @param network how sandboxes that may use the network get one
 * @param disk what each sandbox's workspace is stored on
 */
public record LocalSettings(
        Path stateDirectory,
        String bwrap,
        String prlimit,
        String setpriv,
        String setsid,
        int hostUid,
        int hostGid,
        long memoryBytes,
        int processes,
        int cpuSeconds,
        long fileSizeBytes,
        int openFiles,
        Network network,
        Disk disk) {

    public LocalSettings {
        // only root may run programs as another user: a service that runs as an ordinary user runs them as itself
        if (!ServiceUser.isRoot()) {
            hostUid = ServiceUser.UID;
            hostGid = ServiceUser.GID;
        }
    }

    /** Whether containers start as {@code hostUid} through setpriv: only when the service runs as root. */
    boolean switchesUser() {
        return ServiceUser.isRoot();
    }

    /** {@code argv} run as {@code hostUid} and {@code hostGid} without supplementary groups. */
    List<String> asHostUser(List<String> argv) {
        if (!switchesUser()) {
            return argv;
        }
        List<String> c =
                new ArrayList<>(List.of(setpriv(), "--reuid=" + hostUid(), "--regid=" + hostGid(), "--clear-groups"));
        c.addAll(argv);
        return c;
    }

    /**
     * The tools and policy of sandbox networks ({@link SandboxNetwork}).
     *
     * @param unshare util-linux unshare, which creates a sandbox's network namespace
     * @param nsenter util-linux nsenter, which puts programs into it
     * @param slirp4netns connects the namespace to the outside without privileges
     * @param ip iproute2's ip, which adds the routes that block networks
     * @param blockedNetworks IPv4 networks (CIDR) programs may not reach, besides the host's own addresses
     */
    public record Network(
            String unshare, String nsenter, String slirp4netns, String ip, List<String> blockedNetworks) {}

    /** Whether workspaces get file systems of their own ({@link WorkspaceDisk}). */
    public enum WorkspaceImages {
        /** When the service may mount them (it runs as root), else workspaces share the host's disk. */
        AUTO,
        /** Always: the provider is unavailable where images cannot be mounted. */
        ALWAYS,
        /** Never: workspaces share the host's disk, bounded per file only. */
        NEVER
    }

    /**
     * Where workspaces are stored: each on an ext4 image of its own, sized by the sandbox's plan, so that a sandbox
     * that fills its workspace fills nothing else.
     *
     * @param images whether workspaces get images
     * @param maxBytes most one workspace may hold; the plan's {@code storage_bytes} applies up to it
     * @param mkfs e2fsprogs' mkfs.ext4
     * @param mount util-linux mount
     * @param umount util-linux umount
     * @param losetup util-linux losetup, which tells a loop device its image grew
     * @param resize2fs e2fsprogs' resize2fs, which grows a mounted workspace when the plan allows more
     * @param fallocate util-linux fallocate, which sets aside the part of a workspace the plan does not allow
     */
    public record Disk(
            WorkspaceImages images,
            long maxBytes,
            String mkfs,
            String mount,
            String umount,
            String losetup,
            String resize2fs,
            String fallocate) {}
}
