package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * The file loop head and tail share: each operand opened in turn ("-" is standard input), a {@code ==> name <==}
 * header before each when {@code headers}, GNU's messages for files that cannot be opened or are directories.
 */
final class HeaderedFiles {
    private HeaderedFiles() {}

    /** What to do with one opened input; the loop closes it afterwards. */
    interface Copy {
        void copy(InputStream in) throws IOException;
    }

    /** Runs {@code copy} over every file; the exit status (1 when some file could not be read). */
    static int copyEach(CommandContext ctx, List<String> files, boolean headers, ByteSink out, Copy copy)
            throws IOException {
        int status = 0;
        boolean first = true;
        try {
            for (String file : files) {
                ctx.checkCancelled();
                InputStream in;
                boolean directory = false;
                try {
                    in = Inputs.open(ctx, file);
                } catch (FsException e) {
                    if (e.errno() != Errno.EISDIR) {
                        out.flush();
                        ctx.error("cannot open " + Quoting.shellAlways(file) + " for reading: "
                                + e.errno().message());
                        status = 1;
                        continue;
                    }
                    in = InputStream.nullInputStream();
                    directory = true;
                }
                if (headers) {
                    out.writeAscii(first ? "" : "\n");
                    out.write(Text.encode("==> " + (file.equals("-") ? "standard input" : file) + " <==\n"));
                }
                first = false;
                if (directory) {
                    out.flush();
                    ctx.error("error reading " + Quoting.shellAlways(file) + ": " + Errno.EISDIR.message());
                    status = 1;
                    continue;
                }
                try (InputStream input = in) {
                    copy.copy(input);
                }
            }
        } finally {
            out.flush();
        }
        return status;
    }
}
