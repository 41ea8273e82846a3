package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * yes: output a line over and over until the reader goes away (GNU coreutils). Writes large blocks of whole lines;
 * a closed pipe ends it through {@link dev.shellbox.shell.io.BrokenPipeException}, a cancellation or an output limit
 * through theirs.
 */
public final class YesCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("").stopAtFirstOperand();

    @Override
    public String name() {
        return "yes";
    }

    @Override
    public String help() {
        return """
                Usage: yes [STRING]...
                  or:  yes OPTION
                Repeatedly output a line with all specified STRING(s), or 'y'.

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
        List<String> words = parsed.operands();
        byte[] line = Text.encode((words.isEmpty() ? "y" : String.join(" ", words)) + "\n");
        int copies = Math.max(1, (64 * 1024) / line.length);
        byte[] block = new byte[copies * line.length];
        for (int i = 0; i < copies; i++) {
            System.arraycopy(line, 0, block, i * line.length, line.length);
        }
        OutputStream out = ctx.stdout();
        while (true) {
            ctx.checkCancelled();
            out.write(block);
            out.flush();
        }
    }
}
