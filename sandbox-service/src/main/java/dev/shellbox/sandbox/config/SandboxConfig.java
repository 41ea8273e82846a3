package dev.shellbox.sandbox.config;

import dev.shellbox.sandbox.provider.local.LocalSettings;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Settings of sandbox-service (prefix {@code shellbox.sandbox}). */
@ConfigMapping(prefix = "shellbox.sandbox")
public interface SandboxConfig {
    /** The provider of sandboxes created without one: in-process, local, docker or kubernetes. */
    @WithDefault("local")
    String defaultProvider();

    /**
     * Whether sandboxes' containers, and the programs in them, keep running when the service stops, for its next start
     * to take back (as they do when it is killed); when not, a stop ends them.
     */
    @WithDefault("true")
    boolean keepContainersOnStop();

    /** Seconds without activity after which a running sandbox pauses itself, unless it asks for another value. */
    @WithDefault("900")
    int defaultIdleTimeoutSeconds();

    /** The longest idle timeout a sandbox may ask for, in seconds. */
    @WithDefault("86400")
    int maxIdleTimeoutSeconds();

    /** How often running sandboxes are checked for idleness. */
    @WithDefault("15s")
    String idleCheckInterval();

    /** Threads that run scripts; execs beyond them wait in line. */
    @WithDefault("64")
    int execThreads();

    /** Execs that may wait for a thread before new ones are refused with 503. */
    @WithDefault("1000")
    int execQueue();

    /** Timeout of an exec that asks for none, in milliseconds (the plan's maximum still applies). */
    @WithDefault("60000")
    long defaultExecTimeoutMs();

    /**
     * Threads the interpreter may run at once for one sandbox, all its sessions together (pipeline stages, background
     * jobs, substitutions): a fork bomb stops here with {@code max_processes}, without slowing other sandboxes.
     */
    @WithDefault("128")
    int maxProcesses();

    /** Bytes of clean file content a sandbox's working view keeps in memory after an exec. */
    @WithDefault("67108864")
    long viewMemoryBytes();

    /** The local provider: escalated programs under bubblewrap on this host. */
    Local local();

    /** The egress proxy of sandboxes whose network policy goes through it. */
    Egress egress();

    /** Settings of the egress proxy. */
    interface Egress {
        /**
         * DNS servers (address or address:port) the proxy resolves names with; empty: the nameservers of this host's
         * /etc/resolv.conf. Programs never query them: the proxy resolves, checks and connects.
         */
        Optional<List<String>> resolvers();

        /** How long a connection to a destination may take to open. */
        @WithDefault("10s")
        Duration connectTimeout();

        /**
         * A PEM file of certificate authorities the proxy trusts besides the JVM's, when it verifies the real servers
         * of hosts whose TLS it terminates (a company's own CA, or a test's).
         */
        Optional<String> upstreamCaFile();

        /** Decisions each sandbox keeps for its events stream. */
        @WithDefault("1000")
        int eventsKept();
    }

    /** Settings of the local provider. */
    interface Local {
        /** Where sandbox workspaces live on the host (one directory per sandbox); outside any source tree. */
        @WithDefault("${java.io.tmpdir}/shellbox-workspaces")
        String stateDirectory();

        /** The bubblewrap executable. */
        @WithDefault("/usr/bin/bwrap")
        String bwrap();

        /** util-linux prlimit, which applies the resource limits. */
        @WithDefault("/usr/bin/prlimit")
        String prlimit();

        /** util-linux setpriv, which drops to the unprivileged host user (when the service runs as root). */
        @WithDefault("/usr/bin/setpriv")
        String setpriv();

        /** util-linux setsid, which gives each sandbox's container a session of its own. */
        @WithDefault("/usr/bin/setsid")
        String setsid();

        /**
         * Host user that programs run as; give it no other use. Applies when the service runs as root: otherwise
         * programs run as the service's own user.
         */
        @WithDefault("64000")
        int hostUid();

        /** Host group that programs run as (the service's own group when it does not run as root). */
        @WithDefault("64000")
        int hostGid();

        /**
         * Most address space of one program, in bytes: the plan's {@code container_memory_bytes} applies up to it (and
         * alone when usage-service does not answer).
         */
        @WithDefault("4294967296")
        long memoryBytes();

        /**
         * Processes and threads of the host user, every program of this instance together; also the most that the
         * plan's {@code container_processes} may give one program and its children.
         */
        @WithDefault("1024")
        int processes();

        /** CPU seconds of one program. */
        @WithDefault("600")
        int cpuSeconds();

        /** Largest file a program may write, in bytes; it is also the largest that comes back into the volume. */
        @WithDefault("268435456")
        long fileSizeBytes();

        /** Open files of one program. */
        @WithDefault("1024")
        int openFiles();

        /** util-linux unshare, which creates the network namespace of a sandbox that may use the network. */
        @WithDefault("/usr/bin/unshare")
        String unshare();

        /** util-linux nsenter, which puts a sandbox's programs into its network namespace. */
        @WithDefault("/usr/bin/nsenter")
        String nsenter();

        /** slirp4netns, which connects a sandbox's network namespace to the outside (package 'slirp4netns'). */
        @WithDefault("/usr/bin/slirp4netns")
        String slirp4netns();

        /** iproute2's ip, which adds the routes that keep programs from the blocked networks. */
        @WithDefault("/usr/sbin/ip")
        String ip();

        /**
         * IPv4 networks (CIDR) that programs of sandboxes with network may not reach, besides this host's own
         * addresses: private ranges, carrier-grade NAT and link-local (cloud metadata endpoints) by default.
         */
        @WithDefault("10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,100.64.0.0/10,169.254.0.0/16")
        List<String> blockedNetworks();

        /**
         * Whether each sandbox's workspace is an ext4 image of its own (so that filling it fills nothing else): {@code
         * auto} when the service can mount images (it runs as root), {@code always}, or {@code never}.
         */
        @WithDefault("auto")
        LocalSettings.WorkspaceImages workspaceImages();

        /** Most bytes one sandbox's workspace may hold: the plan's {@code storage_bytes} applies up to it. */
        @WithDefault("17179869184")
        long workspaceBytes();

        /** e2fsprogs' mkfs.ext4, which makes workspace images. */
        @WithDefault("/usr/sbin/mkfs.ext4")
        String mkfs();

        /** util-linux mount, which mounts workspace images. */
        @WithDefault("/usr/bin/mount")
        String mount();

        /** util-linux umount. */
        @WithDefault("/usr/bin/umount")
        String umount();

        /** util-linux losetup, which tells a loop device that its image grew. */
        @WithDefault("/usr/sbin/losetup")
        String losetup();

        /** e2fsprogs' resize2fs, which grows a mounted workspace when the plan allows more. */
        @WithDefault("/usr/sbin/resize2fs")
        String resize2fs();

        /** util-linux fallocate, which sets aside the part of a workspace image the plan's storage does not allow. */
        @WithDefault("/usr/bin/fallocate")
        String fallocate();
    }

    /** Limits applied when usage-service cannot say what the user's plan allows. */
    FallbackLimits fallback();

    /** Users' secrets, stored encrypted and never shown again. */
    Secrets secrets();

    /** Settings of users' secrets. */
    interface Secrets {
        /**
         * The master key that secrets are encrypted under: base64 of 32 random bytes ({@code openssl rand -base64 32}),
         * env {@code SHELLBOX_SECRETS_MASTER_KEY}. Without one, every secrets operation answers 503; the dev and test
         * profiles set a fixed, public development key.
         */
        Optional<String> masterKey();

        /**
         * Master keys used before the current one (base64, comma-separated), env {@code
         * SHELLBOX_SECRETS_PREVIOUS_KEYS}: secrets written under them still decrypt; writes always use the current key.
         */
        Optional<List<String>> previousKeys();

        /** Secrets one user may keep; storing one more answers 409. */
        @WithDefault("100")
        int maxPerUser();
    }

    /** Plan limits used while usage-service does not answer. */
    interface FallbackLimits {
        /** Longest exec, in milliseconds. */
        @WithDefault("300000")
        long maxExecTimeoutMs();

        /** Most bytes of stdout plus stderr an exec returns. */
        @WithDefault("10485760")
        long maxOutputBytes();
    }
}
