package dev.shellbox.sandbox.provider.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;

/** The settings the local provider's tests run it with, and their state directory. */
final class LocalTestSettings {
    /** What the host gives all programs together. */
    static final int HOST_PROCESSES = 512;
    /** The largest file a program may write. */
    static final long FILE_SIZE = 16L << 20;
    /** The most a workspace may hold. */
    static final long MAX_STORAGE = 1L << 30;
    /** The unprivileged host user programs run as when the tests run as root. */
    static final int HOST_USER = 64000;

    static final LocalSettings.Network NETWORK = new LocalSettings.Network(
            "/usr/bin/unshare",
            "/usr/bin/nsenter",
            "/usr/bin/slirp4netns",
            "/usr/sbin/ip",
            List.of("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16"));

    private LocalTestSettings() {}

    /** A new state directory that the programs' host user may pass through to its workspaces. */
    static Path stateDirectory() throws IOException {
        Path state = Files.createTempDirectory("shellbox-local-test");
        Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwx--x--x"));
        return state;
    }

    static void delete(Path state) throws IOException {
        try (var paths = Files.walk(state)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    static LocalSettings settings(Path state, LocalSettings.WorkspaceImages images) {
        return new LocalSettings(
                state.resolve("workspaces"),
                "/usr/bin/bwrap",
                "/usr/bin/prlimit",
                "/usr/bin/setpriv",
                "/usr/bin/setsid",
                HOST_USER,
                HOST_USER,
                4L << 30,
                HOST_PROCESSES,
                60,
                FILE_SIZE,
                256,
                NETWORK,
                disk(images));
    }

    static LocalSettings.Disk disk(LocalSettings.WorkspaceImages images) {
        return new LocalSettings.Disk(
                images,
                MAX_STORAGE,
                "/usr/sbin/mkfs.ext4",
                "/usr/bin/mount",
                "/usr/bin/umount",
                "/usr/sbin/losetup",
                "/usr/sbin/resize2fs",
                "/usr/bin/fallocate");
    }
}
