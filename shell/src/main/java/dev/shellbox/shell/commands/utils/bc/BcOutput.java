package dev.shellbox.shell.commands.utils.bc;

import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.OutputStream;

/**
 * bc's out_char: every printed character counts towards the line length (BC_LINE_LENGTH, 70 by default); at the last
 * column a backslash and newline are written first. A length of 0 disables the wrapping.
 */
final class BcOutput {
    private final OutputStream out;
    private final int lineLength;
    private int column;

    BcOutput(OutputStream out, int lineLength) {
        this.out = out;
        this.lineLength = lineLength;
    }

    void print(String s) throws IOException {
        StringBuilder chunk = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n') {
                column = 0;
                chunk.append('\n');
                continue;
            }
            column++;
            if (lineLength != 0 && column == lineLength - 1) {
                chunk.append("\\\n");
                column = 1;
            }
            chunk.append(c);
        }
        out.write(Text.encode(chunk));
    }

    void flush() throws IOException {
        out.flush();
    }
}
