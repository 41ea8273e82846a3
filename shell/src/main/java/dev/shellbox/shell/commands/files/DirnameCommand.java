package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import java.io.IOException;
import java.util.List;

/** dirname: strip the last component from file names. */
public final class DirnameCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("z").longOption("zero", 'z');

    @Override
    public String name() {
        return "dirname";
    }

    @Override
    public String help() {
        return """
                Usage: dirname [OPTION] NAME...
                Output each NAME with its last non-slash component and trailing slashes
                removed; if NAME contains no /'s, output '.' (meaning the current directory).

                  -z, --zero     end each output line with NUL, not newline
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
        if (parsed.operands().isEmpty()) {
            return ctx.usageError("missing operand", 1);
        }
        char end = parsed.has('z') ? '\0' : '\n';
        StringBuilder out = new StringBuilder();
        for (String name : parsed.operands()) {
            out.append(dirName(name)).append(end);
        }
        ctx.print(out.toString());
        ctx.stdout().flush();
        return 0;
    }

    /** Everything before the last component, without trailing slashes; "." when there is no slash. */
    static String dirName(String name) {
        int end = name.length();
        while (end > 1 && name.charAt(end - 1) == '/') {
            end--;
        }
        int slash = name.lastIndexOf('/', end - 1);
        if (slash < 0) {
            return ".";
        }
        int dirEnd = slash;
        while (dirEnd > 0 && name.charAt(dirEnd - 1) == '/') {
            dirEnd--;
        }
        return dirEnd == 0 ? "/" : name.substring(0, dirEnd);
    }
}
