package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.io.Text;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/** xxd: hex dump and its reverse (vim's xxd 2022-01-14: normal, -p, -i, -b, -e, -r, -s, -l, -c, -g, -o, -d). */
public final class XxdCommand implements Command {
    @Override
    public String name() {
        return "xxd";
    }

    @Override
    public String help() {
        return """
                Usage:
                       xxd [options] [infile [outfile]]
                    or
                       xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]
                Options:
                    -a          toggle autoskip: A single '*' replaces nul-lines. Default off.
                    -b          binary digit dump (incompatible with -ps,-i,-r). Default hex.
                    -C          capitalize variable names in C include file style (-i).
                    -c cols     format <cols> octets per line. Default 16 (-i: 12, -ps: 30).
                    -E          show characters in EBCDIC. Default ASCII.
                    -e          little-endian dump (incompatible with -ps,-i,-r).
                    -g bytes    number of octets per group in normal output. Default 2 (-e: 4).
                    -h          print this summary.
                    -i          output in C include file style.
                    -l len      stop after <len> octets.
                    -n name     set the variable name used in C include output (-i).
                    -o off      add <off> to the displayed file position.
                    -ps         output in postscript plain hexdump style.
                    -r          reverse operation: convert (or patch) hexdump into binary.
                    -r -s off   revert with <off> added to file positions found in hexdump.
                    -d          show offset in decimal instead of hex.
                    -s [+][-]seek  start at <seek> bytes abs. (or +: rel.) infile offset.
                    -u          use upper case hex letters.
                    -v          show version: "xxd 2022-01-14 by Juergen Weigert et al.".
                """;
    }

    private enum Type {
        NORMAL,
        POSTSCRIPT,
        INCLUDE,
        BITS,
        LITTLE_ENDIAN
    }

    private static final int MAX_COLS = 256;

    /** The command line, parsed the way xxd parses it (prefix matching, values attached or separate). */
    private static final class Settings {
        Type type = Type.NORMAL;
        boolean autoskip;
        boolean upper;
        boolean capitalize;
        boolean decimal;
        boolean ebcdic;
        boolean revert;
        int cols;
        int group = -1;
        long length = -1;
        long displayOffset;
        long seek;
        boolean relativeSeek;
        boolean negativeSeek;
        String varName;
        List<String> files;
    }

    /** The command line was refused: xxd prints its usage and exits with 1. */
    private static final class UsageException extends Exception {
        UsageException() {
            super(null, null, false, false);
        }
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        Settings s;
        try {
            s = parse(ctx, args);
        } catch (UsageException e) {
            ctx.stderr().write(Text.encode(help()));
            ctx.stderr().flush();
            return 1;
        }
        if (s == null) {
            return 0; // -v
        }
        if (s.cols == 0) {
            s.cols = switch (s.type) {
                case POSTSCRIPT -> 30;
                case INCLUDE -> 12;
                case BITS -> 6;
                default -> 16;
            };
        }
        if (s.group < 0) {
            s.group = switch (s.type) {
                case BITS -> 1;
                case NORMAL -> 2;
                case LITTLE_ENDIAN -> 4;
                default -> 0;
            };
        }
        boolean dump = s.type == Type.NORMAL || s.type == Type.BITS || s.type == Type.LITTLE_ENDIAN;
        if (s.cols < 1 || (dump && s.cols > MAX_COLS)) {
            ctx.stderr().write(Text.encode("xxd: invalid number of columns (max. " + MAX_COLS + ").\n"));
            return 1;
        }
        if (s.group < 1 || s.group > s.cols) {
            s.group = s.cols;
        } else if (s.type == Type.LITTLE_ENDIAN && (s.group & (s.group - 1)) != 0) {
            ctx.stderr().write(Text.encode("xxd: number of octets per group must be a power of 2 with -e.\n"));
            return 1;
        }
        if (s.files.size() > 2) {
            ctx.stderr().write(Text.encode(help()));
            return 1;
        }
        String inName = s.files.isEmpty() || s.files.get(0).equals("-") ? null : s.files.get(0);
        String outName = s.files.size() < 2 || s.files.get(1).equals("-") ? null : s.files.get(1);
        InputStream in;
        try {
            in = inName == null ? Inputs.open(ctx, "-") : ctx.openInput(inName);
        } catch (FsException e) {
            if (e.errno() == dev.shellbox.shell.fs.Errno.EISDIR) {
                ctx.stderr().write(Text.encode("xxd: " + e.errno().message() + "\n"));
            } else {
                ctx.stderr()
                        .write(Text.encode("xxd: " + inName + ": " + e.errno().message() + "\n"));
            }
            return 2;
        }
        try (InputStream input = new BufferedInputStream(in, 1 << 16)) {
            if (s.revert) {
                if (s.type != Type.NORMAL && s.type != Type.POSTSCRIPT) {
                    ctx.stderr().write(Text.encode("xxd: Sorry, cannot revert this type of hexdump\n"));
                    return 255;
                }
                return revert(ctx, input, outName, s);
            }
            OutputStream target;
            try {
                target = outName == null ? ctx.stdout() : ctx.openOutput(outName, WriteMode.TRUNCATE);
            } catch (FsException e) {
                ctx.stderr()
                        .write(Text.encode("xxd: " + outName + ": " + e.errno().message() + "\n"));
                return 3;
            }
            ByteSink out = new ByteSink(target);
            try {
                long position = seek(ctx, input, inName, s);
                if (position < 0) {
                    out.flush();
                    ctx.stderr().write(Text.encode("xxd: Sorry, cannot seek.\n"));
                    return 4;
                }
                switch (s.type) {
                    case POSTSCRIPT -> plain(ctx, input, out, s);
                    case INCLUDE -> include(ctx, input, out, s, inName);
                    default -> normal(ctx, input, out, s, position);
                }
            } finally {
                out.flush();
                if (outName != null) {
                    target.close();
                }
            }
        }
        return 0;
    }

    private static Settings parse(CommandContext ctx, List<String> args) throws UsageException, IOException {
        Settings s = new Settings();
        int i = 0;
        while (i < args.size()) {
            String arg = args.get(i);
            String pp = arg.startsWith("--") && arg.length() > 2 ? arg.substring(1) : arg;
            if (pp.equals("--")) {
                i++;
                break;
            }
            if (!pp.startsWith("-") || pp.length() < 2) {
                break;
            }
            char c = pp.charAt(1);
            String rest = pp.substring(2);
            switch (c) {
                case 'a' -> s.autoskip = !s.autoskip;
                case 'b' -> s.type = Type.BITS;
                case 'e' -> s.type = Type.LITTLE_ENDIAN;
                case 'u' -> s.upper = true;
                case 'p' -> s.type = Type.POSTSCRIPT;
                case 'i' -> s.type = Type.INCLUDE;
                case 'C' -> s.capitalize = true;
                case 'd' -> s.decimal = true;
                case 'r' -> s.revert = true;
                case 'E' -> s.ebcdic = true;
                case 'v' -> {
                    ctx.stderr().write(Text.encode("xxd 2022-01-14 by Juergen Weigert et al.\n"));
                    return null;
                }
                case 'c' -> {
                    if (rest.startsWith("apitalize")) {
                        s.capitalize = true;
                    } else {
                        String v = valueOf(args, rest, "ols", i);
                        if (rest.isEmpty() || rest.startsWith("ols")) {
                            i++;
                        }
                        s.cols = (int) strtol(v);
                    }
                }
                case 'g' -> {
                    String v = valueOf(args, rest, "roup", i);
                    if (rest.isEmpty() || rest.startsWith("roup")) {
                        i++;
                    }
                    s.group = (int) strtol(v);
                }
                case 'o' -> {
                    String v = valueOf(args, rest, "ffset", i);
                    if (rest.isEmpty() || rest.startsWith("ffset")) {
                        i++;
                    }
                    s.displayOffset = strtol(v);
                }
                case 'l' -> {
                    String v = valueOf(args, rest, "en", i);
                    if (rest.isEmpty() || rest.startsWith("en")) {
                        i++;
                    }
                    s.length = strtol(v);
                }
                case 'n' -> {
                    String v = valueOf(args, rest, "ame", i);
                    if (rest.isEmpty() || rest.startsWith("ame")) {
                        i++;
                    }
                    s.varName = v;
                }
                case 's' -> {
                    boolean separate = rest.isEmpty() || rest.startsWith("kip") || rest.startsWith("eek");
                    String v = separate ? valueOf(args, "", "", i) : rest;
                    if (separate) {
                        i++;
                    }
                    s.relativeSeek = v.startsWith("+");
                    String unsigned = s.relativeSeek ? v.substring(1) : v;
                    s.negativeSeek = unsigned.startsWith("-");
                    s.seek = strtol(s.negativeSeek ? unsigned.substring(1) : unsigned);
                }
                default -> throw new UsageException();
            }
            i++;
        }
        s.files = args.subList(i, args.size());
        return s;
    }

    /** The value of an option: attached (unless it is the rest of the long name) or the next argument. */
    private static String valueOf(List<String> args, String rest, String longTail, int i) throws UsageException {
        if (!rest.isEmpty() && !rest.startsWith(longTail)) {
            return rest;
        }
        if (i + 1 >= args.size()) {
            throw new UsageException();
        }
        return args.get(i + 1);
    }

    /** strtol(s, NULL, 0): decimal, 0x hex or 0 octal prefix, trailing garbage ignored, 0 when nothing parses. */
    private static long strtol(String s) {
        String t = s.stripLeading();
        boolean negative = false;
        if (t.startsWith("-") || t.startsWith("+")) {
            negative = t.startsWith("-");
            t = t.substring(1);
        }
        int radix = 10;
        if (t.length() > 1 && t.charAt(0) == '0' && (t.charAt(1) == 'x' || t.charAt(1) == 'X')) {
            radix = 16;
            t = t.substring(2);
        } else if (t.startsWith("0")) {
            radix = 8;
        }
        long v = 0;
        for (int k = 0; k < t.length(); k++) {
            int d = Character.digit(t.charAt(k), radix);
            if (d < 0) {
                break;
            }
            v = v * radix + d;
            if (v > Integer.MAX_VALUE * 1024L) {
                break;
            }
        }
        return negative ? -v : v;
    }

    /** Applies -s; returns the position reached, or -1 when the seek is impossible. */
    private static long seek(CommandContext ctx, InputStream in, String inName, Settings s) throws IOException {
        long target;
        if (s.negativeSeek) {
            if (inName == null || s.relativeSeek) {
                return -1; // a pipe cannot seek from its end
            }
            long size;
            try {
                FileStat st = ctx.fs().stat(ctx.resolve(inName));
                size = st.size();
            } catch (FsException e) {
                return -1;
            }
            target = size - s.seek;
            if (target < 0) {
                return -1;
            }
        } else {
            target = s.seek;
        }
        if (target == 0) {
            return 0;
        }
        long skipped = Inputs.skip(in, target);
        if (skipped < target && inName == null) {
            return -1;
        }
        return target;
    }

    private static char hex(int nibble, boolean upper) {
        return (upper ? "0123456789ABCDEF" : "0123456789abcdef").charAt(nibble);
    }

    private static void plain(CommandContext ctx, InputStream in, ByteSink out, Settings s) throws IOException {
        long n = 0;
        int p = s.cols;
        int e;
        while ((s.length < 0 || n < s.length) && (e = in.read()) >= 0) {
            out.write(hex(e >> 4, s.upper));
            out.write(hex(e & 0xf, s.upper));
            n++;
            if (--p == 0) {
                out.write('\n');
                p = s.cols;
                if ((n & 0xffff) == 0) {
                    ctx.checkCancelled();
                }
            }
        }
        if (p < s.cols) {
            out.write('\n');
        }
    }

    private static void include(CommandContext ctx, InputStream in, ByteSink out, Settings s, String inName)
            throws IOException {
        String name = s.varName != null ? s.varName : inName;
        if (name != null) {
            out.write(Text.encode("unsigned char " + cName(name, s.capitalize) + "[] = {\n"));
        }
        long p = 0;
        int c;
        while ((s.length < 0 || p < s.length) && (c = in.read()) >= 0) {
            out.writeAscii(p % s.cols != 0 ? ", " : p == 0 ? "  " : ",\n  ");
            out.writeAscii(s.upper ? "0X" : "0x");
            out.write(hex(c >> 4, s.upper));
            out.write(hex(c & 0xf, s.upper));
            p++;
            if ((p & 0xffff) == 0) {
                ctx.checkCancelled();
            }
        }
        if (p > 0) {
            out.write('\n');
        }
        if (name != null) {
            out.write(Text.encode("};\nunsigned int " + cName(name, s.capitalize) + "_" + (s.capitalize ? "LEN" : "len")
                    + " = " + (int) p + ";\n"));
        }
    }

    private static String cName(String name, boolean capitalize) {
        StringBuilder sb = new StringBuilder();
        byte[] bytes = Text.encode(name);
        if (bytes.length > 0 && Character.isDigit(bytes[0])) {
            sb.append("__");
        }
        for (byte b : bytes) {
            char c = (char) (b & 0xff);
            boolean alnum = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            sb.append(alnum ? (capitalize ? Character.toUpperCase(c) : c) : '_');
        }
        return sb.toString();
    }

    private static void normal(CommandContext ctx, InputStream in, ByteSink out, Settings s, long seekOffset)
            throws IOException {
        int groupLength = s.type == Type.BITS ? 8 * s.group + 1 : 2 * s.group + 1;
        int asciiColumnBase = (groupLength * s.cols - 1) / s.group;
        char[] line = new char[12 + 3 + asciiColumnBase + s.cols + 64];
        AutoSkip skip = new AutoSkip(out);
        long n = 0;
        int p = 0;
        int addressLength = 0;
        int end = 0;
        int nonzero = 0;
        int e;
        while ((s.length < 0 || n < s.length) && (e = in.read()) >= 0) {
            if (p == 0) {
                long address = n + seekOffset + s.displayOffset;
                String a = s.decimal ? Long.toString(address) : Long.toHexString(address);
                String padded = "0".repeat(Math.max(0, 8 - a.length())) + a + ":";
                addressLength = padded.length();
                int needed = addressLength + 3 + asciiColumnBase + s.cols + 2;
                if (line.length < needed) {
                    line = new char[needed];
                }
                java.util.Arrays.fill(line, ' ');
                padded.getChars(0, addressLength, line, 0);
            }
            int x = s.type == Type.LITTLE_ENDIAN ? p ^ (s.group - 1) : p;
            int c = addressLength + 1 + (groupLength * x) / s.group;
            if (s.type == Type.BITS) {
                for (int bit = 7; bit >= 0; bit--) {
                    line[c++] = (e & (1 << bit)) != 0 ? '1' : '0';
                }
            } else {
                line[c] = hex(e >> 4, s.upper);
                line[c + 1] = hex(e & 0xf, s.upper);
            }
            if (e != 0) {
                nonzero++;
            }
            int shown = s.ebcdic ? ebcdicToAscii(e) : e;
            end = addressLength + 3 + asciiColumnBase + p;
            line[end++] = shown > 31 && shown < 127 ? (char) shown : '.';
            n++;
            if (++p == s.cols) {
                line[end] = '\n';
                skip.line(new String(line, 0, end + 1), s.autoskip ? nonzero : 1);
                nonzero = 0;
                p = 0;
                if ((n & 0xfff) == 0) {
                    ctx.checkCancelled();
                }
            }
        }
        if (p > 0) {
            line[end] = '\n';
            skip.line(new String(line, 0, end + 1), 1);
        } else if (s.autoskip && n > 0) {
            skip.line(null, -1);
        }
    }

    /** xxd's xxdline: with -a, runs of all-zero lines collapse into a '*' line. */
    private static final class AutoSkip {
        private final ByteSink out;
        private String saved;
        private String last;
        private int zeroSeen;

        AutoSkip(ByteSink out) {
            this.out = out;
        }

        void line(String l, int nz) throws IOException {
            if (l == null) {
                l = last;
            }
            last = l;
            if (nz == 0 && zeroSeen == 1) {
                saved = l;
            }
            if (nz != 0 || zeroSeen++ == 0) {
                if (nz != 0) {
                    if (nz < 0) {
                        zeroSeen--;
                    }
                    if (zeroSeen == 2) {
                        out.writeAscii(saved);
                    }
                    if (zeroSeen > 2) {
                        out.writeAscii("*\n");
                    }
                }
                if (nz >= 0 || zeroSeen > 0) {
                    out.writeAscii(l);
                }
                if (nz != 0) {
                    zeroSeen = 0;
                }
            }
        }
    }

    /** xxd's EBCDIC to ASCII table for codes 64 to 255, used by the -E text column. */
    private static final int[] EBCDIC_TO_ASCII = {
        32, 160, 161, 162, 163, 164, 165, 166, 167, 168, 213, 46, 60, 40, 43, 124,
        38, 169, 170, 171, 172, 173, 174, 175, 176, 177, 33, 36, 42, 41, 59, 126,
        45, 47, 178, 179, 180, 181, 182, 183, 184, 185, 203, 44, 37, 95, 62, 63,
        186, 187, 188, 189, 190, 191, 192, 193, 194, 96, 58, 35, 64, 39, 61, 34,
        195, 97, 98, 99, 100, 101, 102, 103, 104, 105, 196, 197, 198, 199, 200, 201,
        202, 106, 107, 108, 109, 110, 111, 112, 113, 114, 94, 204, 205, 206, 207, 208,
        209, 229, 115, 116, 117, 118, 119, 120, 121, 122, 210, 211, 212, 91, 214, 215,
        216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 93, 230, 231,
        123, 65, 66, 67, 68, 69, 70, 71, 72, 73, 232, 233, 234, 235, 236, 237,
        125, 74, 75, 76, 77, 78, 79, 80, 81, 82, 238, 239, 240, 241, 242, 243,
        92, 159, 83, 84, 85, 86, 87, 88, 89, 90, 244, 245, 246, 247, 248, 249,
        48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 250, 251, 252, 253, 254, 255,
    };

    private static int ebcdicToAscii(int e) {
        return e < 64 ? '.' : EBCDIC_TO_ASCII[e - 64];
    }

    private static int hexDigit(int c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    /** -r: xxd's huntype, writing at the offsets the dump names (existing output files are patched in place). */
    private static int revert(CommandContext ctx, InputStream in, String outName, Settings s) throws IOException {
        byte[] existing = new byte[0];
        OutputStream target;
        if (outName == null) {
            target = ctx.stdout();
        } else {
            try {
                if (ctx.fs().exists(ctx.resolve(outName))) {
                    try (InputStream old = ctx.openInput(outName)) {
                        existing = old.readAllBytes();
                    }
                }
                target = ctx.openOutput(outName, WriteMode.OVERWRITE);
            } catch (FsException e) {
                ctx.stderr()
                        .write(Text.encode("xxd: " + outName + ": " + e.errno().message() + "\n"));
                return 3;
            }
        }
        boolean postscript = s.type == Type.POSTSCRIPT;
        long baseOffset = s.negativeSeek ? -s.seek : s.seek;
        ByteSink out = new ByteSink(target);
        try {
            int cols = s.cols;
            boolean ignoreGarbage = true;
            int n1 = -1;
            int n2 = 0;
            int n3;
            int p = cols;
            long have = 0;
            long want = 0;
            int c;
            while ((c = in.read()) >= 0) {
                if (c == '\r') {
                    continue;
                }
                if (postscript && (c == ' ' || c == '\n' || c == '\t')) {
                    continue;
                }
                n3 = n2;
                n2 = n1;
                n1 = hexDigit(c);
                if (n1 == -1 && ignoreGarbage) {
                    continue;
                }
                ignoreGarbage = false;
                if (!postscript && p >= cols) {
                    if (n1 < 0) {
                        p = 0;
                        continue;
                    }
                    want = (want << 4) | n1;
                    continue;
                }
                if (baseOffset + want != have) {
                    if (baseOffset + want < have) {
                        out.flush();
                        ctx.stderr().write(Text.encode("xxd: Sorry, cannot seek backwards.\n"));
                        return 5;
                    }
                    for (; have < baseOffset + want; have++) {
                        out.write(have < existing.length ? existing[(int) have] : 0);
                    }
                }
                if (n2 >= 0 && n1 >= 0) {
                    out.write((n2 << 4) | n1);
                    have++;
                    want++;
                    n1 = -1;
                    if (!postscript && ++p >= cols) {
                        while ((c = in.read()) != '\n' && c >= 0) {
                            // the rest of the line is the text column
                        }
                    }
                } else if (n1 < 0 && n2 < 0 && n3 < 0) {
                    while ((c = in.read()) != '\n' && c >= 0) {
                        // garbage: skip the line
                    }
                }
                if (c == '\n') {
                    if (!postscript) {
                        want = 0;
                    }
                    p = cols;
                    ignoreGarbage = true;
                }
            }
            if (have < existing.length) {
                out.write(existing, (int) have, existing.length - (int) have); // a patch keeps the rest of the file
            }
        } finally {
            out.flush();
            if (outName != null) {
                target.close();
            }
        }
        return 0;
    }
}
