package dev.shellbox.shell.commands.text.seq;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.commands.text.ByteSink;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * seq: print a sequence of numbers (GNU coreutils). Values follow GNU's long double arithmetic exactly (see {@link
 * LongDouble}); integer sequences take a fast path with the same output.
 */
public final class SeqCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("f:s:w")
            .longOption("format", 'f')
            .longOption("separator", 's')
            .longOption("equal-width", 'w')
            .stopAtFirstOperand();

    @Override
    public String name() {
        return "seq";
    }

    @Override
    public String help() {
        return """
                Usage: seq [OPTION]... LAST
                  or:  seq [OPTION]... FIRST LAST
                  or:  seq [OPTION]... FIRST INCREMENT LAST
                Print numbers from FIRST to LAST, in steps of INCREMENT.

                Mandatory arguments to long options are mandatory for short options too.
                  -f, --format=FORMAT      use printf style floating-point FORMAT
                  -s, --separator=STRING   use STRING to separate numbers (default: \\n)
                  -w, --equal-width        equalize width by padding with leading zeroes
                      --help        display this help and exit
                      --version     output version information and exit

                If FIRST or INCREMENT is omitted, it defaults to 1.  That is, an
                omitted INCREMENT defaults to 1 even when LAST is smaller than FIRST.
                The sequence of numbers ends when the sum of the current number and
                INCREMENT would become greater than LAST.
                FIRST, INCREMENT, and LAST are interpreted as floating point values.
                INCREMENT is usually positive if FIRST is smaller than LAST, and
                INCREMENT is usually negative if FIRST is greater than LAST.
                INCREMENT must not be 0; none of FIRST, INCREMENT and LAST may be NaN.
                FORMAT must be suitable for printing one argument of type 'double';
                it defaults to %.PRECf if FIRST, INCREMENT, and LAST are all fixed point
                decimal numbers with maximum precision PREC, and to %g otherwise.
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        List<String> optionArgs = new ArrayList<>();
        List<String> numbers = new ArrayList<>();
        splitNegativeNumbers(args, optionArgs, numbers);
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(optionArgs);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        List<String> operands = new ArrayList<>(parsed.operands());
        operands.addAll(numbers);
        String format = parsed.value('f');
        String separator = parsed.has('s') ? parsed.value('s') : "\n";
        boolean equalWidth = parsed.has('w');
        if (operands.isEmpty()) {
            return ctx.usageError("missing operand", 1);
        }
        if (operands.size() > 3) {
            return ctx.usageError("extra operand " + Quoting.locale(operands.get(3)), 1);
        }
        SeqFormat userFormat = null;
        if (format != null) {
            try {
                userFormat = SeqFormat.parse(format);
            } catch (SeqFormat.FormatException e) {
                ctx.error(e.getMessage());
                return 1;
            }
            if (equalWidth) {
                return ctx.usageError("format string may not be specified when printing equal width strings", 1);
            }
        }
        SeqNumber first = SeqNumber.parse("1");
        SeqNumber step = first;
        SeqNumber last;
        try {
            if (operands.size() == 1) {
                last = scan(operands.get(0));
            } else {
                first = scan(operands.get(0));
                if (operands.size() == 3) {
                    step = scan(operands.get(1));
                    if (step.isZero()) {
                        return ctx.usageError("invalid Zero increment value: " + Quoting.locale(operands.get(1)), 1);
                    }
                }
                last = scan(operands.get(operands.size() - 1));
            }
        } catch (BadOperand e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        ByteSink out = new ByteSink(ctx.stdout());
        try {
            if (userFormat == null && !equalWidth && Text.encode(separator).length == 1 && allDigits(operands)) {
                printBigIntegers(ctx, out, operands, separator);
            } else if (userFormat == null && isSmallInteger(first) && isSmallInteger(step) && isSmallInteger(last)) {
                printIntegers(ctx, out, first, step, last, equalWidth ? defaultWidth(first, step, last) : 0, separator);
            } else if (userFormat == null && fitsScaledLong(first, step, last)) {
                printScaled(ctx, out, first, step, last, equalWidth ? defaultWidth(first, step, last) : 0, separator);
            } else {
                SeqFormat fmt = userFormat != null ? userFormat : defaultFormat(first, step, last, equalWidth);
                print(ctx, out, fmt, first, step, last, separator);
            }
        } finally {
            out.flush();
        }
        return 0;
    }

    /** GNU seq ends its options at the first argument that looks like a negative number ({@code seq -5 -1 -10}). */
    private static void splitNegativeNumbers(List<String> args, List<String> optionArgs, List<String> numbers) {
        int i = 0;
        while (i < args.size()) {
            String a = args.get(i);
            if (a.length() > 1 && a.charAt(0) == '-' && (a.charAt(1) == '.' || Character.isDigit(a.charAt(1)))) {
                break;
            }
            if (a.equals("--") || !a.startsWith("-") || a.equals("-")) {
                optionArgs.addAll(args.subList(i, args.size()));
                return;
            }
            optionArgs.add(a);
            i++;
            if (takesSeparateArgument(a) && i < args.size()) {
                optionArgs.add(args.get(i++));
            }
        }
        numbers.addAll(args.subList(i, args.size()));
    }

    private static boolean takesSeparateArgument(String a) {
        if (a.startsWith("--")) {
            String name = a.substring(2);
            return !name.isEmpty() && a.indexOf('=') < 0 && ("format".startsWith(name) || "separator".startsWith(name));
        }
        char last = a.charAt(a.length() - 1);
        for (int k = 1; k < a.length(); k++) {
            char c = a.charAt(k);
            if (c == 'f' || c == 's') {
                return k == a.length() - 1 && (last == 'f' || last == 's');
            }
        }
        return false;
    }

    /** An operand strtold refuses, or NaN. */
    private static final class BadOperand extends Exception {
        BadOperand(String message) {
            super(message, null, false, false);
        }
    }

    private static SeqNumber scan(String arg) throws BadOperand {
        SeqNumber n = SeqNumber.parse(arg);
        if (n == null) {
            throw new BadOperand("invalid floating point argument: " + Quoting.locale(arg));
        }
        if (n.nan()) {
            throw new BadOperand("invalid " + Quoting.locale("not-a-number") + " argument: " + Quoting.locale(arg));
        }
        return n;
    }

    private static final BigDecimal LONG_LIMIT = BigDecimal.valueOf(Long.MAX_VALUE / 4);

    private static boolean isSmallInteger(SeqNumber n) {
        if (!n.isFinite() || n.precision() != 0) {
            return false;
        }
        BigDecimal v = n.value();
        return v.abs().compareTo(LONG_LIMIT) < 0 && v.stripTrailingZeros().scale() <= 0;
    }

    /** The default format: {@code %.PRECf} (zero-padded to a common width with -w), or {@code %g}. */
    private static SeqFormat defaultFormat(SeqNumber first, SeqNumber step, SeqNumber last, boolean equalWidth) {
        int prec = Math.max(first.precision(), step.precision());
        if (prec == SeqNumber.NO_PRECISION || last.precision() == SeqNumber.NO_PRECISION) {
            return SeqFormat.general();
        }
        return SeqFormat.fixed(prec, equalWidth ? defaultWidth(first, step, last) : 0);
    }

    private static int defaultWidth(SeqNumber first, SeqNumber step, SeqNumber last) {
        int prec = Math.max(first.precision(), step.precision());
        long firstWidth = first.width() + (long) (prec - first.precision());
        long lastWidth = last.width() + (long) (prec - last.precision());
        if (last.precision() != 0 && prec == 0) {
            lastWidth--;
        }
        if (last.precision() == 0 && prec != 0) {
            lastWidth++;
        }
        if (first.precision() == 0 && prec != 0) {
            firstWidth++;
        }
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, Math.max(firstWidth, lastWidth)));
    }

    /** GNU's arbitrary-precision path: nonnegative integer operands written as plain digits, a step up to 200. */
    private static boolean allDigits(List<String> operands) {
        for (String operand : operands) {
            if (operand.isEmpty() || !operand.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return false;
            }
        }
        if (operands.size() == 3) {
            java.math.BigInteger step = new java.math.BigInteger(operands.get(1));
            return step.signum() > 0 && step.compareTo(java.math.BigInteger.valueOf(200)) <= 0;
        }
        return true;
    }

    private static void printBigIntegers(CommandContext ctx, ByteSink out, List<String> operands, String separator)
            throws IOException {
        java.math.BigInteger value =
                operands.size() == 1 ? java.math.BigInteger.ONE : new java.math.BigInteger(operands.get(0));
        java.math.BigInteger step =
                operands.size() == 3 ? new java.math.BigInteger(operands.get(1)) : java.math.BigInteger.ONE;
        java.math.BigInteger last = new java.math.BigInteger(operands.get(operands.size() - 1));
        if (value.compareTo(last) > 0) {
            return;
        }
        if (last.bitLength() < 62) {
            long v = value.longValue();
            long s = step.longValue();
            long z = last.longValue();
            for (long k = 0; v <= z; v += s, k++) {
                if ((k & 0xfff) == 0) {
                    ctx.checkCancelled();
                }
                if (k > 0) {
                    out.write(Text.encode(separator)[0]);
                }
                out.writeDecimal(v);
            }
        } else {
            for (long k = 0; value.compareTo(last) <= 0; value = value.add(step), k++) {
                if ((k & 0xfff) == 0) {
                    ctx.checkCancelled();
                }
                if (k > 0) {
                    out.write(Text.encode(separator));
                }
                out.writeAscii(value.toString());
            }
        }
        out.write('\n');
    }

    /**
     * Whether the default %.PRECf output can be computed in scaled long arithmetic: every operand has at most PREC
     * decimals and stays far below 2^63 once scaled. The long double results then print the same decimals.
     */
    private static boolean fitsScaledLong(SeqNumber first, SeqNumber step, SeqNumber last) {
        int prec = Math.max(first.precision(), step.precision());
        if (!first.isFinite() || !step.isFinite() || !last.isFinite() || prec > 15 || last.precision() > prec) {
            return false;
        }
        BigDecimal limit = BigDecimal.valueOf(100_000_000_000_000_000L);
        for (SeqNumber n : List.of(first, step, last)) {
            if (n.exact().abs().movePointRight(prec).compareTo(limit) > 0) {
                return false;
            }
        }
        return true;
    }

    private static void printScaled(
            CommandContext ctx, ByteSink out, SeqNumber first, SeqNumber step, SeqNumber last, int width, String sep)
            throws IOException {
        int prec = Math.max(first.precision(), step.precision());
        long a = scaled(first, prec);
        long s = scaled(step, prec);
        long z = scaled(last, prec);
        if (s > 0 ? a > z : a < z) {
            return;
        }
        byte[] separator = Text.encode(sep);
        long count = s > 0 ? (z - a) / s : (a - z) / -s;
        long pow = 1;
        for (int k = 0; k < prec; k++) {
            pow *= 10;
        }
        for (long i = 0; i <= count; i++) {
            if ((i & 0xfff) == 0) {
                ctx.checkCancelled();
            }
            if (i > 0) {
                out.write(separator, 0, separator.length);
            }
            long v = a + i * s;
            long magnitude = Math.abs(v);
            int length = Long.toString(magnitude / pow).length() + (prec > 0 ? prec + 1 : 0) + (v < 0 ? 1 : 0);
            if (v < 0) {
                out.write('-');
            }
            for (int k = length; k < width; k++) {
                out.write('0');
            }
            out.writeDecimal(magnitude / pow);
            if (prec > 0) {
                out.write('.');
                out.writePadded(magnitude % pow, prec, '0');
            }
        }
        out.write('\n');
    }

    /** The operand's written value times 10^prec: an integer, since it has at most prec decimals. */
    private static long scaled(SeqNumber n, int prec) {
        return n.exact()
                .movePointRight(prec)
                .setScale(0, java.math.RoundingMode.UNNECESSARY)
                .longValueExact();
    }

    private static void printIntegers(
            CommandContext ctx, ByteSink out, SeqNumber first, SeqNumber step, SeqNumber last, int width, String sep)
            throws IOException {
        long a = first.value().longValueExact();
        long s = step.value().longValueExact();
        long z = last.value().longValueExact();
        if (s > 0 ? a > z : a < z) {
            return;
        }
        byte[] separator = Text.encode(sep);
        long count = s > 0 ? (z - a) / s : (a - z) / -s;
        for (long i = 0; i <= count; i++) {
            if ((i & 0xfff) == 0) {
                ctx.checkCancelled();
            }
            if (i > 0) {
                out.write(separator, 0, separator.length);
            }
            out.writePadded(a + i * s, width, '0');
        }
        out.write('\n');
    }

    private static void print(
            CommandContext ctx,
            ByteSink out,
            SeqFormat fmt,
            SeqNumber first,
            SeqNumber step,
            SeqNumber last,
            String sep)
            throws IOException {
        boolean descending = step.compareTo(SeqNumber.parse("0")) < 0;
        if (descending ? first.compareTo(last) < 0 : last.compareTo(first) < 0) {
            return;
        }
        byte[] separator = Text.encode(sep);
        SeqNumber x = first;
        for (long i = 1; ; i++) {
            if ((i & 0xff) == 0) {
                ctx.checkCancelled();
            }
            out.write(Text.encode(fmt.format(x)));
            SeqNumber previous = x;
            x = next(first, step, i);
            boolean outOfRange = descending ? x.compareTo(last) < 0 : last.compareTo(x) < 0;
            if (outOfRange) {
                // Print one more number when it prints as LAST and differently from the previous one.
                String text = fmt.number(x).strip();
                SeqNumber printed = SeqNumber.parse(text);
                boolean extra = printed != null
                        && printed.isFinite()
                        && x.isFinite()
                        && printed.compareTo(last) == 0
                        && !fmt.number(previous).equals(fmt.number(x));
                if (!extra) {
                    break;
                }
                out.write(separator, 0, separator.length);
                out.write(Text.encode(fmt.format(x)));
                break;
            }
            out.write(separator, 0, separator.length);
        }
        out.write('\n');
    }

    /** {@code first + i * step} in long double arithmetic. */
    private static SeqNumber next(SeqNumber first, SeqNumber step, long i) {
        if (!first.isFinite() || !step.isFinite()) {
            boolean negative = first.infinite() ? first.negative() : step.negative();
            return new SeqNumber(BigDecimal.ZERO, BigDecimal.ZERO, true, negative, false, 0, 0);
        }
        BigDecimal product = LongDouble.multiply(BigDecimal.valueOf(i), step.value());
        BigDecimal sum = LongDouble.add(first.value(), product);
        return new SeqNumber(sum, sum, false, sum.signum() < 0, false, 0, 0);
    }
}
