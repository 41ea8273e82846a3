package dev.shellbox.shell.gnu.printf;

/**
 * What stands between {@code %} and the conversion character of a printf-style directive, as GNU's {@code find
 * -printf} and {@code stat --printf} read it: flags, a field width and a precision (-1 when none). Widths and
 * precisions beyond six digits are cut to their first six, as both tools effectively do.
 *
 * @param end the index of the conversion character; the format's length when it ends before one
 */
public record ConversionSpec(String flags, int width, int precision, int end) {
    private static final int MAX_DIGITS = 6;

    /** Reads the spec that starts at {@code from} (just after the {@code %}); flags are characters of {@code flagChars}. */
    public static ConversionSpec read(String format, int from, String flagChars) {
        int n = format.length();
        int j = from;
        while (j < n && flagChars.indexOf(format.charAt(j)) >= 0) {
            j++;
        }
        String flags = format.substring(from, j);
        int widthStart = j;
        while (j < n && Character.isDigit(format.charAt(j))) {
            j++;
        }
        int width = j > widthStart
                ? Integer.parseInt(format.substring(widthStart, Math.min(j, widthStart + MAX_DIGITS)))
                : 0;
        int precision = -1;
        if (j < n && format.charAt(j) == '.') {
            int p = ++j;
            while (j < n && Character.isDigit(format.charAt(j))) {
                j++;
            }
            precision = j > p ? Integer.parseInt(format.substring(p, Math.min(j, p + MAX_DIGITS))) : 0;
        }
        return new ConversionSpec(flags, width, precision, j);
    }
}
