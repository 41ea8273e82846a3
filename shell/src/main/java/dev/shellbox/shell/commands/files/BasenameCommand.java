package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/** basename: strip directory and suffix from file names. */
public final class BasenameCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("as:z")
            .longOption("multiple", 'a')
            .longOption("suffix", 's')
            .longOption("zero", 'z')
            .stopAtFirstOperand();

    @Override
    public String name() {
        return "basename";
    }

    @Override
    public String help() {
        return """
                Usage: basename NAME [SUFFIX]
                  or:  basename OPTION... NAME...
                Print NAME with any leading directory components removed.
                If specified, also remove a trailing SUFFIX.

                  -a, --multiple       support multiple arguments and treat each as a NAME
                  -s, --suffix=SUFFIX  remove a trailing SUFFIX; implies -a
                  -z, --zero           end each output line with NUL, not newline
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
        List<String> names = parsed.operands();
        String suffix = parsed.value('s');
        boolean multiple = parsed.has('a') || suffix != null;
        if (names.isEmpty()) {
            return ctx.usageError("missing operand", 1);
        }
        if (!multiple) {
            if (names.size() > 2) {
                return ctx.usageError("extra operand " + Quoting.locale(names.get(2)), 1);
            }
            suffix = names.size() == 2 ? names.get(1) : null;
            names = names.subList(0, 1);
        }
        char end = parsed.has('z') ? '\0' : '\n';
        StringBuilder out = new StringBuilder();
        for (String name : names) {
            out.append(baseName(name, suffix)).append(end);
        }
        ctx.print(out.toString());
        ctx.stdout().flush();
        return 0;
    }

    /** The last component of {@code name}, minus {@code suffix} unless that is all of it. */
    static String baseName(String name, String suffix) {
        if (name.isEmpty()) {
            return "";
        }
        int end = name.length();
        while (end > 0 && name.charAt(end - 1) == '/') {
            end--;
        }
        if (end == 0) {
            return "/";
        }
        String base = name.substring(name.lastIndexOf('/', end - 1) + 1, end);
        if (suffix != null && !suffix.isEmpty() && base.length() > suffix.length() && base.endsWith(suffix)) {
            base = base.substring(0, base.length() - suffix.length());
        }
        return base;
    }
}
