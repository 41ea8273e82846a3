package dev.shellbox.shell.gnu.mbchar;

/**
 * UTF-8 as glibc's mbrlen sees it in a UTF-8 locale: one sequence at a time from a byte buffer, rejecting overlong
 * forms, surrogates and code points past U+10FFFF.
 */
public final class Utf8 {
    private Utf8() {}

    /**
     * The length of the valid sequence starting at {@code b[i]} (1 to 4), 0 when more bytes than {@code end - i}
     * would be needed to tell, or -1 when the byte at {@code i} does not start a valid sequence.
     */
    public static int sequenceLength(byte[] b, int i, int end) {
        int c = b[i] & 0xff;
        if (c < 0x80) {
            return 1;
        }
        int need;
        int min;
        int cp;
        if (c >= 0xC2 && c <= 0xDF) {
            need = 1;
            min = 0x80;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            min = 0x800;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            min = 0x10000;
            cp = c & 0x07;
        } else {
            return -1;
        }
        for (int k = 1; k <= need; k++) {
            if (i + k >= end) {
                return 0;
            }
            int cont = b[i + k] & 0xff;
            if ((cont & 0xC0) != 0x80) {
                return -1;
            }
            cp = (cp << 6) | (cont & 0x3F);
            if (k == 1 && need >= 2) {
                // Reject overlong forms, surrogates and values past U+10FFFF as soon as the second byte shows them.
                int partial = cp << (6 * (need - 1));
                if (partial + ((1 << (6 * (need - 1))) - 1) < min
                        || partial > 0x10FFFF
                        || (need == 2 && partial >= 0xD800 && partial <= 0xDFFF)) {
                    return -1;
                }
            }
        }
        return need + 1;
    }

    /** The code point of the valid sequence of {@code length} bytes at {@code b[i]}. */
    public static int decode(byte[] b, int i, int length) {
        int c = b[i] & 0xff;
        switch (length) {
            case 1:
                return c;
            case 2:
                return ((c & 0x1F) << 6) | (b[i + 1] & 0x3F);
            case 3:
                return ((c & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F);
            default:
                return ((c & 0x07) << 18) | ((b[i + 1] & 0x3F) << 12) | ((b[i + 2] & 0x3F) << 6) | (b[i + 3] & 0x3F);
        }
    }

    /** Whether {@code b[from, to)} is well-formed UTF-8 throughout. */
    public static boolean isValid(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            int length = sequenceLength(b, i, to);
            if (length <= 0) {
                return false;
            }
            i += length;
        }
        return true;
    }

    /**
     * The bytes bash writes for its unicode escapes (u and U): UTF-8 in its original form, which also encodes
     * surrogates and values up to 0x7FFFFFFF (in up to six bytes); nothing past that.
     */
    public static byte[] encodeEscape(long codePoint) {
        if (codePoint < 0 || codePoint > 0x7FFFFFFFL) {
            return new byte[0];
        }
        if (codePoint < 0x80) {
            return new byte[] {(byte) codePoint};
        }
        int length = codePoint < 0x800
                ? 2
                : codePoint < 0x10000 ? 3 : codePoint < 0x200000 ? 4 : codePoint < 0x4000000 ? 5 : 6;
        byte[] out = new byte[length];
        long v = codePoint;
        for (int k = length - 1; k > 0; k--) {
            out[k] = (byte) (0x80 | (v & 0x3F));
            v >>= 6;
        }
        out[0] = (byte) ((0xFF00 >> length) | v);
        return out;
    }
}
