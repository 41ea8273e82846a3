package dev.shellbox.shell.commands.files.stat;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.files.AllocatedBlocks;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FileType;
import dev.shellbox.shell.gnu.printf.ConversionSpec;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.gnu.time.Strftime;
import java.time.Instant;
import java.time.ZoneId;

/** Expands stat's {@code %} directives, with printf-style flags, width and precision. */
final class StatFormatter {
    /** The sandbox's file system has no devices; a fixed pseudo device, as for a virtual file system. */
    private static final int DEVICE_MAJOR = 0;

    private static final int DEVICE_MINOR = 37;
    private static final int IO_BLOCK = 4096;

    private final CommandContext ctx;
    private final ZoneId zone;
    private final boolean escapes;

    StatFormatter(CommandContext ctx, ZoneId zone, boolean escapes) {
        this.ctx = ctx;
        this.zone = zone;
        this.escapes = escapes;
    }

    String formatFile(String format, String name, FileStat st, String linkTarget, boolean defaultFormat) {
        return expand(format, (directive, spec) -> fileDirective(directive, spec, name, st, linkTarget, defaultFormat));
    }

    String formatFileSystem(String format, String name, FileSystem.SpaceInfo space) {
        return expand(format, (directive, spec) -> fileSystemDirective(directive, spec, name, space));
    }

    /** How one directive is rendered once its flags, width and precision are known. */
    private interface Directive {
        String render(String directive, Spec spec);
    }

    /** Flags, width and precision of a directive, applied as printf does. */
    private record Spec(String flags, int width, int precision) {
        String text(String s) {
            String v = precision >= 0 && precision < s.length() ? s.substring(0, precision) : s;
            return pad(v, flags.contains("-"), ' ');
        }

        String number(long n) {
            String digits = Long.toString(Math.abs(n));
            if (precision >= 0) {
                while (digits.length() < precision) {
                    digits = "0" + digits;
                }
            }
            String sign = n < 0 ? "-" : flags.contains("+") ? "+" : flags.contains(" ") ? " " : "";
            boolean zero = flags.contains("0") && !flags.contains("-") && precision < 0;
            if (zero) {
                StringBuilder sb = new StringBuilder(digits);
                while (sb.length() + sign.length() < width) {
                    sb.insert(0, '0');
                }
                return sign + sb;
            }
            return pad(sign + digits, flags.contains("-"), ' ');
        }

        String hex(long n) {
            String digits = Long.toHexString(n);
            boolean zero = flags.contains("0") && !flags.contains("-");
            return pad(digits, flags.contains("-"), zero ? '0' : ' ');
        }

        String octal(long n) {
            String digits = Long.toOctalString(n);
            if (flags.contains("#") && !digits.startsWith("0")) {
                digits = "0" + digits;
            }
            boolean zero = flags.contains("0") && !flags.contains("-");
            return pad(digits, flags.contains("-"), zero ? '0' : ' ');
        }

        private String pad(String s, boolean left, char with) {
            if (s.length() >= width) {
                return s;
            }
            String fill = String.valueOf(with).repeat(width - s.length());
            return left ? s + fill : fill + s;
        }
    }

    private String expand(String format, Directive directive) {
        StringBuilder out = new StringBuilder();
        int n = format.length();
        for (int i = 0; i < n; i++) {
            char c = format.charAt(i);
            if (c == '\\' && escapes) {
                i = escape(format, i, out);
                continue;
            }
            if (c != '%') {
                out.append(c);
                continue;
            }
            if (i + 1 >= n) {
                out.append('%');
                continue;
            }
            ConversionSpec spec = ConversionSpec.read(format, i + 1, "-+ #0'");
            int j = spec.end();
            String flags = spec.flags();
            int width = spec.width();
            int precision = spec.precision();
            if (j >= n) {
                out.append(format, i, n);
                break;
            }
            char d = format.charAt(j);
            String name = String.valueOf(d);
            if ((d == 'H' || d == 'L') && j + 1 < n && (format.charAt(j + 1) == 'd' || format.charAt(j + 1) == 'r')) {
                name = format.substring(j, j + 2);
                j++;
            }
            if (d == '%') {
                out.append('%');
            } else {
                out.append(directive.render(name, new Spec(flags, width, precision)));
            }
            i = j;
        }
        return out.toString();
    }

    /** A backslash escape of --printf; returns the index of its last character. */
    private static int escape(String s, int i, StringBuilder out) {
        if (i + 1 >= s.length()) {
            out.append('\\');
            return i;
        }
        char e = s.charAt(i + 1);
        switch (e) {
            case 'a' -> out.append((char) 7);
            case 'b' -> out.append('\b');
            case 'e' -> out.append((char) 27);
            case 'f' -> out.append('\f');
            case 'n' -> out.append('\n');
            case 'r' -> out.append('\r');
            case 't' -> out.append('\t');
            case 'v' -> out.append((char) 11);
            case '\\' -> out.append('\\');
            case '"' -> out.append('"');
            case 'x' -> {
                int j = i + 2;
                int value = 0;
                while (j < s.length() && j < i + 4 && Character.digit(s.charAt(j), 16) >= 0) {
                    value = value * 16 + Character.digit(s.charAt(j), 16);
                    j++;
                }
                if (j == i + 2) {
                    out.append("\\x");
                    return i + 1;
                }
                out.append(byteChar(value));
                return j - 1;
            }
            default -> {
                if (e >= '0' && e <= '7') {
                    int j = i + 1;
                    int value = 0;
                    while (j < s.length() && j < i + 4 && s.charAt(j) >= '0' && s.charAt(j) <= '7') {
                        value = value * 8 + (s.charAt(j) - '0');
                        j++;
                    }
                    out.append(byteChar(value & 0xff));
                    return j - 1;
                }
                out.append('\\').append(e);
            }
        }
        return i + 1;
    }

    /** A byte value as the string {@link dev.shellbox.shell.io.Text} encodes back to that byte. */
    private static char byteChar(int value) {
        return value < 0x80 ? (char) value : (char) (0xDC00 + value);
    }

    private String fileDirective(
            String d, Spec spec, String name, FileStat st, String linkTarget, boolean defaultFormat) {
        return switch (d) {
            case "a" -> spec.octal(st.mode() & 07777);
            case "A" -> spec.text(st.modeString());
            case "b" -> spec.number(AllocatedBlocks.of(st));
            case "B" -> spec.number(512);
            case "C" -> spec.text("?");
            case "d" -> spec.number((long) DEVICE_MAJOR << 8 | DEVICE_MINOR);
            case "D" -> spec.hex((long) DEVICE_MAJOR << 8 | DEVICE_MINOR);
            case "Hd" -> spec.number(DEVICE_MAJOR);
            case "Ld" -> spec.number(DEVICE_MINOR);
            case "Hr", "Lr", "r", "R" -> spec.number(0);
            case "f" -> spec.hex(rawMode(st));
            case "F" -> spec.text(typeName(st));
            case "g" -> spec.number(st.gid());
            case "G" -> spec.text(ctx.identity().groupName(st.gid()));
            case "h" -> spec.number(st.nlink());
            case "i" -> spec.number(st.inode());
            case "m" -> spec.text("/");
            case "n" -> spec.text(name);
            case "N" -> spec.text(quotedName(name, linkTarget, defaultFormat));
            case "o" -> spec.number(IO_BLOCK);
            case "s" -> spec.number(st.size());
            case "t", "T" -> spec.hex(0);
            case "u" -> spec.number(st.uid());
            case "U" -> spec.text(ctx.identity().userName(st.uid()));
            case "w" -> spec.text("-");
            case "W" -> spec.number(0);
            case "x" -> spec.text(humanTime(st.atimeMillis()));
            case "X" -> seconds(st.atimeMillis(), spec);
            case "y" -> spec.text(humanTime(st.mtimeMillis()));
            case "Y" -> seconds(st.mtimeMillis(), spec);
            case "z" -> spec.text(humanTime(st.ctimeMillis()));
            case "Z" -> seconds(st.ctimeMillis(), spec);
            default -> "?";
        };
    }

    private String fileSystemDirective(String d, Spec spec, String name, FileSystem.SpaceInfo space) {
        return switch (d) {
            case "a" -> spec.number(space.availableBytes() / IO_BLOCK);
            case "b" -> spec.number(space.totalBytes() / IO_BLOCK);
            case "c" -> spec.number(0);
            case "d" -> spec.number(0);
            case "f" -> spec.number((space.totalBytes() - space.usedBytes()) / IO_BLOCK);
            case "i" -> spec.hex(0);
            case "l" -> spec.number(255);
            case "n" -> spec.text(name);
            case "s", "S" -> spec.number(IO_BLOCK);
            case "t" -> spec.hex(0);
            case "T" -> spec.text(space.name());
            default -> "?";
        };
    }

    /** %N: the quoted name, with its quoted target for a symlink; the default layout shows them bare. */
    private static String quotedName(String name, String linkTarget, boolean defaultFormat) {
        String shownName = defaultFormat ? name : Quoting.shellAlways(name);
        if (linkTarget == null) {
            return shownName;
        }
        return shownName + " -> " + (defaultFormat ? linkTarget : Quoting.shellAlways(linkTarget));
    }

    private String humanTime(long millis) {
        return Strftime.nstrftime(
                "%Y-%m-%d %H:%M:%S.%N %z", Instant.ofEpochMilli(millis).atZone(zone));
    }

    /** %X, %Y, %Z: whole seconds, or with a precision that many digits of the fraction. */
    private static String seconds(long millis, Spec spec) {
        long secs = Math.floorDiv(millis, 1000);
        if (spec.precision <= 0) {
            return new Spec(spec.flags, spec.width, -1).number(secs);
        }
        String nanos = String.format("%09d", Math.floorMod(millis, 1000) * 1_000_000L);
        String fraction =
                spec.precision <= 9 ? nanos.substring(0, spec.precision) : nanos + "0".repeat(spec.precision - 9);
        return new Spec(spec.flags, spec.width, -1).text(secs + "." + fraction);
    }

    private static long rawMode(FileStat st) {
        int type = switch (st.type()) {
            case REGULAR -> 0100000;
            case DIRECTORY -> 040000;
            case SYMLINK -> 0120000;
            case CHARACTER_DEVICE -> 020000;
            case FIFO -> 010000;
        };
        return type | st.mode();
    }

    private static String typeName(FileStat st) {
        FileType t = st.type();
        return switch (t) {
            case REGULAR -> st.size() == 0 ? "regular empty file" : "regular file";
            case DIRECTORY -> "directory";
            case SYMLINK -> "symbolic link";
            case CHARACTER_DEVICE -> "character special file";
            case FIFO -> "fifo";
        };
    }
}
