package dev.shellbox.shell.commands.search;

import dev.shellbox.shell.io.Text;

/**
 * A line of input bytes seen as characters without decoding it: when every byte is ASCII, the bytes are the chars,
 * so the regex engine can run over the buffer itself. Lines with other bytes are decoded with {@link Text}.
 * Reused from line to line: the view is valid until the next {@link #set}.
 */
public final class ByteLine implements CharSequence {
    private byte[] bytes;
    private int offset;
    private int length;
    private boolean ascii;
    private String decoded;

    /** Points the view at {@code bytes[offset, offset + length)}. */
    public ByteLine set(byte[] bytes, int offset, int length) {
        this.bytes = bytes;
        this.offset = offset;
        this.length = length;
        this.decoded = null;
        boolean onlyAscii = true;
        for (int i = offset, end = offset + length; i < end; i++) {
            if (bytes[i] < 0) {
                onlyAscii = false;
                break;
            }
        }
        this.ascii = onlyAscii;
        return this;
    }

    /** Whether every byte is ASCII, so char offsets are byte offsets. */
    public boolean isAscii() {
        return ascii;
    }

    /** The characters to match against: this view for ASCII lines, else the decoded string. */
    public CharSequence text() {
        if (ascii) {
            return this;
        }
        if (decoded == null) {
            decoded = Text.decode(bytes, offset, length);
        }
        return decoded;
    }

    /** The bytes of chars {@code [start, end)} of {@link #text()}. */
    public byte[] bytes(int start, int end) {
        if (ascii) {
            byte[] out = new byte[end - start];
            System.arraycopy(bytes, offset + start, out, 0, end - start);
            return out;
        }
        return Text.encode(decoded.subSequence(start, end));
    }

    /** The byte offset of char {@code index} of {@link #text()}. */
    public int byteOffset(int index) {
        return ascii ? index : Text.encode(decoded.subSequence(0, index)).length;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        if (index >= length) {
            throw new IndexOutOfBoundsException(index);
        }
        return (char) bytes[offset + index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new String(bytes, offset + start, end - start, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    @Override
    public String toString() {
        return new String(bytes, offset, length, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
