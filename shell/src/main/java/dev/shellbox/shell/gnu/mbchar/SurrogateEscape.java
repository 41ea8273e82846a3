package dev.shellbox.shell.gnu.mbchar;

import java.io.ByteArrayOutputStream;

/**
 * Lossless conversion between bytes and Java strings. Valid UTF-8 decodes to its characters; every byte that is not
 * part of a valid UTF-8 sequence decodes to the lone surrogate {@code U+DC80 + byte} (as Python's surrogateescape
 * does), and {@link #encode} turns those back into the original byte. So text commands can use String and
 * java.util.regex while binary input and invalid UTF-8 pass through unchanged. The engine reaches it as {@code io.Text}.
 */
public final class SurrogateEscape {
    private static final int ESCAPE_BASE = 0xDC00;

    private SurrogateEscape() {}

    public static String decode(byte[] bytes) {
        return decode(bytes, 0, bytes.length);
    }

    public static String decode(byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        while (i < end && b[i] >= 0) {
            i++;
        }
        if (i == end) {
            return new String(b, off, len, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
        StringBuilder sb = new StringBuilder(len);
        for (int k = off; k < i; k++) {
            sb.append((char) b[k]);
        }
        while (i < end) {
            int c = b[i] & 0xff;
            if (c < 0x80) {
                sb.append((char) c);
                i++;
                continue;
            }
            int need;
            int cp;
            int min;
            if (c >= 0xC2 && c <= 0xDF) {
                need = 1;
                cp = c & 0x1F;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                need = 2;
                cp = c & 0x0F;
                min = 0x800;
            } else if (c >= 0xF0 && c <= 0xF4) {
                need = 3;
                cp = c & 0x07;
                min = 0x10000;
            } else {
                sb.append((char) (ESCAPE_BASE + c));
                i++;
                continue;
            }
            boolean valid = true;
            for (int k = 1; k <= need; k++) {
                if (i + k >= end || (b[i + k] & 0xC0) != 0x80) {
                    valid = false;
                    break;
                }
                cp = (cp << 6) | (b[i + k] & 0x3F);
            }
            if (valid && (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))) {
                valid = false;
            }
            if (valid) {
                sb.appendCodePoint(cp);
                i += need + 1;
            } else {
                sb.append((char) (ESCAPE_BASE + c));
                i++;
            }
        }
        return sb.toString();
    }

    /** The bytes {@link #decode} read {@code s} from. */
    public static byte[] encode(CharSequence s) {
        int n = s.length();
        boolean ascii = true;
        for (int i = 0; i < n; i++) {
            if (s.charAt(i) >= 0x80) {
                ascii = false;
                break;
            }
        }
        if (ascii) {
            byte[] out = new byte[n];
            for (int i = 0; i < n; i++) {
                out[i] = (byte) s.charAt(i);
            }
            return out;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(n + 16);
        encodeTo(s, out);
        return out.toByteArray();
    }

    /** Appends the bytes of {@code s} to {@code out}. */
    public static void encodeTo(CharSequence s, ByteArrayOutputStream out) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                out.write(c);
            } else if (c >= 0xDC80 && c <= 0xDCFF) {
                out.write(c - ESCAPE_BASE);
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                out.write(0xF0 | (cp >> 18));
                out.write(0x80 | ((cp >> 12) & 0x3F));
                out.write(0x80 | ((cp >> 6) & 0x3F));
                out.write(0x80 | (cp & 0x3F));
            } else if (c < 0x800) {
                out.write(0xC0 | (c >> 6));
                out.write(0x80 | (c & 0x3F));
            } else {
                out.write(0xE0 | (c >> 12));
                out.write(0x80 | ((c >> 6) & 0x3F));
                out.write(0x80 | (c & 0x3F));
            }
        }
    }

    /** Whether {@code c} stands for a byte that was not valid UTF-8. */
    public static boolean isEscapedByte(char c) {
        return c >= 0xDC80 && c <= 0xDCFF;
    }
}
