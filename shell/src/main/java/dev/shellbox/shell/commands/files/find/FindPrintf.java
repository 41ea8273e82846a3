package dev.shellbox.shell.commands.files.find;

import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.commands.files.AllocatedBlocks;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.printf.ConversionSpec;
import dev.shellbox.shell.gnu.time.Strftime;
import java.io.IOException;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

/** The format of {@code -printf}, compiled once: literal text, escapes and {@code %} directives. */
final class FindPrintf {
    private static final String TIME_CHARS = "aAbBcdDeFgGhHIjklmMnprRsStTuUVwWxXyYzZ+@";

    /** A piece of the format: literal text, a directive, or the end of output ({@code \c}). */
    private record Piece(String text, char directive, char timeChar, String flags, int width, int precision) {}

    private final List<Piece> pieces;

    private FindPrintf(List<Piece> pieces) {
        this.pieces = pieces;
    }

    /** Compiles a format; warnings go through {@code state}, a fatal error throws. */
    static FindPrintf compile(String format, FindState state) throws IOException, FindParser.ParseException {
        List<Piece> pieces = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int n = format.length();
        for (int i = 0; i < n; i++) {
            char c = format.charAt(i);
            if (c == '\\') {
                if (i + 1 >= n) {
                    text.append('\\');
                    break;
                }
                char e = format.charAt(++i);
                switch (e) {
                    case 'a' -> text.append((char) 7);
                    case 'b' -> text.append('\b');
                    case 'f' -> text.append('\f');
                    case 'n' -> text.append('\n');
                    case 'r' -> text.append('\r');
                    case 't' -> text.append('\t');
                    case 'v' -> text.append((char) 11);
                    case '\\' -> text.append('\\');
                    case 'c' -> {
                        flushText(pieces, text);
                        pieces.add(new Piece(null, 'c', (char) 0, "", 0, -1));
                        return new FindPrintf(pieces);
                    }
                    default -> {
                        if (e >= '0' && e <= '7') {
                            int value = 0;
                            int k = i;
                            while (k < n && k < i + 3 && format.charAt(k) >= '0' && format.charAt(k) <= '7') {
                                value = value * 8 + (format.charAt(k++) - '0');
                            }
                            text.append(value < 0x80 ? (char) value : (char) (0xDC00 + value));
                            i = k - 1;
                        } else {
                            state.warn("unrecognized escape `\\" + e + "'");
                            text.append('\\').append(e);
                        }
                    }
                }
                continue;
            }
            if (c != '%') {
                text.append(c);
                continue;
            }
            if (i + 1 >= n) {
                throw new FindParser.ParseException("error: % at end of format string");
            }
            ConversionSpec spec = ConversionSpec.read(format, i + 1, "-+ #0");
            int j = spec.end();
            String flags = spec.flags();
            int width = spec.width();
            int precision = spec.precision();
            if (j >= n) {
                throw new FindParser.ParseException("error: % at end of format string");
            }
            char d = format.charAt(j);
            if (d == '%') {
                text.append('%');
                i = j;
                continue;
            }
            char timeChar = 0;
            if (d == 'A' || d == 'C' || d == 'T') {
                if (j + 1 >= n || TIME_CHARS.indexOf(format.charAt(j + 1)) < 0) {
                    throw new FindParser.ParseException("error: " + (j + 1 >= n ? "format directive" : "invalid")
                            + " `%" + d + (j + 1 < n ? String.valueOf(format.charAt(j + 1)) : "") + "'");
                }
                timeChar = format.charAt(++j);
            } else if ("abcdDfFgGhHiklmMnpPsStuUyY".indexOf(d) < 0) {
                state.warn("unrecognized format directive `%" + d + "'");
                text.append('%').append(d);
                i = j;
                continue;
            }
            flushText(pieces, text);
            pieces.add(new Piece(null, d, timeChar, flags, width, precision));
            i = j;
        }
        flushText(pieces, text);
        return new FindPrintf(pieces);
    }

    private static void flushText(List<Piece> pieces, StringBuilder text) {
        if (text.length() > 0) {
            pieces.add(new Piece(text.toString(), (char) 0, (char) 0, "", 0, -1));
            text.setLength(0);
        }
    }

    /** The formatted text for one file. */
    String format(Visit v, FindState state) {
        StringBuilder sb = new StringBuilder();
        for (Piece p : pieces) {
            if (p.text != null) {
                sb.append(p.text);
            } else if (p.directive == 'c') {
                break;
            } else {
                sb.append(pad(directive(p, v, state), p));
            }
        }
        return sb.toString();
    }

    private static String pad(String value, Piece p) {
        String s = p.precision >= 0 && p.precision < value.length() ? value.substring(0, p.precision) : value;
        if (s.length() >= p.width) {
            return s;
        }
        String fill = " ".repeat(p.width - s.length());
        if (p.flags.contains("-")) {
            return s + fill;
        }
        return fill + s;
    }

    private static String directive(Piece p, Visit v, FindState state) {
        FileStat st = v.stat;
        Identity id = state.ctx.identity();
        return switch (p.directive) {
            case 'p' -> v.path;
            case 'P' -> relativeToStart(v);
            case 'f' -> v.name();
            case 'h' -> leadingDirectories(v.path);
            case 'H' -> v.start;
            case 'd' -> Integer.toString(v.depth);
            case 's' -> Long.toString(st.size());
            case 'k' -> Long.toString((AllocatedBlocks.of(st) + 1) / 2);
            case 'b' -> Long.toString(AllocatedBlocks.of(st));
            case 'm' -> Integer.toOctalString(st.mode() & 07777);
            case 'M' -> st.modeString();
            case 'y' -> String.valueOf(typeLetter(st));
            case 'Y' -> String.valueOf(followedTypeLetter(v, state.ctx.fs()));
            case 'u' -> id.userName(st.uid());
            case 'U' -> Integer.toString(st.uid());
            case 'g' -> id.groupName(st.gid());
            case 'G' -> Integer.toString(st.gid());
            case 'i' -> Long.toString(st.inode());
            case 'n' -> Integer.toString(st.nlink());
            case 'l' -> linkTarget(v, state.ctx.fs());
            case 'D' -> "37";
            case 'F' -> "shellbox";
            case 'S' -> st.size() == 0 ? "1" : String.format("%.6g", AllocatedBlocks.of(st) * 512.0 / st.size());
            case 'a' -> ctime(st.atimeMillis(), state);
            case 'c' -> ctime(st.ctimeMillis(), state);
            case 't' -> ctime(st.mtimeMillis(), state);
            case 'A' -> time(st.atimeMillis(), p.timeChar, state);
            case 'C' -> time(st.ctimeMillis(), p.timeChar, state);
            case 'T' -> time(st.mtimeMillis(), p.timeChar, state);
            default -> "";
        };
    }

    private static String relativeToStart(Visit v) {
        if (v.depth == 0) {
            return "";
        }
        String start = v.start;
        String rest = v.path.substring(start.length());
        return rest.startsWith("/") ? rest.substring(1) : rest;
    }

    /** %h: the leading directories, "." when there are none. */
    private static String leadingDirectories(String path) {
        int end = path.length();
        while (end > 1 && path.charAt(end - 1) == '/') {
            end--;
        }
        int slash = path.lastIndexOf('/', end - 1);
        if (slash < 0) {
            return ".";
        }
        return slash == 0 ? "/" : path.substring(0, slash);
    }

    static char typeLetter(FileStat st) {
        return switch (st.type()) {
            case REGULAR -> 'f';
            case DIRECTORY -> 'd';
            case SYMLINK -> 'l';
            case CHARACTER_DEVICE -> 'c';
            case FIFO -> 'p';
        };
    }

    private static char followedTypeLetter(Visit v, FileSystem fs) {
        if (!v.stat.isSymlink()) {
            return typeLetter(v.stat);
        }
        try {
            return typeLetter(fs.stat(v.abs));
        } catch (FsException e) {
            return e.errno() == dev.shellbox.shell.fs.Errno.ELOOP ? 'L' : 'N';
        }
    }

    private static String linkTarget(Visit v, FileSystem fs) {
        try {
            return fs.lstat(v.abs).isSymlink() ? fs.readSymlink(v.abs) : "";
        } catch (FsException e) {
            return "";
        }
    }

    /** %a, %c, %t: ctime(3)'s layout with find's ten fraction digits. */
    private static String ctime(long millis, FindState state) {
        ZonedDateTime t = Instant.ofEpochMilli(millis).atZone(state.zone);
        return Strftime.nstrftime("%a %b %e %H:%M:%S", t) + fraction(millis) + Strftime.nstrftime(" %Y", t);
    }

    private static String fraction(long millis) {
        return String.format(".%03d0000000", Math.floorMod(millis, 1000));
    }

    private static String time(long millis, char c, FindState state) {
        ZonedDateTime t = Instant.ofEpochMilli(millis).atZone(state.zone);
        return switch (c) {
            case '@' -> Math.floorDiv(millis, 1000) + fraction(millis);
            case 'S' -> Strftime.nstrftime("%S", t) + fraction(millis);
            case 'T' -> Strftime.nstrftime("%H:%M:%S", t) + fraction(millis);
            case '+' -> Strftime.nstrftime("%Y-%m-%d+%H:%M:%S", t) + fraction(millis);
            default -> Strftime.nstrftime("%" + c, t);
        };
    }

    /** One line of {@code -ls}: inode, 1K blocks, mode, links, owner, group, size, date and name. */
    static String lsLine(Visit v, FindState state) {
        FileStat st = v.stat;
        Identity id = state.ctx.identity();
        long millis = st.mtimeMillis();
        long sixMonths = 31556952L / 2 * 1000;
        boolean recent = millis > state.ctx.clock().millis() - sixMonths
                && millis <= state.ctx.clock().millis();
        String date = Strftime.nstrftime(
                recent ? "%b %e %H:%M" : "%b %e  %Y",
                Instant.ofEpochMilli(millis).atZone(state.zone));
        String line = String.format(
                "%9d %6d %s %3d %-8s %-8s %8d %s %s",
                st.inode(),
                (AllocatedBlocks.of(st) + 1) / 2,
                st.modeString(),
                st.nlink(),
                id.userName(st.uid()),
                id.groupName(st.gid()),
                st.size(),
                date,
                v.path);
        if (st.isSymlink()) {
            line += " -> " + linkTarget(v, state.ctx.fs());
        }
        return line + "\n";
    }
}
