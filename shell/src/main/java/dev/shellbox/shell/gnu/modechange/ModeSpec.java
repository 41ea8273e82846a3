package dev.shellbox.shell.gnu.modechange;

import java.util.ArrayList;
import java.util.List;

/**
 * A parsed mode operand of {@code chmod}, {@code mkdir -m} and {@code find -perm}: octal ({@code 755}) or symbolic
 * ({@code u+x,g-w,a=r}, {@code +X}, {@code go=u}), applied with the semantics of gnulib's mode_adjust.
 */
public final class ModeSpec {
    private static final int SUID = 04000;
    private static final int SGID = 02000;
    private static final int STICKY = 01000;
    private static final int USER = 0700;
    private static final int GROUP = 070;
    private static final int OTHER = 07;
    private static final int ALL_BITS = 07777;
    private static final int READ = 0444;
    private static final int WRITE = 0222;
    private static final int EXECUTE = 0111;

    private enum Kind {
        ORDINARY,
        /** {@code g=u}: copy bits that already exist. */
        COPY_EXISTING,
        /** {@code +X}: execute only for directories and files that already have an execute bit. */
        EXECUTE_IF_ANY
    }

    private record Change(char op, Kind kind, int affected, int value, int mentioned) {}

    private final List<Change> changes;
    private final boolean octal;

    private ModeSpec(List<Change> changes, boolean octal) {
        this.changes = changes;
        this.octal = octal;
    }

    /** Parses a mode operand; null when it is not valid (callers print "invalid mode"). */
    public static ModeSpec parse(String text) {
        if (text.isEmpty()) {
            return null;
        }
        if (isOctal(text)) {
            int mode = octalValue(text);
            return mode < 0 ? null : new ModeSpec(List.of(octalChange(mode, text.length())), true);
        }
        List<Change> changes = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (true) {
            int affected = 0;
            while (i < n && "ugoa".indexOf(text.charAt(i)) >= 0) {
                affected |= switch (text.charAt(i)) {
                    case 'u' -> SUID | USER;
                    case 'g' -> SGID | GROUP;
                    case 'o' -> STICKY | OTHER;
                    default -> ALL_BITS;
                };
                i++;
            }
            if (i >= n || "=+-".indexOf(text.charAt(i)) < 0) {
                return null;
            }
            while (i < n && "=+-".indexOf(text.charAt(i)) >= 0) {
                char op = text.charAt(i++);
                if (i < n && text.charAt(i) >= '0' && text.charAt(i) <= '7') {
                    if (affected != 0) {
                        return null;
                    }
                    int start = i;
                    while (i < n && text.charAt(i) >= '0' && text.charAt(i) <= '7') {
                        i++;
                    }
                    int mode = octalValue(text.substring(start, i));
                    if (mode < 0) {
                        return null;
                    }
                    changes.add(new Change(op, Kind.ORDINARY, ALL_BITS, mode, ALL_BITS));
                    continue;
                }
                int value = 0;
                Kind kind = Kind.ORDINARY;
                if (i < n && "ugo".indexOf(text.charAt(i)) >= 0) {
                    value = switch (text.charAt(i)) {
                        case 'u' -> USER;
                        case 'g' -> GROUP;
                        default -> OTHER;
                    };
                    kind = Kind.COPY_EXISTING;
                    i++;
                } else {
                    while (i < n && "rwxXst".indexOf(text.charAt(i)) >= 0) {
                        switch (text.charAt(i)) {
                            case 'r' -> value |= READ;
                            case 'w' -> value |= WRITE;
                            case 'x' -> value |= EXECUTE;
                            case 'X' -> kind = Kind.EXECUTE_IF_ANY;
                            case 's' -> value |= SUID | SGID;
                            default -> value |= STICKY;
                        }
                        i++;
                    }
                }
                int mentioned = affected != 0 ? affected & value : value;
                changes.add(new Change(op, kind, affected, value, mentioned));
            }
            if (i == n) {
                return new ModeSpec(List.copyOf(changes), false);
            }
            if (text.charAt(i) != ',') {
                return null;
            }
            i++;
        }
    }

    private static Change octalChange(int mode, int digits) {
        // Fewer than 5 digits leave a directory's setuid and setgid bits alone unless they are set.
        int mentioned = digits < 5 ? (mode & (SUID | SGID)) | STICKY | 0777 : ALL_BITS;
        return new Change('=', Kind.ORDINARY, ALL_BITS, mode, mentioned);
    }

    /** The value of octal digits, or -1 above 07777. */
    private static int octalValue(String digits) {
        int mode = 0;
        for (int i = 0; i < digits.length(); i++) {
            mode = mode * 8 + digits.charAt(i) - '0';
            if (mode > ALL_BITS) {
                return -1;
            }
        }
        return mode;
    }

    private static boolean isOctal(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '7') {
                return false;
            }
        }
        return true;
    }

    /** Whether the mode was given in octal. */
    public boolean isOctal() {
        return octal;
    }

    /**
     * The new permission bits for a file whose bits are {@code oldMode}.
     *
     * @param directory whether the file is a directory (for {@code X} and the setuid/setgid rule)
     * @param umask applied to changes that name no {@code ugoa}
     */
    public int apply(int oldMode, boolean directory, int umask) {
        return adjust(oldMode, directory, umask)[0];
    }

    /**
     * The bits the changes set or cleared explicitly (gnulib's mode_bits): {@code mkdir -m} sets the mode again after
     * creating the directory when the umask would otherwise have removed one of them.
     */
    public int changedBits(int oldMode, boolean directory, int umask) {
        return adjust(oldMode, directory, umask)[1];
    }

    private int[] adjust(int oldMode, boolean directory, int umask) {
        int mode = oldMode & ALL_BITS;
        int changed = 0;
        for (Change c : changes) {
            int omit = (directory ? SUID | SGID : 0) & ~c.mentioned;
            int value = c.value;
            if (c.kind == Kind.COPY_EXISTING) {
                value &= mode;
                value |= ((value & READ) != 0 ? READ : 0)
                        | ((value & WRITE) != 0 ? WRITE : 0)
                        | ((value & EXECUTE) != 0 ? EXECUTE : 0);
            } else if (c.kind == Kind.EXECUTE_IF_ANY && ((mode & EXECUTE) != 0 || directory)) {
                value |= EXECUTE;
            }
            value &= (c.affected != 0 ? c.affected : ~umask) & ~omit;
            switch (c.op) {
                case '=' -> {
                    int preserved = (c.affected != 0 ? ~c.affected : 0) | omit;
                    changed |= ~preserved;
                    mode = (mode & preserved) | value;
                }
                case '+' -> {
                    changed |= value;
                    mode |= value;
                }
                default -> {
                    changed |= value;
                    mode &= ~value;
                }
            }
        }
        return new int[] {mode & ALL_BITS, changed & ALL_BITS};
    }
}
