package dev.shellbox.shell.commands.data.awk;

import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.regex.Matcher;

/**
 * Reads records from a stream as RS says: up to one byte (the fast default of newline), paragraphs (RS=""), or up to
 * a regular expression match (gawk's multi-character RS). Bytes are decoded losslessly with {@link Text}.
 */
final class RecordReader {
    private final InputStream in;
    private byte[] buf = new byte[65536];
    private int pos;
    private int limit;
    private boolean eof;
    private byte[] record = new byte[256];
    /** Text decoded ahead by the regex and paragraph modes and not yet consumed. */
    private String pending = "";

    private boolean atStart = true;
    /** What ended the last record (gawk's RT). */
    String terminator = "";

    RecordReader(InputStream in) {
        this.in = in;
    }

    InputStream stream() {
        return in;
    }

    /** The next record, or null at end of input. */
    String read(String rs) throws IOException {
        if (rs.length() == 1 && rs.charAt(0) < 0x80) {
            return readDelimited((byte) rs.charAt(0));
        }
        if (rs.isEmpty()) {
            return readParagraph();
        }
        if (!rs.equals(regexSource)) {
            regexSource = rs;
            regex = AwkRegex.compile(rs.length() == 1 ? "\\" + rs : rs);
        }
        return readRegex(regex, false);
    }

    private String regexSource;
    private AwkRegex regex;
    private static final AwkRegex PARAGRAPH_SEPARATOR = AwkRegex.compile("\n\n+");

    private String readDelimited(byte delimiter) throws IOException {
        if (!pending.isEmpty()) {
            unreadPending();
        }
        atStart = false;
        int length = 0;
        while (true) {
            if (pos == limit) {
                if (eof || !fill()) {
                    if (length == 0) {
                        return null;
                    }
                    terminator = "";
                    return Text.decode(record, 0, length);
                }
            }
            int start = pos;
            int end = limit;
            byte[] b = buf;
            int i = start;
            while (i < end && b[i] != delimiter) {
                i++;
            }
            int n = i - start;
            if (length + n > record.length) {
                record = Arrays.copyOf(record, Math.max(record.length * 2, length + n));
            }
            System.arraycopy(b, start, record, length, n);
            length += n;
            if (i < end) {
                pos = i + 1;
                terminator = delimiter == '\n' ? "\n" : String.valueOf((char) delimiter);
                return Text.decode(record, 0, length);
            }
            pos = end;
        }
    }

    private String readParagraph() throws IOException {
        if (atStart) {
            // Leading newlines of the input never make a record.
            while (true) {
                if (pending.isEmpty() && !fillPending()) {
                    return null;
                }
                int i = 0;
                while (i < pending.length() && pending.charAt(i) == '\n') {
                    i++;
                }
                pending = pending.substring(i);
                if (!pending.isEmpty()) {
                    break;
                }
            }
            atStart = false;
        }
        return readRegex(PARAGRAPH_SEPARATOR, true);
    }

    private String readRegex(AwkRegex regex, boolean paragraph) throws IOException {
        atStart = false;
        while (true) {
            Matcher m = regex.pattern.matcher(pending);
            AwkRegex.Match match = pending.isEmpty() ? null : regex.find(m, pending, 0);
            if (match != null && match.end() > match.start() && (match.end() < pending.length() || eof)) {
                String r = pending.substring(0, match.start());
                terminator = pending.substring(match.start(), match.end());
                pending = pending.substring(match.end());
                return r;
            }
            if (eof || !fillPending()) {
                if (pending.isEmpty()) {
                    return null;
                }
                String r = pending;
                pending = "";
                terminator = "";
                if (paragraph) {
                    int end = r.length();
                    while (end > 0 && r.charAt(end - 1) == '\n') {
                        end--;
                    }
                    terminator = r.substring(end);
                    r = r.substring(0, end);
                }
                return r;
            }
        }
    }

    /** Decodes more input into {@link #pending}, holding back a UTF-8 sequence cut by the buffer end. */
    private boolean fillPending() throws IOException {
        if (pos == limit && (eof || !fill())) {
            return false;
        }
        int end = limit;
        if (!eof) {
            int cut = incompleteTail(buf, pos, limit);
            if (cut > pos) {
                end = cut;
            }
        }
        pending = pending + Text.decode(buf, pos, end - pos);
        pos = end;
        if (pos < limit) {
            // Keep the partial sequence at the start of the buffer for the next fill.
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            pos = 0;
            int n = in.read(buf, limit, buf.length - limit);
            if (n > 0) {
                limit += n;
            } else {
                eof = true;
            }
        }
        return true;
    }

    /** The start of a trailing incomplete UTF-8 sequence in b[from, to), or to when there is none. */
    private static int incompleteTail(byte[] b, int from, int to) {
        for (int back = 1; back <= 3 && to - back >= from; back++) {
            int c = b[to - back] & 0xff;
            if (c < 0x80) {
                return to;
            }
            if (c >= 0xC0) {
                int need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
                return back < need ? to - back : to;
            }
        }
        return to;
    }

    private void unreadPending() {
        byte[] bytes = Text.encode(pending);
        pending = "";
        byte[] rest = Arrays.copyOfRange(buf, pos, limit);
        byte[] joined = new byte[bytes.length + rest.length];
        System.arraycopy(bytes, 0, joined, 0, bytes.length);
        System.arraycopy(rest, 0, joined, bytes.length, rest.length);
        if (joined.length > buf.length) {
            buf = new byte[joined.length];
        }
        System.arraycopy(joined, 0, buf, 0, joined.length);
        pos = 0;
        limit = joined.length;
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            eof = true;
            pos = limit = 0;
            return false;
        }
        pos = 0;
        limit = n;
        return true;
    }
}
