package dev.shellbox.sandbox.provider.local;

import java.nio.file.Path;
import java.util.List;

/**
 * How the {@code local} provider runs programs.
 *
 * @param stateDirectory where sandbox workspaces live on the host, one directory per sandbox
 * @param bwrap the bubblewrap executable
 * @param prlimit the util-linux prlimit executable that applies the resource limits
 * @param setpriv the util-linux setpriv executable that drops to {@code hostUid}
 * @param hostUid the unprivileged host user programs run as
 * @param hostGid the host group programs run as
 * @param memoryBytes most address space of each program (a sandbox's plan may allow less)
 * @param processes processes and threads of the host user, all programs together (checked when a program starts,
 *     before it has a user namespace of its own); also the most one program and its children may have
 * @param cpuSeconds CPU time of each program
 * @param fileSizeBytes largest file a program may write (and that comes back into the sandbox's files)
 * @param openFiles open file descriptors of each program
 * @param network how sandboxes that may use the network get one
 */
public record LocalSettings(
        Path stateDirectory,
        String bwrap,
        String prlimit,
        String setpriv,
        int hostUid,
        int hostGid,
        long memoryBytes,
        int processes,
        int cpuSeconds,
        long fileSizeBytes,
        int openFiles,
        Network network) {

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
}
