package dev.shellbox.sandbox.runtime;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import java.io.IOException;
import java.util.List;

/**
 * sync: saves what the script changed so far to the sandbox's volume, as the end of the exec would, so that the Files
 * API and other readers see it while the script goes on.
 */
final class SyncCommand implements Command {
    private final VolumeView view;

    SyncCommand(VolumeView view) {
        this.view = view;
    }

    @Override
    public String name() {
        return "sync";
    }

    @Override
    public String help() {
        return """
                Usage: sync [OPTION] [FILE]...
                Save the sandbox's changed files to its volume now, instead of at the end of the exec.
                Options and operands are accepted for compatibility; the whole volume is saved.
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        if (args.contains("--help")) {
            ctx.print(help());
            ctx.stdout().flush();
            return 0;
        }
        try {
            view.commit();
            return 0;
        } catch (RuntimeException e) {
            ctx.error("error syncing the volume: " + e.getMessage());
            return 1;
        }
    }
}
