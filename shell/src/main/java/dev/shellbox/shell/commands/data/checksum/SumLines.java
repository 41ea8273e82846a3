package dev.shellbox.shell.commands.data.checksum;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FsException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;

/** What md5sum, sha*sum and cksum share: opening operands, digesting streams, formatting result lines. */
final class SumLines {
    private SumLines() {}

    /** Opens an operand; {@code -} is stdin, which closing the result leaves open. */
    static InputStream open(CommandContext ctx, String operand) throws FsException {
        if (operand.equals("-")) {
            return new FilterInputStream(ctx.stdin()) {
                @Override
                public void close() {}
            };
        }
        return ctx.openInput(operand);
    }

    static byte[] digest(CommandContext ctx, InputStream in, MessageDigest md) throws IOException {
        byte[] buffer = new byte[65536];
        int n;
        while ((n = in.read(buffer)) > 0) {
            ctx.checkCancelled();
            md.update(buffer, 0, n);
        }
        return md.digest();
    }

    /** Whether a name must be printed escaped, with a leading backslash on its line. */
    static boolean needsEscape(String name) {
        return name.indexOf('\\') >= 0 || name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0;
    }

    static String escape(String name) {
        return name.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }

    /** A result line: {@code hex  name}, {@code hex *name} or {@code TAG (name) = hex}, escaped unless zero. */
    static String format(Algorithm algorithm, String hex, String name, boolean tagged, boolean binary, boolean zero) {
        boolean escaped = !zero && needsEscape(name);
        String shown = escaped ? escape(name) : name;
        String line = tagged ? algorithm.tag() + " (" + shown + ") = " + hex : hex + " " + (binary ? '*' : ' ') + shown;
        return (escaped ? "\\" : "") + line + (zero ? "\0" : "\n");
    }
}
