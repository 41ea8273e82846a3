package dev.shellbox.shell.commands.utils.xargs;

import dev.shellbox.shell.io.Text;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads xargs's input items one at a time, as findutils' read_line and read_string do: blank-separated words with
 * quotes and backslashes (the default), whole lines with quotes (for -I), or items ending at a delimiter byte (-0, -d).
 */
final class ArgumentReader {
    /** How items are separated. */
    enum Mode {
        WORDS,
        LINES,
        DELIMITED
    }

    /** One item, and whether it ended a logical input line (for -L). */
    record Item(String text, boolean endsLine) {}

    /** A quote that was not closed on its line; xargs stops with GNU's message. */
    static final class UnmatchedQuoteException extends Exception {
        UnmatchedQuoteException(char quote) {
            super(
                    "unmatched " + (quote == '"' ? "double" : "single")
                            + " quote; by default quotes are special to xargs unless you use the -0 option",
                    null,
                    false,
                    false);
        }
    }

    /** An item longer than the command line can hold. */
    static final class ItemTooLongException extends Exception {
        ItemTooLongException() {
            super("argument line too long", null, false, false);
        }
    }

    private final InputStream in;
    private final Mode mode;
    private final int delimiter;
    private final String eofString;
    private final long maxItemBytes;
    private final byte[] buffer = new byte[8192];
    private int pos;
    private int limit;
    private boolean eof;
    private boolean nulWarningDue;
    private boolean sawNul;

    ArgumentReader(InputStream in, Mode mode, int delimiter, String eofString, long maxItemBytes) {
        this.in = in;
        this.mode = mode;
        this.delimiter = delimiter;
        this.eofString = mode == Mode.DELIMITED ? null : eofString;
        this.maxItemBytes = maxItemBytes;
    }

    /** Whether a NUL byte was seen in word mode since the last call (GNU warns once). */
    boolean takeNulWarning() {
        boolean due = nulWarningDue;
        nulWarningDue = false;
        return due;
    }

    /** The next item, or null at the end of the input (or at the end-of-file string). */
    Item next() throws IOException, UnmatchedQuoteException, ItemTooLongException {
        if (eof) {
            return null;
        }
        return mode == Mode.DELIMITED ? nextDelimited() : nextWord();
    }

    private Item nextDelimited() throws IOException, ItemTooLongException {
        ByteArrayOutputStream item = new ByteArrayOutputStream();
        while (true) {
            int c = read();
            if (c < 0) {
                eof = true;
                return item.size() == 0 ? null : new Item(Text.decode(item.toByteArray()), true);
            }
            if (c == delimiter) {
                return new Item(Text.decode(item.toByteArray()), true);
            }
            append(item, c);
        }
    }

    private static final int NORMAL = 0;
    private static final int SPACE = 1;
    private static final int QUOTE = 2;
    private static final int BACKSLASH = 3;

    /** Word or line mode: read_line. {@code first} tracks whether the word starts its line. */
    private boolean first = true;

    private Item nextWord() throws IOException, UnmatchedQuoteException, ItemTooLongException {
        ByteArrayOutputStream item = new ByteArrayOutputStream();
        int state = SPACE;
        int quote = 0;
        int previous = -1;
        int c = -1;
        boolean seenArg = false;
        while (true) {
            previous = c;
            c = read();
            if (c < 0) {
                eof = true;
                if (item.size() == 0 && !seenArg) {
                    return null;
                }
                if (state == QUOTE) {
                    throw new UnmatchedQuoteException((char) quote);
                }
                String text = finish(item);
                if (first && text.equals(eofString)) {
                    return null;
                }
                return new Item(text, true);
            }
            switch (state) {
                case SPACE:
                    if (isSpace(c)) {
                        continue;
                    }
                    state = NORMAL;
                // fall through
                case NORMAL:
                    if (c == '\n') {
                        boolean endsLine = !isBlank(previous);
                        if (item.size() == 0 && !seenArg) {
                            state = SPACE;
                            continue;
                        }
                        String text = finish(item);
                        if (text.equals(eofString)) {
                            eof = true;
                            return null;
                        }
                        first = true;
                        return new Item(text, endsLine);
                    }
                    seenArg = true;
                    if (mode == Mode.WORDS && isBlank(c)) {
                        String text = finish(item);
                        if (text.equals(eofString)) {
                            eof = true;
                            return null;
                        }
                        first = false;
                        return new Item(text, false);
                    }
                    if (c == '\\') {
                        state = BACKSLASH;
                        continue;
                    }
                    if (c == '\'' || c == '"') {
                        state = QUOTE;
                        quote = c;
                        continue;
                    }
                    break;
                case QUOTE:
                    if (c == '\n') {
                        throw new UnmatchedQuoteException((char) quote);
                    }
                    if (c == quote) {
                        state = NORMAL;
                        seenArg = true;
                        continue;
                    }
                    break;
                default: // BACKSLASH
                    state = NORMAL;
                    break;
            }
            if (c == 0 && !sawNul) {
                sawNul = true;
                nulWarningDue = true;
            }
            append(item, c);
        }
    }

    /** The item's text; a NUL byte ends it, as the C string it becomes in GNU xargs. */
    private static String finish(ByteArrayOutputStream item) {
        byte[] bytes = item.toByteArray();
        int end = 0;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        return Text.decode(bytes, 0, end);
    }

    private void append(ByteArrayOutputStream item, int c) throws ItemTooLongException {
        if (item.size() >= maxItemBytes) {
            throw new ItemTooLongException();
        }
        item.write(c);
    }

    private int read() throws IOException {
        if (pos == limit) {
            limit = in.read(buffer, 0, buffer.length);
            pos = 0;
            if (limit <= 0) {
                limit = 0;
                return -1;
            }
        }
        return buffer[pos++] & 0xff;
    }

    private static boolean isBlank(int c) {
        return c == ' ' || c == '\t';
    }

    private static boolean isSpace(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0b;
    }
}
