package dev.shellbox.sandbox.provider.local;

import java.nio.file.Path;

/**
 * How the {@code local} provider runs programs.
 *
 * @param stateDirectory where sandbox workspaces live on the host, one directory per sandbox
 * @param bwrap the bubblewrap executable
 * @param prlimit the util-linux prlimit executable that applies the resource limits
 * @param setpriv the util-linux setpriv executable that drops to {@code hostUid}
 * @param hostUid the unprivileged host user programs run as
 * @param hostGid the host group programs run as
 * @param memoryBytes address space of each program
 * @param processes processes and threads of one escalated program and its children (kernels since 5.14 count them
 *     per user namespace, and every program gets its own)
 * @param cpuSeconds CPU time of each program
 * @param fileSizeBytes largest file a program may write (and that comes back into the sandbox's files)
 * @param openFiles open file descriptors of each program
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
        int openFiles) {}
