package dev.shellbox.shell.commands.data.archive;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.Modes;
import dev.shellbox.shell.fs.PathNames;

/** File system steps that tar and unzip share when they extract. */
final class ExtractTarget {
    private ExtractTarget() {}

    static boolean isSymlink(CommandContext ctx, String path) {
        try {
            return ctx.fs().lstat(path).isSymlink();
        } catch (FsException e) {
            return false;
        }
    }

    /** Creates {@code dir} and its missing parents with the default mode less the umask. */
    static void mkdirs(CommandContext ctx, String dir) throws FsException {
        if (dir.equals("/") || ctx.fs().exists(dir)) {
            return;
        }
        mkdirs(ctx, PathNames.parent(dir));
        ctx.fs().createDirectory(dir, Modes.DEFAULT_DIRECTORY & ~ctx.umask());
    }
}
