package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;

/** The yes/no questions of {@code rm -i}, {@code cp -i} and {@code mv -i}: asked on stderr, answered on stdin. */
public final class Prompt {
    private Prompt() {}

    /** Writes {@code name: question} and reads one line; true when it starts with y or Y, as GNU's rpmatch does. */
    public static boolean ask(CommandContext ctx, String question) throws IOException {
        ctx.stdout().flush();
        ctx.stderr().write(Text.encode(ctx.commandName() + ": " + question));
        ctx.stderr().flush();
        // Byte by byte, so the rest of stdin stays unread for whoever reads it next.
        InputStream in = ctx.stdin();
        int first = in.read();
        int c = first;
        while (c != -1 && c != '\n') {
            c = in.read();
        }
        return first == 'y' || first == 'Y';
    }
}
