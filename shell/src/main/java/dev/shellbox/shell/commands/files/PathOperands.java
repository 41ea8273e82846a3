package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;

/**
 * Resolving path operands the way the kernel does for the commands' system calls: an empty operand does not exist
 * (it is not the working directory), and a trailing slash requires a directory after following symlinks.
 */
public final class PathOperands {
    private PathOperands() {}

    /** The absolute path of an operand; ENOENT for an empty one. */
    public static String resolve(CommandContext ctx, String operand) throws FsException {
        if (operand.isEmpty()) {
            throw new FsException(Errno.ENOENT, ctx.cwd());
        }
        return ctx.resolve(operand);
    }

    /** Whether the operand ends in a slash after a non-slash character ({@code dir/}, not {@code /}). */
    public static boolean hasTrailingSlash(String operand) {
        return operand.length() > 1 && operand.endsWith("/") && !operand.chars().allMatch(c -> c == '/');
    }

    /** Whether the last component of the operand is {@code .} or {@code ..} ({@code a/.}, {@code ..//}). */
    public static boolean endsWithDotOrDotDot(String operand) {
        String s = operand;
        int end = s.length();
        while (end > 1 && s.charAt(end - 1) == '/') {
            end--;
        }
        s = s.substring(0, end);
        String last = s.substring(s.lastIndexOf('/') + 1);
        return last.equals(".") || last.equals("..");
    }

    /** lstat(2) of an operand; with a trailing slash the operand must name a directory, symlinks followed. */
    public static FileStat lstat(CommandContext ctx, String operand) throws FsException {
        String abs = resolve(ctx, operand);
        if (hasTrailingSlash(operand)) {
            return requireDirectory(ctx.fs().stat(abs), abs);
        }
        return ctx.fs().lstat(abs);
    }

    /** stat(2) of an operand, with the same trailing-slash rule. */
    public static FileStat stat(CommandContext ctx, String operand) throws FsException {
        String abs = resolve(ctx, operand);
        FileStat st = ctx.fs().stat(abs);
        return hasTrailingSlash(operand) ? requireDirectory(st, abs) : st;
    }

    private static FileStat requireDirectory(FileStat st, String abs) throws FsException {
        if (!st.isDirectory()) {
            throw new FsException(Errno.ENOTDIR, abs);
        }
        return st;
    }

    /** The operand without its trailing slashes ({@code a/b//} gives {@code a/b}; {@code //} gives {@code /}). */
    public static String stripTrailingSlashes(String operand) {
        int end = operand.length();
        while (end > 1 && operand.charAt(end - 1) == '/') {
            end--;
        }
        return operand.substring(0, end);
    }
}
