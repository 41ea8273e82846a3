package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.gnu.mbchar.Utf8;
import dev.shellbox.shell.io.Text;
import java.io.ByteArrayOutputStream;
import java.util.function.Consumer;

/** Backslash escapes of {@code echo -e}, {@code printf} formats and {@code %b}. */
final class Escapes {
    private Escapes() {}

    /**
     * Decodes escapes of {@code s} into {@code out}. {@code echoStyle}: octal needs a leading 0 ({@code \0nnn}) and
     * {@code \c} stops; otherwise (printf format) {@code \nnn}. Returns true when {@code \c} was seen.
     */
    static boolean decode(String s, ByteArrayOutputStream out, boolean echoStyle, boolean percentB) {
        return decode(s, out, echoStyle, percentB, escape -> {});
    }

    /** {@link #decode}, telling {@code missingDigit} of a unicode escape (u or U) without digits: printf warns. */
    static boolean decode(
            String s,
            ByteArrayOutputStream out,
            boolean echoStyle,
            boolean percentB,
            Consumer<Character> missingDigit) {
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= n) {
                int j = i + 1;
                while (j < n && (s.charAt(j) != '\\' || j + 1 >= n)) {
                    j++;
                }
                Text.encodeTo(s.substring(i, j), out);
                i = j;
                continue;
            }
            char e = s.charAt(i + 1);
            i += 2;
            switch (e) {
                case 'a' -> out.write(7);
                case 'b' -> out.write(8);
                case 'c' -> {
                    if (echoStyle || percentB) {
                        return true;
                    }
                    out.write('\\');
                    out.write('c');
                }
                case 'e', 'E' -> out.write(27);
                case 'f' -> out.write(12);
                case 'n' -> out.write('\n');
                case 'r' -> out.write('\r');
                case 't' -> out.write('\t');
                case 'v' -> out.write(11);
                case '\\' -> out.write('\\');
                case '"' -> {
                    if (echoStyle || percentB) {
                        out.write('\\');
                    }
                    out.write('"');
                }
                case '\'' -> {
                    if (echoStyle || percentB) {
                        out.write('\\');
                    }
                    out.write('\'');
                }
                case '?' -> {
                    if (echoStyle) {
                        out.write('\\');
                    }
                    out.write('?');
                }
                case 'x' -> {
                    int v = 0;
                    int d = 0;
                    while (d < 2 && i < n && Character.digit(s.charAt(i), 16) >= 0) {
                        v = v * 16 + Character.digit(s.charAt(i++), 16);
                        d++;
                    }
                    if (d == 0) {
                        out.write('\\');
                        out.write('x');
                    } else {
                        out.write(v);
                    }
                }
                case 'u', 'U' -> {
                    int max = e == 'u' ? 4 : 8;
                    long v = 0;
                    int d = 0;
                    while (d < max && i < n && Character.digit(s.charAt(i), 16) >= 0) {
                        v = v * 16 + Character.digit(s.charAt(i++), 16);
                        d++;
                    }
                    if (d == 0) {
                        missingDigit.accept(e);
                        out.write('\\');
                        out.write(e);
                    } else {
                        byte[] b = Utf8.encodeEscape(v);
                        out.write(b, 0, b.length);
                    }
                }
                default -> {
                    if (e >= '0' && e <= '7' && (!echoStyle || e == '0')) {
                        int v = echoStyle ? 0 : e - '0';
                        int d = echoStyle ? 0 : 1;
                        int max = echoStyle || percentB && e == '0' ? 3 : 3;
                        if (!echoStyle && percentB && e == '0') {
                            v = 0;
                            d = 0;
                        }
                        while (d < max && i < n && s.charAt(i) >= '0' && s.charAt(i) <= '7') {
                            v = v * 8 + (s.charAt(i++) - '0');
                            d++;
                        }
                        out.write(v & 0xff);
                    } else {
                        out.write('\\');
                        encode(e, out);
                    }
                }
            }
        }
        return false;
    }

    private static void encode(char c, ByteArrayOutputStream out) {
        if (c < 0x80) {
            out.write(c);
        } else {
            Text.encodeTo(String.valueOf(c), out);
        }
    }
}
