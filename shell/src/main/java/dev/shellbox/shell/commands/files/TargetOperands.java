package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/**
 * How {@code cp}, {@code mv} and {@code ln} read their operands: {@code SOURCE DEST}, {@code SOURCE... DIRECTORY},
 * {@code -t DIRECTORY SOURCE...} or {@code -T SOURCE DEST}, with GNU's messages when they do not fit.
 *
 * @param sources the files to copy, move or link
 * @param directory the target directory operand as written, or null when {@code destination} is used
 * @param destination the single destination operand as written, or null in directory mode
 */
public record TargetOperands(List<String> sources, String directory, String destination) {

    /** Options that shape the operands. */
    public record Options(String targetDirectory, boolean noTargetDirectory, boolean lnStyle, boolean noDereference) {}

    /** The destination of {@code source}: in the directory under its base name, or the single destination. */
    public String destinationFor(String source) {
        if (directory == null) {
            return destination;
        }
        String base = baseName(source);
        return directory.endsWith("/") ? directory + base : directory + "/" + base;
    }

    /** The operands, or null after reporting the problem (the command exits with 1). */
    public static TargetOperands parse(CommandContext ctx, List<String> operands, Options options) throws IOException {
        if (options.targetDirectory != null && options.noTargetDirectory) {
            ctx.usageError("cannot combine --target-directory (-t) and --no-target-directory (-T)", 1);
            return null;
        }
        if (operands.isEmpty()) {
            ctx.usageError("missing file operand", 1);
            return null;
        }
        if (options.targetDirectory != null) {
            String dir = options.targetDirectory;
            try {
                FileStat st = PathOperands.stat(ctx, dir);
                if (!st.isDirectory()) {
                    throw new FsException(Errno.ENOTDIR, dir);
                }
            } catch (FsException e) {
                if (options.lnStyle) {
                    ctx.error(
                            e.errno() == Errno.ENOTDIR
                                    ? "target " + Quoting.shellAlways(dir) + " is not a directory"
                                    : "failed to access " + Quoting.shellAlways(dir) + ": "
                                            + e.errno().message());
                } else {
                    ctx.error("target directory " + Quoting.shellAlways(dir) + ": "
                            + e.errno().message());
                }
                return null;
            }
            return new TargetOperands(operands, dir, null);
        }
        if (operands.size() == 1) {
            if (options.lnStyle && !options.noTargetDirectory) {
                return new TargetOperands(operands, ".", null);
            }
            ctx.usageError("missing destination file operand after " + Quoting.shellAlways(operands.get(0)), 1);
            return null;
        }
        String last = operands.get(operands.size() - 1);
        if (options.noTargetDirectory) {
            if (operands.size() > 2) {
                ctx.usageError("extra operand " + Quoting.shellAlways(operands.get(2)), 1);
                return null;
            }
            return new TargetOperands(operands.subList(0, 1), null, last);
        }
        boolean lastIsDirectory = isDirectory(ctx, last, options.noDereference && operands.size() == 2);
        if (lastIsDirectory) {
            return new TargetOperands(operands.subList(0, operands.size() - 1), last, null);
        }
        if (operands.size() > 2) {
            Errno errno;
            try {
                PathOperands.stat(ctx, last);
                errno = Errno.ENOTDIR;
            } catch (FsException e) {
                errno = e.errno();
            }
            ctx.error("target " + Quoting.shellAlways(last) + ": " + errno.message());
            return null;
        }
        return new TargetOperands(operands.subList(0, 1), null, last);
    }

    private static boolean isDirectory(CommandContext ctx, String operand, boolean noDereference) {
        try {
            FileStat st = noDereference && !PathOperands.hasTrailingSlash(operand)
                    ? PathOperands.lstat(ctx, operand)
                    : PathOperands.stat(ctx, operand);
            return st.isDirectory();
        } catch (FsException e) {
            return false;
        }
    }

    /** The last component of an operand, trailing slashes ignored. */
    public static String baseName(String operand) {
        String trimmed = PathOperands.stripTrailingSlashes(operand);
        if (trimmed.equals("/")) {
            return "/";
        }
        return trimmed.substring(trimmed.lastIndexOf('/') + 1);
    }
}
