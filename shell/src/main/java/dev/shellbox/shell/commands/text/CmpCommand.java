package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.human.GnuNumber;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** cmp: compare two files byte by byte (GNU diffutils). */
public final class CmpCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("bi:ln:sv")
            .longOption("print-bytes", 'b')
            .longOption("ignore-initial", 'i')
            .longOption("verbose", 'l')
            .longOption("bytes", 'n')
            .longOption("quiet", 's')
            .longOption("silent", 's')
            .longOption("version", 'v');

    private static final String SKIP_SUFFIXES = "kKMGTPEZY0";

    @Override
    public String name() {
        return "cmp";
    }

    @Override
    public String help() {
        return """
                Usage: cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]
                Compare two files byte by byte.

                The optional SKIP1 and SKIP2 specify the number of bytes to skip
                at the beginning of each file (zero by default).

                Mandatory arguments to long options are mandatory for short options too.
                  -b, --print-bytes          print differing bytes
                  -i, --ignore-initial=SKIP         skip first SKIP bytes of both inputs
                  -i, --ignore-initial=SKIP1:SKIP2  skip first SKIP1 bytes of FILE1 and
                                                      first SKIP2 bytes of FILE2
                  -l, --verbose              output byte numbers and differing byte values
                  -n, --bytes=LIMIT          compare at most LIMIT bytes
                  -s, --quiet, --silent      suppress all normal output
                      --help                 display this help and exit
                  -v, --version              output version information and exit

                SKIP values may be followed by the following multiplicative suffixes:
                kB 1000, K 1024, MB 1,000,000, M 1,048,576,
                GB 1,000,000,000, G 1,073,741,824, and so on for T, P, E, Z, Y.

                If a FILE is '-' or missing, read standard input.
                Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.
                """;
    }

    private static final int TROUBLE = 2;

    /** A usage error; diffutils prefixes its "Try" line with the program name. */
    private static int usage(CommandContext ctx, String message) throws IOException {
        ctx.stderr().write(Text.encode("cmp: " + message + "\ncmp: Try 'cmp --help' for more information.\n"));
        ctx.stderr().flush();
        return TROUBLE;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return usage(ctx, e.getMessage());
        }
        if (parsed.has('v')) {
            ctx.print("cmp (Shellbox) 1.0\n");
            return 0;
        }
        boolean printBytes = parsed.has('b');
        boolean all = parsed.has('l');
        boolean quiet = parsed.has('s');
        if (all && quiet) {
            return usage(ctx, "options -l and -s are incompatible");
        }
        long[] skip = {0, 0};
        if (parsed.has('i')) {
            String v = parsed.value('i');
            int colon = v.indexOf(':');
            String firstText = colon < 0 ? v : v.substring(0, colon);
            Long first = skipValue(firstText);
            if (first == null) {
                return usage(ctx, "invalid --ignore-initial value '" + v + "'");
            }
            Long second = colon < 0 ? first : skipValue(v.substring(colon + 1));
            if (second == null) {
                return usage(ctx, "invalid --ignore-initial value '" + v.substring(colon + 1) + "'");
            }
            skip[0] = first;
            skip[1] = second;
        }
        long limit = Long.MAX_VALUE;
        if (parsed.has('n')) {
            Long n = skipValue(parsed.value('n'));
            if (n == null) {
                return usage(ctx, "invalid --bytes value '" + parsed.value('n') + "'");
            }
            limit = n;
        }
        List<String> operands = parsed.operands();
        if (operands.isEmpty()) {
            return usage(ctx, "missing operand after 'cmp'");
        }
        if (operands.size() > 4) {
            return usage(ctx, "extra operand '" + operands.get(4) + "'");
        }
        for (int i = 2; i < operands.size(); i++) {
            Long v = skipValue(operands.get(i));
            if (v == null) {
                return usage(ctx, "invalid --ignore-initial value '" + operands.get(i) + "'");
            }
            skip[i - 2] = v;
        }
        String[] names = {operands.get(0), operands.size() > 1 ? operands.get(1) : "-"};
        InputStream[] inputs = new InputStream[2];
        try {
            for (int f = 0; f < 2; f++) {
                try {
                    inputs[f] = Inputs.open(ctx, names[f]);
                } catch (FsException e) {
                    ctx.error(Quoting.shell(names[f]) + ": " + e.errno().message());
                    return TROUBLE;
                }
            }
            for (int f = 0; f < 2; f++) {
                Inputs.skip(inputs[f], skip[f]);
            }
            int width = all ? offsetWidth(ctx, names, skip, limit) : 0;
            return compare(ctx, inputs, names, limit, printBytes, all, quiet, width);
        } finally {
            for (InputStream in : inputs) {
                if (in != null) {
                    in.close();
                }
            }
        }
    }

    /** A SKIP or LIMIT value with its multiplier suffix, or null when invalid. */
    private static Long skipValue(String v) {
        try {
            return GnuNumber.parse(v, SKIP_SUFFIXES);
        } catch (GnuNumber.NumberException e) {
            return e.problem() == GnuNumber.Problem.OVERFLOW ? Long.MAX_VALUE : null;
        }
    }

    /** The width of byte numbers in -l output: enough for the bytes left in the shortest regular file. */
    private static int offsetWidth(CommandContext ctx, String[] names, long[] skip, long limit) {
        long max = limit;
        for (int f = 0; f < 2; f++) {
            if (names[f].equals("-")) {
                continue;
            }
            try {
                FileStat st = ctx.fs().stat(ctx.resolve(names[f]));
                if (st.isRegularFile()) {
                    max = Math.min(max, Math.max(0, st.size() - skip[f]));
                }
            } catch (FsException e) {
                // opened already; a vanished file only changes the width
            }
        }
        int width = 1;
        while ((max /= 10) != 0) {
            width++;
        }
        return width;
    }

    private static int compare(
            CommandContext ctx,
            InputStream[] in,
            String[] names,
            long limit,
            boolean printBytes,
            boolean all,
            boolean quiet,
            int width)
            throws IOException {
        byte[] a = new byte[1 << 16];
        byte[] b = new byte[1 << 16];
        long byteNumber = 0; // bytes compared so far
        long newlines = 0;
        boolean lastWasNewline = false;
        boolean differ = false;
        ByteSink out = new ByteSink(ctx.stdout());
        try {
            while (byteNumber < limit) {
                ctx.checkCancelled();
                int want = (int) Math.min(a.length, limit - byteNumber);
                int n0 = Inputs.readFully(in[0], a, 0, want);
                int n1 = Inputs.readFully(in[1], b, 0, want);
                int common = Math.min(n0, n1);
                for (int i = 0; i < common; i++) {
                    if (a[i] != b[i]) {
                        differ = true;
                        if (quiet) {
                            return 1;
                        }
                        if (!all) {
                            out.write(Text.encode(names[0] + " " + names[1] + " differ: byte " + (byteNumber + i + 1)
                                    + ", line " + (newlines + 1)));
                            if (printBytes) {
                                out.writeAscii(" is " + octal(a[i], 3) + " " + printable(a[i]) + " " + octal(b[i], 3)
                                        + " " + printable(b[i]));
                            }
                            out.write('\n');
                            return 1;
                        }
                        writeAllDiff(out, byteNumber + i + 1, a[i], b[i], printBytes, width);
                    }
                    if (a[i] == '\n') {
                        newlines++;
                    }
                }
                if (common > 0) {
                    lastWasNewline = a[common - 1] == '\n';
                }
                byteNumber += common;
                if (n0 != n1) {
                    if (!quiet) {
                        String shorter = names[n0 < n1 ? 0 : 1];
                        out.flush();
                        String message;
                        if (byteNumber == 0) {
                            message = "EOF on " + shorter + " which is empty";
                        } else if (all) {
                            message = "EOF on " + shorter + " after byte " + byteNumber;
                        } else if (lastWasNewline) {
                            message = "EOF on " + shorter + " after byte " + byteNumber + ", line " + newlines;
                        } else {
                            message = "EOF on " + shorter + " after byte " + byteNumber + ", in line " + (newlines + 1);
                        }
                        ctx.error(message);
                    }
                    return 1;
                }
                if (n0 < want) {
                    break;
                }
            }
        } finally {
            out.flush();
        }
        return differ ? 1 : 0;
    }

    private static void writeAllDiff(ByteSink out, long position, byte x, byte y, boolean printBytes, int width)
            throws IOException {
        String number = Long.toString(position);
        out.writeAscii(" ".repeat(Math.max(0, width - number.length())) + number + " " + octal(x, 3) + " ");
        if (printBytes) {
            String p = printable(x);
            out.writeAscii(p + " ".repeat(Math.max(0, 4 - p.length())) + " " + octal(y, 3) + " " + printable(y));
        } else {
            out.writeAscii(octal(y, 3));
        }
        out.write('\n');
    }

    private static String octal(byte b, int width) {
        String s = Integer.toOctalString(b & 0xff);
        return " ".repeat(Math.max(0, width - s.length())) + s;
    }

    /** sprintc: printable bytes as themselves, others in ^X and M- notation. */
    private static String printable(byte value) {
        int c = value & 0xff;
        if (c >= 0x20 && c < 0x7f) {
            return String.valueOf((char) c);
        }
        StringBuilder sb = new StringBuilder();
        if (c >= 128) {
            sb.append("M-");
            c -= 128;
        }
        if (c < 32) {
            sb.append('^').append((char) (c + 64));
        } else if (c == 127) {
            sb.append("^?");
        } else {
            sb.append((char) c);
        }
        return sb.toString();
    }
}
