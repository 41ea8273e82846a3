package dev.shellbox.shell.commands.utils;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;

/**
 * What commands that run another command ({@code timeout}, {@code nice}, {@code nohup}, {@code xargs}) check before
 * running it, so they can report a failed exec the GNU way (127 when not found, 126 when not executable).
 */
public final class ChildCommands {
    private ChildCommands() {}

    /** The errno exec would fail with for {@code name}, or null when the command can run. */
    public static Errno execFailure(CommandContext ctx, String name) {
        if (name.isEmpty()) {
            return Errno.ENOENT;
        }
        if (name.indexOf('/') < 0) {
            return ctx.runner().locate(ctx, name).isPresent() ? null : Errno.ENOENT;
        }
        try {
            FileStat st = ctx.fs().stat(ctx.resolve(name));
            if (st.isDirectory() || (st.mode() & 0111) == 0) {
                return Errno.EACCES;
            }
            return null;
        } catch (FsException e) {
            return e.errno();
        }
    }

    /** The exit status GNU tools use for a command that could not be run: 127 when missing, 126 otherwise. */
    public static int execFailureStatus(Errno errno) {
        return errno == Errno.ENOENT ? 127 : 126;
    }
}
