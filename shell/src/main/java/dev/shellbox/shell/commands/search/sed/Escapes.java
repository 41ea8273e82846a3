package dev.shellbox.shell.commands.search.sed;

/**
 * GNU sed's escape sequences in regexes, replacements, {@code y} strings and a/i/c text: {@code \a \f \n \r \t \v},
 * {@code \cX} (control), {@code \dNNN} (decimal), {@code \oNNN} (octal), {@code \xHH} (hex).
 */
final class Escapes {
    private Escapes() {}

    /**
     * Decodes the escape whose letter is at {@code text[i]} (the backslash before it already consumed) into {@code
     * out}; an unknown letter stands for itself. Returns the index of the last character used.
     */
    static int decode(String text, int i, StringBuilder out, boolean keepUnknownBackslash) {
        char e = text.charAt(i);
        switch (e) {
            case 'a' -> out.append('\u0007');
            case 'f' -> out.append('\f');
            case 'n' -> out.append('\n');
            case 'r' -> out.append('\r');
            case 't' -> out.append('\t');
            case 'v' -> out.append('\u000b');
            case 'c' -> {
                if (i + 1 < text.length()) {
                    out.append((char) (Character.toUpperCase(text.charAt(i + 1)) ^ 0x40));
                    return i + 1;
                }
                out.append('c');
            }
            case 'd' -> {
                return number(text, i, 10, 3, out);
            }
            case 'o' -> {
                return number(text, i, 8, 3, out);
            }
            case 'x' -> {
                return number(text, i, 16, 2, out);
            }
            default -> {
                if (keepUnknownBackslash) {
                    out.append('\\');
                }
                out.append(e);
            }
        }
        return i;
    }

    private static int number(String text, int i, int radix, int maxDigits, StringBuilder out) {
        int end = i + 1;
        while (end < text.length() && end - i - 1 < maxDigits && Character.digit(text.charAt(end), radix) >= 0) {
            end++;
        }
        if (end == i + 1) {
            out.append(text.charAt(i));
            return i;
        }
        int value = Integer.parseInt(text.substring(i + 1, end), radix) & 0xff;
        out.append(value < 0x80 ? (char) value : (char) (0xDC00 + value)); // a raw byte, as io.Text keeps them
        return end - 1;
    }
}
