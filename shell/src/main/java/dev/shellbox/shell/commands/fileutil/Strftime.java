package dev.shellbox.shell.commands.fileutil;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.TextStyle;
import java.time.temporal.IsoFields;
import java.util.Locale;

/**
 * strftime(3) in the C locale, for {@code ls --time-style=+FORMAT}, {@code find -printf} and {@code stat}: the
 * common conversions with GNU's {@code %N} (nanoseconds) and the padding flags {@code -}, {@code _} and {@code 0}.
 */
public final class Strftime {
    private Strftime() {}

    public static String format(String pattern, ZonedDateTime t) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c != '%' || i + 1 >= pattern.length()) {
                sb.append(c);
                continue;
            }
            int start = i;
            char pad = 0;
            char next = pattern.charAt(++i);
            if ((next == '-' || next == '_' || next == '0' || next == '^') && i + 1 < pattern.length()) {
                pad = next;
                next = pattern.charAt(++i);
            }
            String value = conversion(next, t, pad);
            if (value == null) {
                sb.append(pattern, start, i + 1);
            } else {
                sb.append(value);
            }
        }
        return sb.toString();
    }

    private static String conversion(char c, ZonedDateTime t, char pad) {
        return switch (c) {
            case 'Y' -> Integer.toString(t.getYear());
            case 'C' -> number(t.getYear() / 100, 2, pad, '0');
            case 'y' -> number(t.getYear() % 100, 2, pad, '0');
            case 'm' -> number(t.getMonthValue(), 2, pad, '0');
            case 'd' -> number(t.getDayOfMonth(), 2, pad, '0');
            case 'e' -> number(t.getDayOfMonth(), 2, pad, ' ');
            case 'H' -> number(t.getHour(), 2, pad, '0');
            case 'k' -> number(t.getHour(), 2, pad, ' ');
            case 'I' -> number((t.getHour() + 11) % 12 + 1, 2, pad, '0');
            case 'l' -> number((t.getHour() + 11) % 12 + 1, 2, pad, ' ');
            case 'M' -> number(t.getMinute(), 2, pad, '0');
            case 'S' -> number(t.getSecond(), 2, pad, '0');
            case 'N' -> String.format("%09d", t.getNano());
            case 'j' -> number(t.getDayOfYear(), 3, pad, '0');
            case 'b', 'h' -> upper(t.getMonth().getDisplayName(TextStyle.SHORT, Locale.US), pad);
            case 'B' -> upper(t.getMonth().getDisplayName(TextStyle.FULL, Locale.US), pad);
            case 'a' -> upper(t.getDayOfWeek().getDisplayName(TextStyle.SHORT, Locale.US), pad);
            case 'A' -> upper(t.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.US), pad);
            case 'p' -> t.getHour() < 12 ? "AM" : "PM";
            case 'P' -> t.getHour() < 12 ? "am" : "pm";
            case 'u' -> Integer.toString(t.getDayOfWeek().getValue());
            case 'w' -> Integer.toString(t.getDayOfWeek().getValue() % 7);
            case 'U' -> number((t.getDayOfYear() + 6 - t.getDayOfWeek().getValue() % 7) / 7, 2, pad, '0');
            case 'W' -> number((t.getDayOfYear() + 6 - (t.getDayOfWeek().getValue() + 6) % 7) / 7, 2, pad, '0');
            case 'V' -> number(t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR), 2, pad, '0');
            case 'G' -> Integer.toString(t.get(IsoFields.WEEK_BASED_YEAR));
            case 'g' -> number(t.get(IsoFields.WEEK_BASED_YEAR) % 100, 2, pad, '0');
            case 's' -> Long.toString(t.toEpochSecond());
            case 'z' -> offset(t.getOffset().getTotalSeconds(), false);
            case 'Z' -> zoneAbbreviation(t);
            case 'F' -> format("%Y-%m-%d", t);
            case 'T' -> format("%H:%M:%S", t);
            case 'D' -> format("%m/%d/%y", t);
            case 'R' -> format("%H:%M", t);
            case 'r' -> format("%I:%M:%S %p", t);
            case 'c' -> format("%a %b %e %H:%M:%S %Y", t);
            case 'x' -> format("%m/%d/%y", t);
            case 'X' -> format("%H:%M:%S", t);
            case 'n' -> "\n";
            case 't' -> "\t";
            case '%' -> "%";
            case ':' -> null;
            default -> null;
        };
    }

    private static String number(long value, int width, char pad, char defaultPad) {
        char p = pad == 0 || pad == '^' ? defaultPad : pad;
        if (p == '-') {
            return Long.toString(value);
        }
        String digits = Long.toString(value);
        StringBuilder sb = new StringBuilder();
        for (int i = digits.length(); i < width; i++) {
            sb.append(p == '_' ? ' ' : p);
        }
        return sb.append(digits).toString();
    }

    private static String upper(String s, char pad) {
        return pad == '^' ? s.toUpperCase(Locale.ROOT) : s;
    }

    /** {@code +0100} as {@code %z} prints an offset. */
    public static String offset(int totalSeconds, boolean colon) {
        int abs = Math.abs(totalSeconds);
        return String.format("%c%02d%s%02d", totalSeconds < 0 ? '-' : '+', abs / 3600, colon ? ":" : "", abs / 60 % 60);
    }

    private static String zoneAbbreviation(ZonedDateTime t) {
        if (t.getZone() instanceof ZoneOffset offset) {
            return offset.getTotalSeconds() == 0 ? "UTC" : offset(offset.getTotalSeconds(), false);
        }
        return DateTimeFormatter.ofPattern("zzz", Locale.ROOT).format(t);
    }
}
