package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.gnu.regex.GnuRegex;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** tac: concatenate and print files in reverse, record by record (GNU coreutils). */
public final class TacCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("brs:")
            .longOption("before", 'b')
            .longOption("regex", 'r')
            .longOption("separator", 's');

    @Override
    public String name() {
        return "tac";
    }

    @Override
    public String help() {
        return """
                Usage: tac [OPTION]... [FILE]...
                Write each FILE to standard output, last line first.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -b, --before             attach the separator before instead of after
                  -r, --regex              interpret the separator as a regular expression
                  -s, --separator=STRING   use STRING as the separator instead of newline
                      --help        display this help and exit
                      --version     output version information and exit
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        boolean before = parsed.has('b');
        String separator = parsed.has('s') ? parsed.value('s') : "\n";
        Pattern regex = null;
        if (parsed.has('r') && !separator.isEmpty()) {
            try {
                regex = GnuRegex.compile(separator, GnuRegex.Syntax.EMACS);
            } catch (GnuRegex.RegexException e) {
                ctx.error(e.getMessage());
                return 1;
            }
        }
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        ByteSink out = new ByteSink(ctx.stdout());
        int status = 0;
        try {
            for (String file : files) {
                ctx.checkCancelled();
                byte[] data;
                try (InputStream in = Inputs.open(ctx, file)) {
                    data = in.readAllBytes();
                } catch (FsException e) {
                    out.flush();
                    if (e.errno() == Errno.EISDIR) {
                        ctx.error(Quoting.shell(file) + ": read error: " + Errno.EINVAL.message());
                    } else {
                        ctx.error("failed to open " + Quoting.shellAlways(file) + " for reading: "
                                + e.errno().message());
                    }
                    status = 1;
                    continue;
                }
                List<int[]> separators = regex != null
                        ? regexSeparators(data, regex)
                        : separator.isEmpty() ? List.of() : plainSeparators(data, Text.encode(separator));
                writeReversed(ctx, out, data, separators, before);
            }
        } finally {
            out.flush();
        }
        return status;
    }

    /** Separator matches as {start, end}, found from the end backwards as GNU does, in ascending order. */
    private static List<int[]> plainSeparators(byte[] data, byte[] sep) {
        List<int[]> found = new ArrayList<>();
        int limit = data.length;
        int k = sep.length;
        int p = limit - k;
        while (p >= 0) {
            if (matchesAt(data, p, sep)) {
                found.add(new int[] {p, p + k});
                p -= k;
            } else {
                p--;
            }
        }
        java.util.Collections.reverse(found);
        return found;
    }

    private static boolean matchesAt(byte[] data, int p, byte[] sep) {
        for (int i = 0; i < sep.length; i++) {
            if (data[p + i] != sep[i]) {
                return false;
            }
        }
        return true;
    }

    /** Regex separators: the match starting closest to the end of what is left, searched backwards. */
    private static List<int[]> regexSeparators(byte[] data, Pattern regex) {
        String text = Text.decode(data);
        int[] byteOffset = byteOffsets(text);
        List<int[]> found = new ArrayList<>();
        Matcher m = regex.matcher(text);
        int limit = text.length();
        int p = limit - 1;
        while (p >= 0) {
            m.region(p, limit);
            m.useTransparentBounds(true).useAnchoringBounds(false);
            if (m.lookingAt() && m.end() > m.start()) {
                found.add(new int[] {byteOffset[m.start()], byteOffset[m.end()]});
                limit = m.start();
                p = limit - 1;
            } else {
                p--;
            }
        }
        java.util.Collections.reverse(found);
        return found;
    }

    /** For each char index of a decoded string, the offset of its byte in the original data. */
    private static int[] byteOffsets(String text) {
        int[] offsets = new int[text.length() + 1];
        int b = 0;
        for (int i = 0; i < text.length(); i++) {
            offsets[i] = b;
            char c = text.charAt(i);
            if (c < 0x80 || Text.isEscapedByte(c)) {
                b += 1;
            } else if (Character.isHighSurrogate(c)) {
                b += 4;
                offsets[++i] = b; // the low surrogate is never a match boundary
            } else {
                b += c < 0x800 ? 2 : 3;
            }
        }
        offsets[text.length()] = b;
        return offsets;
    }

    private static void writeReversed(
            CommandContext ctx, ByteSink out, byte[] data, List<int[]> separators, boolean before) throws IOException {
        // Record boundaries: with the separator attached after (default) or before (-b) each record.
        int count = separators.size();
        int[] bounds = new int[count + 2];
        bounds[0] = 0;
        for (int i = 0; i < count; i++) {
            bounds[i + 1] = before ? separators.get(i)[0] : separators.get(i)[1];
        }
        bounds[count + 1] = data.length;
        for (int r = count; r >= 0; r--) {
            if ((r & 0xfff) == 0) {
                ctx.checkCancelled();
            }
            out.write(data, bounds[r], bounds[r + 1] - bounds[r]);
        }
    }
}
