package dev.shellbox.shell.io;

import dev.shellbox.shell.gnu.mbchar.SurrogateEscape;
import java.io.ByteArrayOutputStream;

/**
 * Lossless conversion between bytes and Java strings, the engine's name for {@link SurrogateEscape}: valid UTF-8
 * decodes to its characters, every other byte to the lone surrogate {@code U+DC80 + byte}, and {@link #encode} gives
 * the original bytes back.
 */
public final class Text {
    private Text() {}

    public static String decode(byte[] bytes) {
        return SurrogateEscape.decode(bytes, 0, bytes.length);
    }

    public static String decode(byte[] b, int off, int len) {
        return SurrogateEscape.decode(b, off, len);
    }

    /** The bytes {@link #decode} read {@code s} from. */
    public static byte[] encode(CharSequence s) {
        return SurrogateEscape.encode(s);
    }

    /** Appends the bytes of {@code s} to {@code out}. */
    public static void encodeTo(CharSequence s, ByteArrayOutputStream out) {
        SurrogateEscape.encodeTo(s, out);
    }

    /** Whether {@code c} stands for a byte that was not valid UTF-8. */
    public static boolean isEscapedByte(char c) {
        return SurrogateEscape.isEscapedByte(c);
    }
}
