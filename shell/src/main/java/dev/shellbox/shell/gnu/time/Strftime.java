package dev.shellbox.shell.gnu.time;

import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Locale;

/**
 * strftime in the C locale, in its two GNU flavours. {@link #nstrftime} is gnulib's, as coreutils and findutils format
 * times ({@code date +FORMAT}, {@code ls --time-style}, {@code stat}, {@code find -printf}, {@code du --time}): every
 * conversion, the flags {@code - _ 0 + ^ #}, field widths, the E and O modifiers (ignored), {@code %N}, {@code %q} and
 * {@code %:z %::z %:::z}. {@link #strftime} is glibc's strftime(3), as gawk, jq and bash's {@code printf %(...)T}
 * format: the same without {@code %N}, {@code %q} and the colon forms of {@code %z}. A conversion a flavour does not
 * know is copied unchanged.
 */
public final class Strftime {
    private static final String[] DAYS = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
    private static final String[] MONTHS = {
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December"
    };

    private final BrokenDownTime t;
    private final boolean glibc;
    private final StringBuilder out = new StringBuilder();

    // State of the conversion being formatted.
    private char pad;
    private int width;
    private boolean upcase;
    private boolean lowcase;

    private Strftime(BrokenDownTime t, boolean glibc) {
        this.t = t;
        this.glibc = glibc;
    }

    /** gnulib's nstrftime. */
    public static String nstrftime(String format, BrokenDownTime t) {
        return format(format, t, false);
    }

    /** gnulib's nstrftime of a time in a java.time zone. */
    public static String nstrftime(String format, ZonedDateTime t) {
        return format(format, BrokenDownTime.of(t), false);
    }

    /** gnulib's nstrftime of {@code instant} in the zone a TZ value names (null for UTC). */
    public static String nstrftime(String format, Instant instant, String tz) {
        return format(format, BrokenDownTime.of(instant, TimeZoneSpec.of(tz)), false);
    }

    /** glibc's strftime(3). */
    public static String strftime(String format, ZonedDateTime t) {
        return format(format, BrokenDownTime.of(t), true);
    }

    private static String format(String format, BrokenDownTime t, boolean glibc) {
        Strftime f = new Strftime(t, glibc);
        f.run(format, (char) 0, -1);
        return f.out.toString();
    }

    /**
     * Formats {@code format}; {@code yearPad} and {@code firstWidth} are what %F hands to its %Y (the year flag and
     * width), as gnulib's recursive call does.
     */
    private void run(String format, char yearPad, int firstWidth) {
        int initialWidth = firstWidth;
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                out.append(c);
                continue;
            }
            int start = i;
            pad = 0;
            upcase = false;
            lowcase = false;
            boolean changeCase = false;
            width = initialWidth;
            initialWidth = -1;
            // Flags.
            while (i + 1 < format.length()) {
                char f = format.charAt(i + 1);
                if (f == '_' || f == '-' || f == '0' || f == '+') {
                    pad = f;
                } else if (f == '^') {
                    upcase = true;
                } else if (f == '#') {
                    changeCase = true;
                } else {
                    break;
                }
                i++;
            }
            // Width.
            if (i + 1 < format.length() && isDigit(format.charAt(i + 1))) {
                long w = 0;
                while (i + 1 < format.length() && isDigit(format.charAt(i + 1))) {
                    w = Math.min(Integer.MAX_VALUE, w * 10 + (format.charAt(++i) - '0'));
                }
                width = (int) Math.min(w, 1 << 20);
            }
            // Modifier.
            char modifier = 0;
            if (i + 1 < format.length() && (format.charAt(i + 1) == 'E' || format.charAt(i + 1) == 'O')) {
                modifier = format.charAt(++i);
            }
            int colons = 0;
            while (i + 1 < format.length() && format.charAt(i + 1) == ':') {
                colons++;
                i++;
            }
            if (i + 1 >= format.length()) {
                badFormat(format, start, format.length());
                return;
            }
            char conv = format.charAt(++i);
            if (conv == '%' && i - start > 1) {
                // "%5%": the spec before the second % is a bad format, and that % starts the next one.
                badFormat(format, start, i);
                i--;
                continue;
            }
            if (colons > 0 && (conv != 'z' || colons > 3 || glibc)) {
                badFormat(format, start, i + 1);
                continue;
            }
            if (!convert(conv, modifier, changeCase, colons, yearPad)) {
                badFormat(format, start, i + 1);
            }
        }
    }

    /** Appends one conversion; false when it is not a valid one. */
    private boolean convert(char conv, char modifier, boolean changeCase, int colons, char yearPad) {
        switch (conv) {
            case '%' -> string("%");
            case 'n' -> string("\n");
            case 't' -> string("\t");
            case 'a', 'A', 'b', 'h', 'B' -> {
                if (modifier == 'E') {
                    return false;
                }
                if (changeCase) {
                    upcase = true;
                    lowcase = false;
                }
                String name = conv == 'a' || conv == 'A' ? DAYS[t.weekday()] : MONTHS[t.month() - 1];
                string(conv == 'a' || conv == 'b' || conv == 'h' ? name.substring(0, 3) : name);
            }
            case 'p', 'P' -> {
                if (conv == 'P') {
                    lowcase = true;
                }
                if (changeCase) {
                    upcase = false;
                    lowcase = true;
                }
                string(t.hour() < 12 ? "AM" : "PM");
            }
            case 'Z' -> {
                if (changeCase) {
                    upcase = false;
                    lowcase = true;
                }
                string(t.zoneAbbreviation());
            }
            case 'c' -> subformat("%a %b %e %H:%M:%S %1Y", (char) 0, -1);
            case 'D', 'x' -> subformat("%m/%d/%y", (char) 0, -1);
            case 'r' -> subformat("%I:%M:%S %p", (char) 0, -1);
            case 'R' -> subformat("%H:%M", (char) 0, -1);
            case 'T', 'X' -> subformat("%H:%M:%S", (char) 0, -1);
            case 'F' -> {
                if (modifier != 0) {
                    return false;
                }
                if (pad == 0 && width < 0) {
                    subformat("%Y-%m-%d", '+', 4);
                } else {
                    subformat("%Y-%m-%d", pad, Math.max(0, width - 6));
                }
            }
            case 'C' -> {
                // gnulib: (tm_year - 99 * (0 <= year < 1900)) / 100 + 19, with C's truncating division.
                long tmYear = t.year() - 1900;
                boolean negativeYear = t.year() < 0;
                long century = (tmYear - (!negativeYear && tmYear < 0 ? 99 : 0)) / 100 + 19;
                yearish(modifier == 'E' ? 1 : 2, negativeYear, Math.abs(century), yearPad);
            }
            case 'y' -> yearish(2, false, Math.abs(t.year() % 100), yearPad);
            case 'Y' -> {
                if (modifier == 'O') {
                    return false;
                }
                yearish(modifier == 'E' ? 1 : 4, t.year() < 0, Math.abs(t.year()), yearPad);
            }
            case 'G' -> yearish(4, t.isoWeekYear() < 0, Math.abs(t.isoWeekYear()), yearPad);
            case 'g' -> yearish(2, false, Math.abs(t.isoWeekYear() % 100), yearPad);
            case 'd' -> number(2, t.day(), false);
            case 'e' -> number(2, t.day(), true);
            case 'H' -> number(2, t.hour(), false);
            case 'k' -> number(2, t.hour(), true);
            case 'I' -> number(2, hour12(), false);
            case 'l' -> number(2, hour12(), true);
            case 'j' -> number(3, t.yearDay() + 1, false);
            case 'm' -> number(2, t.month(), false);
            case 'M' -> number(2, t.minute(), false);
            case 'S' -> number(2, t.second(), false);
            case 'q' -> {
                if (glibc) {
                    return false;
                }
                number(1, (t.month() - 1) / 3 + 1, false);
            }
            case 's' -> signedNumber(1, t.epochSecond() < 0, Math.abs(t.epochSecond()), false, 0);
            case 'u' -> number(1, (t.weekday() + 6) % 7 + 1, false);
            case 'w' -> number(1, t.weekday(), false);
            case 'U' -> number(2, (t.yearDay() - t.weekday() + 7) / 7, false);
            case 'W' -> number(2, (t.yearDay() - (t.weekday() + 6) % 7 + 7) / 7, false);
            case 'V' -> number(2, t.isoWeek(), false);
            case 'N' -> {
                if (modifier == 'E' || glibc) {
                    return false;
                }
                nanoseconds();
            }
            case 'z' -> zoneOffset(colons);
            default -> {
                return false;
            }
        }
        return true;
    }

    private int hour12() {
        int h = t.hour() % 12;
        return h == 0 ? 12 : h;
    }

    private void subformat(String format, char yearPad, int firstWidth) {
        Strftime inner = new Strftime(t, glibc);
        inner.run(format, yearPad, firstWidth);
        String text = inner.out.toString();
        if (upcase) {
            text = text.toUpperCase(Locale.ROOT);
        }
        padded(text, width);
    }

    private void string(String s) {
        String text = lowcase ? s.toLowerCase(Locale.ROOT) : upcase ? s.toUpperCase(Locale.ROOT) : s;
        padded(text, width);
    }

    /** gnulib's width_add: pads on the left to {@code w} with zeros or spaces unless the flag is '-'. */
    private void padded(String text, int w) {
        int target = pad == '-' || w < 0 ? 0 : w;
        if (text.length() < target) {
            char fill = pad == '0' || pad == '+' ? '0' : ' ';
            out.append(String.valueOf(fill).repeat(target - text.length()));
        }
        out.append(text);
    }

    private void number(int digits, long value, boolean spacePad) {
        if (spacePad && pad == 0) {
            pad = '_';
        }
        signedNumber(digits, value < 0, Math.abs(value), false, 0);
    }

    private void yearish(int digits, boolean negative, long magnitude, char yearPad) {
        if (pad == 0) {
            pad = yearPad;
        }
        boolean sign = pad == '+' && ((digits == 2 ? 99 : 9999) < magnitude || digits < width);
        signedNumber(digits, negative, magnitude, sign, 0);
    }

    /** gnulib's do_number_body and do_number_sign_and_padding. */
    private void signedNumber(int digits, boolean negative, long magnitude, boolean alwaysSign, int colonMask) {
        StringBuilder body = new StringBuilder();
        long v = magnitude;
        int mask = colonMask;
        do {
            if ((mask & 1) != 0) {
                body.append(':');
            }
            mask >>= 1;
            body.append((char) ('0' + v % 10));
            v /= 10;
        } while (v != 0 || mask != 0);
        String number = body.reverse().toString();
        if (pad == 0) {
            pad = '0';
        }
        int w = width < 0 ? digits : width;
        char sign = negative ? '-' : alwaysSign ? '+' : 0;
        int shortage = w - (sign != 0 ? 1 : 0) - number.length();
        int padding = pad == '-' || shortage <= 0 ? 0 : shortage;
        if (sign != 0) {
            if (pad == '_') {
                out.append(" ".repeat(padding));
                w -= padding;
            }
            out.append(sign);
            w--;
        }
        padded(number, w);
    }

    private void nanoseconds() {
        int n = t.nano();
        int w = width <= 0 ? 9 : width;
        int digits = 9;
        while (w < digits || (1 < digits && n % 10 == 0)) {
            digits--;
            n /= 10;
        }
        String text = String.format("%0" + digits + "d", n);
        if (pad == 0) {
            pad = '0';
        }
        out.append(text);
        if (pad != '-' && w > digits) {
            out.append(String.valueOf(pad == '0' || pad == '+' ? '0' : ' ').repeat(w - digits));
        }
    }

    private void zoneOffset(int colons) {
        int diff = t.offsetSeconds();
        int abs = Math.abs(diff);
        int hours = abs / 3600;
        int minutes = abs / 60 % 60;
        int seconds = abs % 60;
        boolean negative = diff < 0;
        switch (colons) {
            case 0 -> tzOffset(negative, 5, 0, hours * 100 + minutes);
            case 1 -> tzOffset(negative, 6, 04, hours * 100 + minutes);
            case 2 -> tzOffset(negative, 9, 024, hours * 10000 + minutes * 100 + seconds);
            default -> {
                if (seconds != 0) {
                    tzOffset(negative, 9, 024, hours * 10000 + minutes * 100 + seconds);
                } else if (minutes != 0) {
                    tzOffset(negative, 6, 04, hours * 100 + minutes);
                } else {
                    tzOffset(negative, 3, 0, hours);
                }
            }
        }
    }

    private void tzOffset(boolean negative, int digits, int colonMask, long value) {
        signedNumber(digits, negative, value, true, colonMask);
    }

    private void badFormat(String format, int start, int end) {
        padded(format.substring(start, end), width);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
