package dev.shellbox.shell.commands.grep;

/** UTF-8 validity, as glibc's mbrlen sees it in a UTF-8 locale. */
final class Utf8 {
    private Utf8() {}

    /** Whether {@code b[from, to)} is well-formed UTF-8 (no overlongs, surrogates or code points past U+10FFFF). */
    static boolean isValid(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            int c = b[i] & 0xff;
            if (c < 0x80) {
                i++;
                continue;
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
                return false;
            }
            for (int k = 1; k <= need; k++) {
                if (i + k >= to || (b[i + k] & 0xC0) != 0x80) {
                    return false;
                }
                cp = (cp << 6) | (b[i + k] & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                return false;
            }
            i += need + 1;
        }
        return true;
    }
}
