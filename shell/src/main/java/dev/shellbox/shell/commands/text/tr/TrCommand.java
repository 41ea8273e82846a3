package dev.shellbox.shell.commands.text.tr;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/** tr: translate, squeeze and delete bytes of standard input (GNU coreutils). */
public final class TrCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("cCdst")
            .longOption("complement", 'c')
            .longOption("delete", 'd')
            .longOption("squeeze-repeats", 's')
            .longOption("truncate-set1", 't');

    @Override
    public String name() {
        return "tr";
    }

    @Override
    public String help() {
        return """
                Usage: tr [OPTION]... STRING1 [STRING2]
                Translate, squeeze, and/or delete characters from standard input,
                writing to standard output.  STRING1 and STRING2 specify arrays of
                characters ARRAY1 and ARRAY2 that control the action.

                  -c, -C, --complement    use the complement of ARRAY1
                  -d, --delete            delete characters in ARRAY1, do not translate
                  -s, --squeeze-repeats   replace each sequence of a repeated character
                                            that is listed in the last specified ARRAY,
                                            with a single occurrence of that character
                  -t, --truncate-set1     first truncate ARRAY1 to length of ARRAY2
                      --help        display this help and exit
                      --version     output version information and exit

                ARRAYs are specified as strings of characters.  Most represent themselves.
                Interpreted sequences are:

                  \\NNN            character with octal value NNN (1 to 3 octal digits)
                  \\\\              backslash
                  \\a              audible BEL
                  \\b              backspace
                  \\f              form feed
                  \\n              new line
                  \\r              return
                  \\t              horizontal tab
                  \\v              vertical tab
                  CHAR1-CHAR2     all characters from CHAR1 to CHAR2 in ascending order
                  [CHAR*]         in ARRAY2, copies of CHAR until length of ARRAY1
                  [CHAR*REPEAT]   REPEAT copies of CHAR, REPEAT octal if starting with 0
                  [:alnum:]       all letters and digits
                  [:alpha:]       all letters
                  [:blank:]       all horizontal whitespace
                  [:cntrl:]       all control characters
                  [:digit:]       all digits
                  [:graph:]       all printable characters, not including space
                  [:lower:]       all lower case letters
                  [:print:]       all printable characters, including space
                  [:punct:]       all punctuation characters
                  [:space:]       all horizontal or vertical whitespace
                  [:upper:]       all upper case letters
                  [:xdigit:]      all hexadecimal digits
                  [=CHAR=]        all characters which are equivalent to CHAR

                Translation occurs if -d is not given and both STRING1 and STRING2 appear.
                -t may be used only when translating.  ARRAY2 is extended to length of
                ARRAY1 by repeating its last character as necessary.  Excess characters
                of ARRAY2 are ignored.  Character classes expand in unspecified order;
                while translating, [:lower:] and [:upper:] may be used in pairs to
                specify case conversion.  Squeezing occurs after translation or deletion.
                """;
    }

    /** A set expanded to its bytes, with where each case class starts. */
    private record Expanded(int[] bytes, List<Integer> caseClassStarts, boolean hasClass) {}

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        boolean complement = parsed.has('c') || parsed.has('C');
        boolean delete = parsed.has('d');
        boolean squeeze = parsed.has('s');
        boolean truncate = parsed.has('t');
        List<String> operands = parsed.operands();
        int count = operands.size();
        boolean translating = count == 2 && !delete;
        int min = 1 + (delete == squeeze ? 1 : 0);
        int max = 1 + (!delete || squeeze ? 1 : 0);
        if (count < min) {
            if (count == 0) {
                return ctx.usageError("missing operand", 1);
            }
            return ctx.usageError(
                    "missing operand after " + Quoting.locale(operands.get(count - 1)) + "\n"
                            + (squeeze
                                    ? "Two strings must be given when both deleting and squeezing repeats."
                                    : "Two strings must be given when translating."),
                    1);
        }
        if (count > max) {
            return ctx.usageError(
                    "extra operand " + Quoting.locale(operands.get(max))
                            + (count == 2
                                    ? "\nOnly one string may be given when deleting without squeezing repeats."
                                    : ""),
                    1);
        }
        Translation t;
        try {
            t = plan(ctx, operands, complement, delete, squeeze, truncate, translating);
        } catch (TrSet.SetException e) {
            ctx.error(e.getMessage());
            return 1;
        }
        filter(ctx, t);
        return 0;
    }

    /** What to do with each byte. */
    private static final class Translation {
        final int[] map = new int[256];
        final boolean[] delete = new boolean[256];
        final boolean[] squeeze = new boolean[256];
        boolean translating;
        boolean deleting;
        boolean squeezing;

        Translation() {
            for (int i = 0; i < 256; i++) {
                map[i] = i;
            }
        }
    }

    private static Translation plan(
            CommandContext ctx,
            List<String> operands,
            boolean complement,
            boolean delete,
            boolean squeeze,
            boolean truncate,
            boolean translating)
            throws TrSet.SetException, IOException {
        TrSet set1 = TrSet.parse(operands.get(0));
        TrSet set2 = operands.size() > 1 ? TrSet.parse(operands.get(1)) : null;
        for (String w : set1.warnings) {
            ctx.error(w);
        }
        if (set2 != null) {
            for (String w : set2.warnings) {
                ctx.error(w);
            }
        }
        for (TrSet.Element e : set1.elements) {
            if (e instanceof TrSet.Repeat r && r.count() == 0) {
                throw new TrSet.SetException("the [c*] repeat construct may not appear in string1");
            }
        }
        Expanded e1 = expand(set1, 0);
        boolean[] members1 = new boolean[256];
        for (int b : e1.bytes()) {
            members1[b] = true;
        }
        if (complement) {
            for (int i = 0; i < 256; i++) {
                members1[i] = !members1[i];
            }
        }
        Translation t = new Translation();
        if (set2 != null) {
            long fills = set2.elements.stream()
                    .filter(e -> e instanceof TrSet.Repeat r && r.count() == 0)
                    .count();
            if (fills > 1) {
                throw new TrSet.SetException("only one [c*] repeat construct may appear in string2");
            }
            if (!translating && fills > 0) {
                throw new TrSet.SetException("the [c*] construct may appear in string2 only when translating");
            }
        }
        if (translating) {
            int[] from = complement ? membersOf(members1) : e1.bytes();
            for (TrSet.Element e : set2.elements) {
                if (e instanceof TrSet.Equivalence) {
                    throw new TrSet.SetException("[=c=] expressions may not appear in string2 when translating");
                }
                if (e instanceof TrSet.CharClass c
                        && !c.name().equals("upper")
                        && !c.name().equals("lower")) {
                    throw new TrSet.SetException("when translating, the only character classes that may appear in\n"
                            + "string2 are 'upper' and 'lower'");
                }
            }
            Expanded e2 = expand(set2, from.length);
            int[] to = e2.bytes();
            if (!complement) {
                for (int start : e2.caseClassStarts()) {
                    if (!e1.caseClassStarts().contains(start)) {
                        throw new TrSet.SetException("misaligned [:upper:] and/or [:lower:] construct");
                    }
                }
            }
            if (from.length > to.length) {
                if (truncate) {
                    from = java.util.Arrays.copyOf(from, to.length);
                } else {
                    if (to.length == 0) {
                        throw new TrSet.SetException("when not truncating set1, string2 must be non-empty");
                    }
                    TrSet.Element last = set2.elements.get(set2.elements.size() - 1);
                    if (last instanceof TrSet.CharClass) {
                        throw new TrSet.SetException("when translating with string1 longer than string2,\n"
                                + "the latter string must not end with a character class");
                    }
                    int[] extended = java.util.Arrays.copyOf(to, from.length);
                    java.util.Arrays.fill(extended, to.length, from.length, to[to.length - 1]);
                    to = extended;
                }
            }
            if (complement && e1.hasClass() && !(to.length == from.length && homogeneous(to))) {
                throw new TrSet.SetException("when translating with complemented character classes,\n"
                        + "string2 must map all characters in the domain to one");
            }
            for (int i = 0; i < from.length; i++) {
                t.map[from[i]] = to[i];
            }
            t.translating = true;
        }
        if (delete) {
            System.arraycopy(members1, 0, t.delete, 0, 256);
            t.deleting = true;
        }
        if (squeeze) {
            if (set2 != null) {
                int fillTo = complement ? membersOf(members1).length : e1.bytes().length;
                for (int b : expand(set2, fillTo).bytes()) {
                    t.squeeze[b] = true;
                }
            } else {
                System.arraycopy(members1, 0, t.squeeze, 0, 256);
            }
            t.squeezing = true;
        }
        return t;
    }

    private static boolean homogeneous(int[] bytes) {
        for (int b : bytes) {
            if (b != bytes[0]) {
                return false;
            }
        }
        return true;
    }

    private static int[] membersOf(boolean[] members) {
        int n = 0;
        for (boolean m : members) {
            n += m ? 1 : 0;
        }
        int[] out = new int[n];
        int k = 0;
        for (int i = 0; i < 256; i++) {
            if (members[i]) {
                out[k++] = i;
            }
        }
        return out;
    }

    /**
     * Expands a set into its bytes; {@code targetLength} sizes a {@code [c*]} so that the set reaches it.
     */
    private static Expanded expand(TrSet set, int targetLength) {
        int fixed = 0;
        for (TrSet.Element e : set.elements) {
            if (!(e instanceof TrSet.Repeat r && r.count() == 0)) {
                fixed += size(e);
            }
        }
        List<Integer> out = new ArrayList<>();
        List<Integer> caseStarts = new ArrayList<>();
        boolean hasClass = false;
        for (TrSet.Element e : set.elements) {
            if (e instanceof TrSet.Single s) {
                out.add(s.value());
            } else if (e instanceof TrSet.Range r) {
                for (int c = r.first(); c <= r.last(); c++) {
                    out.add(c);
                }
            } else if (e instanceof TrSet.CharClass c) {
                hasClass = true;
                if (c.name().equals("upper") || c.name().equals("lower")) {
                    caseStarts.add(out.size());
                }
                for (int b : TrSet.classMembers(c.name())) {
                    out.add(b);
                }
            } else if (e instanceof TrSet.Equivalence q) {
                out.add(q.value());
            } else if (e instanceof TrSet.Repeat r) {
                long n = r.count() == 0 ? Math.max(0, targetLength - fixed) : r.count();
                for (long k = 0; k < n && out.size() < (1 << 20); k++) {
                    out.add(r.value());
                }
            }
        }
        return new Expanded(out.stream().mapToInt(Integer::intValue).toArray(), caseStarts, hasClass);
    }

    private static long size(TrSet.Element e) {
        if (e instanceof TrSet.Range r) {
            return r.last() - r.first() + 1;
        }
        if (e instanceof TrSet.CharClass c) {
            return TrSet.classMembers(c.name()).length;
        }
        if (e instanceof TrSet.Repeat r) {
            return r.count();
        }
        return 1;
    }

    private static void filter(CommandContext ctx, Translation t) throws IOException {
        InputStream in = ctx.stdin();
        OutputStream out = ctx.stdout();
        byte[] buffer = new byte[1 << 16];
        byte[] result = new byte[1 << 16];
        int[] map = t.map;
        boolean[] delete = t.delete;
        boolean[] squeeze = t.squeeze;
        int last = -1; // the last byte written, for squeezing
        int n;
        while ((n = in.read(buffer, 0, buffer.length)) >= 0) {
            ctx.checkCancelled();
            int k = 0;
            if (!t.deleting && !t.squeezing) {
                for (int i = 0; i < n; i++) {
                    result[i] = (byte) map[buffer[i] & 0xff];
                }
                k = n;
            } else {
                for (int i = 0; i < n; i++) {
                    int b = buffer[i] & 0xff;
                    if (t.deleting && delete[b]) {
                        continue;
                    }
                    b = map[b];
                    if (t.squeezing && b == last && squeeze[b]) {
                        continue;
                    }
                    result[k++] = (byte) b;
                    last = b;
                }
            }
            out.write(result, 0, k);
            if (in.available() == 0) {
                out.flush();
            }
        }
        out.flush();
    }
}
