package dev.shellbox.shell.commands.search.sed;

import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An output of sed (stdout, the in-place file, a {@code w} file) that remembers whether the last line written lacked
 * its newline, as GNU sed does: a last input line without newline is printed without one, and anything printed after
 * it first adds the missing newline.
 */
final class SedOutput {
    private OutputStream out;
    private boolean missingNewline;
    private final boolean unbuffered;

    SedOutput(OutputStream out, boolean unbuffered) {
        this.out = out;
        this.unbuffered = unbuffered;
    }

    /** Points this output at another stream (the next in-place file). */
    void redirect(OutputStream stream) {
        out = stream;
        missingNewline = false;
    }

    OutputStream stream() {
        return out;
    }

    /** Writes a line of text and, if {@code newline}, the line delimiter. */
    void line(CharSequence text, boolean newline, byte delimiter) throws IOException {
        restoreNewline(delimiter);
        out.write(Text.encode(text));
        if (newline) {
            out.write(delimiter);
        } else {
            missingNewline = true;
        }
        if (unbuffered) {
            out.flush();
        }
    }

    /** Writes text that carries its own newlines (a/i/c text, r files). */
    void raw(byte[] bytes, byte delimiter) throws IOException {
        restoreNewline(delimiter);
        out.write(bytes);
        if (unbuffered) {
            out.flush();
        }
    }

    /** Copies a whole input ({@code r} files) without holding it in memory. */
    void copy(java.io.InputStream in, byte delimiter) throws IOException {
        restoreNewline(delimiter);
        in.transferTo(out);
        if (unbuffered) {
            out.flush();
        }
    }

    private void restoreNewline(byte delimiter) throws IOException {
        if (missingNewline) {
            out.write(delimiter);
            missingNewline = false;
        }
    }

    void flush() throws IOException {
        out.flush();
    }
}
