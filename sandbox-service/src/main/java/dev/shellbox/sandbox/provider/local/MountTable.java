package dev.shellbox.sandbox.provider.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** What is mounted where in the service's mount namespace, read from {@code /proc/self/mountinfo}. */
final class MountTable {
    private static final Path MOUNTINFO = Path.of("/proc/self/mountinfo");

    private MountTable() {}

    /** The source (a loop device for an image) of the file system mounted at {@code mountPoint}; empty when none. */
    static Optional<String> device(Path mountPoint) {
        String wanted = mountPoint.toAbsolutePath().normalize().toString();
        String found = null;
        try {
            for (String line : Files.readAllLines(MOUNTINFO)) {
                // ID PARENT MAJOR:MINOR ROOT MOUNT-POINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER-OPTIONS
                String[] fields = line.split(" ");
                int separator = line.indexOf(" - ");
                if (fields.length < 5 || separator < 0 || !unescape(fields[4]).equals(wanted)) {
                    continue;
                }
                String[] tail = line.substring(separator + 3).split(" ");
                // a later line is mounted over an earlier one
                found = tail.length > 1 ? unescape(tail[1]) : "";
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.ofNullable(found);
    }

    /** mountinfo writes space, tab, newline and backslash as octal escapes ({@code \040}). */
    static String unescape(String field) {
        if (field.indexOf('\\') < 0) {
            return field;
        }
        StringBuilder out = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && isOctal(field, i + 1)) {
                out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean isOctal(String s, int from) {
        if (from + 3 > s.length()) {
            return false;
        }
        for (int i = from; i < from + 3; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '7') {
                return false;
            }
        }
        return true;
    }
}
