package dev.shellbox.shell.commands.net;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.Modes;
import dev.shellbox.shell.fs.PathNames;

/** The directories a download goes into ({@code curl --create-dirs}, {@code wget -P}). */
final class Directories {
    private Directories() {}

    /** Creates {@code abs} and its missing parents, with the umask applied. */
    static void create(CommandContext ctx, String abs) throws FsException {
        if (abs.equals("/") || ctx.fs().exists(abs)) {
            return;
        }
        create(ctx, PathNames.parent(abs));
        ctx.fs().createDirectory(abs, Modes.DEFAULT_DIRECTORY & ~ctx.umask());
    }
}
