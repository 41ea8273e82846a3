package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.human.GnuNumber;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** od: dump files in octal, hexadecimal, decimal, floating point or character formats (GNU coreutils). */
public final class OdCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("A:aBbcDdeFfHhIij:LlN:OoS:st:vw::Xx")
            .longOption("address-radix", 'A')
            .longOption("skip-bytes", 'j')
            .longOption("read-bytes", 'N')
            .longOption("strings", OptionParser.Arg.OPTIONAL)
            .longOption("format", 't')
            .longOption("output-duplicates", 'v')
            .longOption("width", 'w')
            .longOption("endian", OptionParser.Arg.REQUIRED)
            .longOption("traditional", OptionParser.Arg.NONE);

    private static final String[] NAMES = {
        "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "nl", "vt", "ff", "cr", "so", "si", "dle",
        "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us", "sp"
    };

    @Override
    public String name() {
        return "od";
    }

    @Override
    public String help() {
        return """
                Usage: od [OPTION]... [FILE]...
                Write an unambiguous representation, octal bytes by default,
                of FILE to standard output.  With more than one FILE argument,
                concatenate them in the listed order to form the input.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -A, --address-radix=RADIX   output format for file offsets; RADIX is one
                                                of [doxn], for Decimal, Octal, Hex or None
                      --endian={big|little}   swap input bytes according the specified order
                  -j, --skip-bytes=BYTES      skip BYTES input bytes first
                  -N, --read-bytes=BYTES      limit dump to BYTES input bytes
                  -S BYTES, --strings[=BYTES]  output strings of at least BYTES graphic chars;
                                                3 is implied when BYTES is not specified
                  -t, --format=TYPE           select output format or formats
                  -v, --output-duplicates     do not use * to mark line suppression
                  -w[BYTES], --width[=BYTES]  output BYTES bytes per output line;
                                                32 is implied when BYTES is not specified
                      --help        display this help and exit
                      --version     output version information and exit

                Traditional format specifications may be intermixed; they accumulate:
                  -a   same as -t a,  select named characters, ignoring high-order bit
                  -b   same as -t o1, select octal bytes
                  -c   same as -t c,  select printable characters or backslash escapes
                  -d   same as -t u2, select unsigned decimal 2-byte units
                  -f   same as -t fF, select floats
                  -i   same as -t dI, select decimal ints
                  -l   same as -t dL, select decimal longs
                  -o   same as -t o2, select octal 2-byte units
                  -s   same as -t d2, select decimal 2-byte units
                  -x   same as -t x2, select hexadecimal 2-byte units

                TYPE is made up of one or more of these specifications:
                  a          named character, ignoring high-order bit
                  c          printable character or backslash escape
                  d[SIZE]    signed decimal, SIZE bytes per integer
                  f[SIZE]    floating point, SIZE bytes per float (4 or 8)
                  o[SIZE]    octal, SIZE bytes per integer
                  u[SIZE]    unsigned decimal, SIZE bytes per integer
                  x[SIZE]    hexadecimal, SIZE bytes per integer

                SIZE is a number.  For TYPE in [doux], SIZE may also be C for
                sizeof(char), S for sizeof(short), I for sizeof(int) or L for
                sizeof(long).  If TYPE is f, SIZE may also be F for sizeof(float)
                and D for sizeof(double).

                Adding a z suffix to any type displays printable characters at the end
                of each output line.

                BYTES is hex with 0x or 0X prefix, and may have a multiplier suffix:
                  b    512
                  KB   1000
                  K    1024
                  MB   1000*1000
                  M    1024*1024
                and so on for G, T, P, E, Z, Y.
                """;
    }

    /** One output format: its kind letter, bytes per datum, printed width (with the separating space). */
    private record Spec(char kind, int size, int fieldWidth, boolean trailer) {}

    /** A refused option; GNU exits with status 1. */
    private static final class BadOption extends Exception {
        BadOption(String message) {
            super(message, null, false, false);
        }
    }

    private static final int[] OCT_DIGITS = {0, 3, 6, 8, 11, 14, 16, 19, 22};
    private static final int[] SIGNED_DIGITS = {1, 4, 6, 8, 11, 13, 16, 18, 20};
    private static final int[] UNSIGNED_DIGITS = {0, 3, 5, 8, 10, 13, 15, 17, 20};
    private static final int[] HEX_DIGITS = {0, 2, 4, 6, 8, 10, 12, 14, 16};

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        List<Spec> specs = new ArrayList<>();
        char radix = 'o';
        long skip = 0;
        long limit = -1;
        boolean verbose = false;
        int width = 16;
        boolean bigEndian = false;
        long strings = 0;
        try {
            for (ParsedOptions.Option o : parsed.options()) {
                String v = o.value();
                switch (o.key()) {
                    case "A" -> {
                        if (v.length() != 1 || "doxn".indexOf(v.charAt(0)) < 0) {
                            throw new BadOption("invalid output address radix '" + v + "'"
                                    + "; it must be one character from [doxn]");
                        }
                        radix = v.charAt(0);
                    }
                    case "j" -> skip = byteCount(v);
                    case "N" -> limit = byteCount(v);
                    case "t" -> decodeTypes(v, specs);
                    case "v" -> verbose = true;
                    case "w" -> width = v == null ? 32 : widthValue(v);
                    case "endian" -> {
                        if ("big".startsWith(v) && !v.isEmpty()) {
                            bigEndian = true;
                        } else if ("little".startsWith(v) && !v.isEmpty()) {
                            bigEndian = false;
                        } else {
                            return ctx.usageError(
                                    "invalid argument " + Quoting.locale(v) + " for "
                                            + Quoting.locale("--endian") + "\nValid arguments are:\n  - "
                                            + Quoting.locale("big") + "\n  - " + Quoting.locale("little"),
                                    1);
                        }
                    }
                    case "traditional" -> {}
                    case "S", "strings" -> strings = v == null ? 3 : byteCount(v);
                    default -> decodeTypes(traditional(o.key().charAt(0)), specs);
                }
            }
        } catch (BadOption e) {
            ctx.error(e.getMessage());
            return 1;
        }
        if (strings > 0) {
            if (!specs.isEmpty()) {
                ctx.error("no type may be specified when dumping strings");
                return 1;
            }
            List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
            return new Dumper(ctx, List.of(spec('c', 1, false)), radix, width, verbose, bigEndian)
                    .dumpStrings(files, skip, limit, strings);
        }
        if (specs.isEmpty()) {
            specs.add(spec('o', 2, false));
        }
        int lcm = 1;
        for (Spec s : specs) {
            lcm = lcm(lcm, s.size());
        }
        if (width % lcm != 0) {
            ctx.error("warning: invalid width " + width + "; using " + lcm + " instead");
            width = lcm;
        }
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        Dumper dumper = new Dumper(ctx, specs, radix, width, verbose, bigEndian);
        return dumper.dump(files, skip, limit);
    }

    private static String traditional(char option) {
        return switch (option) {
            case 'a' -> "a";
            case 'b' -> "o1";
            case 'c' -> "c";
            case 'D' -> "u4";
            case 'e', 'F' -> "fD";
            case 'f' -> "fF";
            case 'X', 'H' -> "x4";
            case 'i', 'I' -> "dI";
            case 'L', 'l' -> "dL";
            case 'O' -> "o4";
            case 'B', 'o' -> "o2";
            case 'd' -> "u2";
            case 's' -> "d2";
            default -> "x2";
        };
    }

    private static long byteCount(String v) throws BadOption {
        try {
            String t = v.strip();
            if (t.startsWith("0x") || t.startsWith("0X")) {
                return Long.parseLong(t.substring(2), 16);
            }
            if (t.length() > 1 && t.startsWith("0") && t.chars().allMatch(Character::isDigit)) {
                return Long.parseLong(t, 8);
            }
            return GnuNumber.parse(t, "bEGKkMmPTYZ0");
        } catch (GnuNumber.NumberException | NumberFormatException e) {
            throw new BadOption("invalid argument " + Quoting.locale(v));
        }
    }

    private static int widthValue(String v) throws BadOption {
        try {
            long w = GnuNumber.parse(v, "");
            if (w == 0 || w > Integer.MAX_VALUE / 8) {
                throw new BadOption("invalid -w argument " + Quoting.locale(v));
            }
            return (int) w;
        } catch (GnuNumber.NumberException e) {
            throw new BadOption("invalid -w argument " + Quoting.locale(v));
        }
    }

    private static int lcm(int a, int b) {
        int x = a;
        int y = b;
        while (y != 0) {
            int t = x % y;
            x = y;
            y = t;
        }
        return a / x * b;
    }

    private static Spec spec(char kind, int size, boolean trailer) {
        int digits = switch (kind) {
            case 'o' -> OCT_DIGITS[size];
            case 'x' -> HEX_DIGITS[size];
            case 'd' -> SIGNED_DIGITS[size];
            case 'u' -> UNSIGNED_DIGITS[size];
            case 'f' -> size == 4 ? 15 : 24;
            default -> 3; // a, c
        };
        return new Spec(kind, size, digits + 1, trailer);
    }

    /** Parses a TYPE string such as {@code x1z}, {@code d4}, {@code fF} or {@code ca}; appends its specs. */
    private static void decodeTypes(String type, List<Spec> specs) throws BadOption {
        int i = 0;
        while (i < type.length()) {
            char kind = type.charAt(i++);
            int size;
            switch (kind) {
                case 'a', 'c' -> size = 1;
                case 'd', 'o', 'u', 'x' -> {
                    size = 4;
                    if (i < type.length() && "CSIL".indexOf(type.charAt(i)) >= 0) {
                        size = switch (type.charAt(i++)) {
                            case 'C' -> 1;
                            case 'S' -> 2;
                            case 'I' -> 4;
                            default -> 8;
                        };
                    } else if (i < type.length() && Character.isDigit(type.charAt(i))) {
                        int start = i;
                        while (i < type.length() && Character.isDigit(type.charAt(i))) {
                            i++;
                        }
                        long n = Long.parseLong(type.substring(start, Math.min(i, start + 9)));
                        if (n != 1 && n != 2 && n != 4 && n != 8) {
                            throw new BadOption("invalid type string " + Quoting.locale(type)
                                    + ";\nthis system doesn't provide a " + n + "-byte integral type");
                        }
                        size = (int) n;
                    }
                }
                case 'f' -> {
                    size = 8;
                    if (i < type.length() && "FDL".indexOf(type.charAt(i)) >= 0) {
                        char c = type.charAt(i++);
                        if (c == 'L') {
                            throw new BadOption("invalid type string " + Quoting.locale(type)
                                    + ";\nlong double floating point values are not supported here");
                        }
                        size = c == 'F' ? 4 : 8;
                    } else if (i < type.length() && Character.isDigit(type.charAt(i))) {
                        int start = i;
                        while (i < type.length() && Character.isDigit(type.charAt(i))) {
                            i++;
                        }
                        long n = Long.parseLong(type.substring(start, Math.min(i, start + 9)));
                        if (n != 4 && n != 8) {
                            throw new BadOption("invalid type string " + Quoting.locale(type)
                                    + ";\nthis system doesn't provide a " + n + "-byte floating point type");
                        }
                        size = (int) n;
                    }
                }
                default ->
                    throw new BadOption("invalid character '" + kind + "' in type string " + Quoting.locale(type));
            }
            boolean trailer = i < type.length() && type.charAt(i) == 'z';
            if (trailer) {
                i++;
            }
            specs.add(spec(kind, size, trailer));
        }
    }

    /** Reads the combined input and writes the dump lines. */
    private static final class Dumper {
        private final CommandContext ctx;
        private final List<Spec> specs;
        private final char radix;
        private final int width;
        private final boolean verbose;
        private final boolean bigEndian;
        private final int[] padWidths;
        private final ByteSink out;
        private int status;

        Dumper(CommandContext ctx, List<Spec> specs, char radix, int width, boolean verbose, boolean bigEndian) {
            this.ctx = ctx;
            this.specs = specs;
            this.radix = radix;
            this.width = width;
            this.verbose = verbose;
            this.bigEndian = bigEndian;
            this.out = new ByteSink(ctx.stdout());
            int widthPerBlock = 0;
            for (Spec s : specs) {
                widthPerBlock = Math.max(widthPerBlock, width / s.size() * s.fieldWidth());
            }
            padWidths = new int[specs.size()];
            for (int i = 0; i < specs.size(); i++) {
                Spec s = specs.get(i);
                padWidths[i] = widthPerBlock - width / s.size() * s.fieldWidth();
            }
        }

        int dump(List<String> files, long skip, long limit) throws IOException {
            try {
                CombinedInput input = new CombinedInput(ctx, files);
                long skipped = input.skip(skip);
                status |= input.status;
                if (skipped < skip) {
                    out.flush();
                    ctx.error("cannot skip past end of combined input");
                    return 1;
                }
                long offset = skip;
                byte[] block = new byte[width];
                byte[] previous = null;
                boolean previousPairEqual = false;
                long left = limit < 0 ? Long.MAX_VALUE : limit;
                while (left > 0) {
                    ctx.checkCancelled();
                    int want = (int) Math.min(width, left);
                    int n = input.read(block, want);
                    if (n == 0) {
                        break;
                    }
                    left -= n;
                    if (!verbose && previous != null && n == width && Arrays.equals(previous, block)) {
                        if (!previousPairEqual) {
                            out.writeAscii("*\n");
                            previousPairEqual = true;
                        }
                    } else {
                        previousPairEqual = false;
                        writeBlock(offset, n, block);
                    }
                    if (previous == null) {
                        previous = new byte[width];
                    }
                    System.arraycopy(block, 0, previous, 0, width);
                    offset += n;
                    if (n < want) {
                        break;
                    }
                }
                status |= input.status;
                if (radix != 'n') {
                    writeAddress(offset);
                    out.write('\n');
                }
            } finally {
                out.flush();
            }
            return status;
        }

        /** -S: NUL-terminated runs of at least {@code minimum} printable characters, each with its address. */
        int dumpStrings(List<String> files, long skip, long limit, long minimum) throws IOException {
            try {
                CombinedInput input = new CombinedInput(ctx, files);
                long skipped = input.skip(skip);
                if (skipped < skip) {
                    out.flush();
                    ctx.error("cannot skip past end of combined input");
                    return 1;
                }
                long end = limit < 0 ? Long.MAX_VALUE : skip + limit;
                long address = skip;
                byte[] one = new byte[1];
                java.io.ByteArrayOutputStream run = new java.io.ByteArrayOutputStream();
                scan:
                while (true) {
                    if (limit >= 0 && (end < minimum || end - minimum <= address)) {
                        break;
                    }
                    run.reset();
                    for (long i = 0; i < minimum; i++) {
                        int c = input.read(one, 1) == 1 ? one[0] & 0xff : -1;
                        address++;
                        if (c < 0) {
                            break scan;
                        }
                        if (c < 0x20 || c >= 0x7f) {
                            continue scan;
                        }
                        run.write(c);
                    }
                    while (limit < 0 || address < end) {
                        int c = input.read(one, 1) == 1 ? one[0] & 0xff : -1;
                        address++;
                        if (c < 0) {
                            break scan;
                        }
                        if (c == 0) {
                            break;
                        }
                        if (c < 0x20 || c >= 0x7f) {
                            continue scan;
                        }
                        run.write(c);
                    }
                    ctx.checkCancelled();
                    if (radix != 'n') {
                        writeAddress(address - run.size() - 1);
                        out.write(' ');
                    }
                    run.writeTo(out);
                    out.write('\n');
                }
                status |= input.status;
            } finally {
                out.flush();
            }
            return status;
        }

        private void writeAddress(long offset) throws IOException {
            String digits;
            int pad;
            switch (radix) {
                case 'd' -> {
                    digits = Long.toString(offset);
                    pad = 7;
                }
                case 'x' -> {
                    digits = Long.toHexString(offset);
                    pad = 6;
                }
                case 'n' -> {
                    return;
                }
                default -> {
                    digits = Long.toOctalString(offset);
                    pad = 7;
                }
            }
            for (int i = digits.length(); i < pad; i++) {
                out.write('0');
            }
            out.writeAscii(digits);
        }

        private void writeBlock(long offset, int n, byte[] block) throws IOException {
            if (n < width) {
                Arrays.fill(block, n, width, (byte) 0);
            }
            for (int s = 0; s < specs.size(); s++) {
                Spec spec = specs.get(s);
                int fields = width / spec.size();
                int blank = (width - n) / spec.size();
                if (s == 0) {
                    writeAddress(offset);
                } else if (radix != 'n') {
                    out.writeAscii(radix == 'x' ? "      " : "       ");
                }
                int pad = padWidths[s];
                int padRemaining = pad;
                for (int i = fields; blank < i; i--) {
                    int nextPad = pad * (i - 1) / fields;
                    int adjusted = padRemaining - nextPad + spec.fieldWidth();
                    String text = format(spec, block, (fields - i) * spec.size());
                    for (int k = text.length(); k < adjusted; k++) {
                        out.write(' ');
                    }
                    out.writeAscii(text);
                    padRemaining = nextPad;
                }
                if (spec.trailer()) {
                    int trailerPad = blank * spec.fieldWidth() + pad * blank / fields;
                    for (int k = 0; k < trailerPad; k++) {
                        out.write(' ');
                    }
                    out.writeAscii("  >");
                    for (int k = 0; k < n; k++) {
                        int c = block[k] & 0xff;
                        out.write(c >= 0x20 && c < 0x7f ? c : '.');
                    }
                    out.write('<');
                }
                out.write('\n');
            }
        }

        private long datum(byte[] block, int at, int size) {
            long v = 0;
            for (int k = 0; k < size; k++) {
                int b = block[at + (bigEndian ? k : size - 1 - k)] & 0xff;
                v = (v << 8) | b;
            }
            return v;
        }

        private String format(Spec spec, byte[] block, int at) {
            int size = spec.size();
            switch (spec.kind()) {
                case 'c' -> {
                    return character(block[at] & 0xff);
                }
                case 'a' -> {
                    int c = block[at] & 0x7f;
                    return c == 127 ? "del" : c <= 32 ? NAMES[c] : String.valueOf((char) c);
                }
                case 'f' -> {
                    long bits = datum(block, at, size);
                    return size == 4
                            ? shortest(Float.intBitsToFloat((int) bits))
                            : shortest(Double.longBitsToDouble(bits));
                }
                default -> {
                    long v = datum(block, at, size);
                    return switch (spec.kind()) {
                        case 'o' -> zeroPad(Long.toOctalString(v), OCT_DIGITS[size]);
                        case 'x' -> zeroPad(Long.toHexString(v), HEX_DIGITS[size]);
                        case 'u' -> Long.toUnsignedString(v);
                        default -> Long.toString(size == 8 ? v : (v << (64 - 8 * size)) >> (64 - 8 * size));
                    };
                }
            }
        }

        private static String zeroPad(String digits, int width) {
            return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
        }

        private static String character(int c) {
            return switch (c) {
                case 0 -> "\\0";
                case 7 -> "\\a";
                case '\b' -> "\\b";
                case '\f' -> "\\f";
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                case '\t' -> "\\t";
                case 11 -> "\\v";
                default -> c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : zeroPad(Integer.toOctalString(c), 3);
            };
        }
    }

    /** ftoastr: the shortest %g form, from FLT_DIG (or DBL_DIG) digits up, that reads back as the same value. */
    static String shortest(float f) {
        if (Float.isNaN(f) || Float.isInfinite(f)) {
            return special(f);
        }
        int start = Math.abs(f) < Float.MIN_NORMAL ? 1 : 6;
        for (int p = start; ; p++) {
            String s = cFormatG(new BigDecimal(f), p, f == 0 && 1 / f < 0);
            if (p >= 9 || Float.parseFloat(s) == f) {
                return s;
            }
        }
    }

    static String shortest(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return special(d);
        }
        int start = Math.abs(d) < Double.MIN_NORMAL ? 1 : 15;
        for (int p = start; ; p++) {
            String s = cFormatG(new BigDecimal(d), p, d == 0 && 1 / d < 0);
            if (p >= 17 || Double.parseDouble(s) == d) {
                return s;
            }
        }
    }

    private static String special(double d) {
        if (Double.isNaN(d)) {
            return Double.doubleToRawLongBits(d) < 0 ? "-nan" : "nan";
        }
        return d < 0 ? "-inf" : "inf";
    }

    /** C's %.{p}g of an exact value. */
    private static String cFormatG(BigDecimal v, int p, boolean negativeZero) {
        if (v.signum() == 0) {
            return negativeZero ? "-0" : "0";
        }
        BigDecimal rounded = v.round(new MathContext(p, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - 1 - rounded.scale();
        String body;
        if (exponent < -4 || exponent >= p) {
            String digits = rounded.unscaledValue().abs().toString();
            String mantissa = digits.length() > 1 ? digits.charAt(0) + "." + digits.substring(1) : digits;
            mantissa = stripZeros(mantissa);
            body = mantissa + "e" + (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "")
                    + Math.abs(exponent);
        } else {
            body = stripZeros(rounded.abs()
                    .setScale(Math.max(0, p - 1 - exponent), RoundingMode.HALF_EVEN)
                    .toPlainString());
        }
        return (v.signum() < 0 ? "-" : "") + body;
    }

    private static String stripZeros(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }

    /** The files read one after another as a single input; unreadable files are reported and skipped. */
    private static final class CombinedInput {
        private final CommandContext ctx;
        private final List<String> files;
        private int next;
        private InputStream current;
        int status;

        CombinedInput(CommandContext ctx, List<String> files) {
            this.ctx = ctx;
            this.files = files;
        }

        private boolean open() throws IOException {
            while (current == null) {
                if (next >= files.size()) {
                    return false;
                }
                String file = files.get(next++);
                try {
                    current = Inputs.open(ctx, file);
                } catch (FsException e) {
                    ctx.error(Quoting.shell(file) + ": " + e.errno().message());
                    status = 1;
                }
            }
            return true;
        }

        /** Fills up to {@code want} bytes, crossing file boundaries; fewer only at the end of the last file. */
        int read(byte[] b, int want) throws IOException {
            int total = 0;
            while (total < want && open()) {
                int n = current.read(b, total, want - total);
                if (n < 0) {
                    current.close();
                    current = null;
                    continue;
                }
                total += n;
            }
            return total;
        }

        long skip(long n) throws IOException {
            long left = n;
            while (left > 0 && open()) {
                long s = Inputs.skip(current, left);
                left -= s;
                if (left > 0) {
                    current.close();
                    current = null;
                }
            }
            return n - left;
        }
    }
}
