package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.human.SizeSuffix;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/** truncate: shrink or extend the size of files. */
public final class TruncateCommand implements Command {
    private static final int IO_BLOCK = 4096;
    private static final OptionParser OPTIONS = OptionParser.of("cor:s:")
            .longOption("no-create", 'c')
            .longOption("io-blocks", 'o')
            .longOption("reference", 'r')
            .longOption("size", 's');

    @Override
    public String name() {
        return "truncate";
    }

    @Override
    public String help() {
        return """
                Usage: truncate OPTION... FILE...
                Shrink or extend the size of each FILE to the specified size

                A FILE argument that does not exist is created.

                If a FILE is larger than the specified size, the extra data is lost.
                If a FILE is shorter, it is extended and the sparse extended part (hole)
                reads as zero bytes.

                  -c, --no-create        do not create any files
                  -o, --io-blocks        treat SIZE as number of IO blocks instead of bytes
                  -r, --reference=RFILE  base size on RFILE
                  -s, --size=SIZE        set or adjust the file size by SIZE bytes

                The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
                Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).

                SIZE may also be prefixed by one of the following modifying characters:
                '+' extend by, '-' reduce by, '<' at most, '>' at least,
                '/' round down to multiple of, '%' round up to multiple of.
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
        String sizeText = parsed.value('s');
        String reference = parsed.value('r');
        // The mode persists from one -s to the next, as in GNU's option loop.
        char op = '=';
        long size = 0;
        for (String text : parsed.values('s')) {
            String rest = text.stripLeading();
            if (!rest.isEmpty() && "<>/%".indexOf(rest.charAt(0)) >= 0) {
                op = rest.charAt(0);
                rest = rest.substring(1).stripLeading();
            }
            if (!rest.isEmpty() && (rest.charAt(0) == '+' || rest.charAt(0) == '-')) {
                if (op != '=') {
                    return ctx.usageError("multiple relative modifiers specified", 1);
                }
                op = '+';
            }
            Long value = SizeSuffix.parse(rest);
            if (value == null) {
                ctx.error("Invalid number: " + Quoting.locale(text));
                return 1;
            }
            size = value;
            if (parsed.has('o')) {
                size = Math.multiplyExact(size, IO_BLOCK);
            }
            if ((op == '/' || op == '%') && size == 0) {
                ctx.error("division by zero");
                return 1;
            }
        }
        if (sizeText == null && reference == null) {
            return ctx.usageError("you must specify either ‘--size’ or ‘--reference’", 1);
        }
        if (sizeText != null && reference != null && op == '=') {
            return ctx.usageError("you must specify a relative ‘--size’ with ‘--reference’", 1);
        }
        if (parsed.has('o') && sizeText == null) {
            return ctx.usageError("‘--io-blocks’ was specified but ‘--size’ was not", 1);
        }
        if (parsed.operands().isEmpty()) {
            return ctx.usageError("missing file operand", 1);
        }
        Long referenceSize = null;
        if (reference != null) {
            try {
                referenceSize = PathOperands.stat(ctx, reference).size();
            } catch (FsException e) {
                ctx.error("cannot stat " + Quoting.shellAlways(reference) + ": "
                        + e.errno().message());
                return 1;
            }
        }
        int status = 0;
        for (String operand : parsed.operands()) {
            ctx.checkCancelled();
            if (!truncate(ctx, operand, parsed.has('c'), op, size, referenceSize)) {
                status = 1;
            }
        }
        return status;
    }

    private static boolean truncate(
            CommandContext ctx, String operand, boolean noCreate, char op, long size, Long referenceSize)
            throws IOException {
        String abs;
        FileStat st;
        try {
            abs = PathOperands.resolve(ctx, operand);
            st = PathOperands.stat(ctx, operand);
        } catch (FsException e) {
            if (e.errno() != Errno.ENOENT || operand.isEmpty()) {
                ctx.error("cannot open " + Quoting.shellAlways(operand) + " for writing: "
                        + e.errno().message());
                return false;
            }
            if (noCreate) {
                return true;
            }
            try (OutputStream out = ctx.openOutput(operand, WriteMode.APPEND)) {
                out.flush();
                abs = PathOperands.resolve(ctx, operand);
                st = ctx.fs().stat(abs);
            } catch (FsException created) {
                ctx.error("cannot open " + Quoting.shellAlways(operand) + " for writing: "
                        + created.errno().message());
                return false;
            }
        }
        if (st.isDirectory()) {
            ctx.error("cannot open " + Quoting.shellAlways(operand) + " for writing: " + Errno.EISDIR.message());
            return false;
        }
        long current = referenceSize != null ? referenceSize : st.size();
        long target = switch (op) {
            case '+' -> Math.max(0, current + size);
            case '<' -> Math.min(current, size);
            case '>' -> Math.max(current, size);
            case '/' -> current / size * size;
            case '%' -> (current + size - 1) / size * size;
            default -> size;
        };
        if (referenceSize != null && op == '=') {
            target = referenceSize;
        }
        try {
            ctx.fs().truncate(abs, target);
        } catch (FsException e) {
            ctx.error("failed to truncate " + Quoting.shellAlways(operand) + " at " + target + " bytes: "
                    + e.errno().message());
            return false;
        }
        return true;
    }
}
