package dev.shellbox.sandbox.provider.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The host user the service runs as (its effective uid and gid), read once from {@code /proc/self/status}. */
final class ServiceUser {
    static final int UID;
    static final int GID;

    static {
        int uid = -1;
        int gid = -1;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                // "Uid:	real	effective	saved	filesystem"
                String[] f = line.split("\\s+");
                if (f[0].equals("Uid:")) {
                    uid = Integer.parseInt(f[2]);
                } else if (f[0].equals("Gid:")) {
                    gid = Integer.parseInt(f[2]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the local provider's probe fails anyway
        }
        UID = uid;
        GID = gid;
    }

    private ServiceUser() {}

    static boolean isRoot() {
        return UID == 0;
    }
}
