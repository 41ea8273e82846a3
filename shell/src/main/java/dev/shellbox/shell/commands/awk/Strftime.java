package dev.shellbox.shell.commands.awk;

import java.time.ZonedDateTime;
import java.time.format.TextStyle;
import java.time.temporal.IsoFields;
import java.util.Locale;

/** C strftime(3) in the C locale: gawk's strftime() and jq's. */
public final class Strftime {
    private Strftime() {}

    public static String format(String format, ZonedDateTime t) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%' || i + 1 >= format.length()) {
                out.append(c);
                continue;
            }
            char f = format.charAt(++i);
            switch (f) {
                case 'a' -> out.append(t.getDayOfWeek().getDisplayName(TextStyle.SHORT, Locale.US));
                case 'A' -> out.append(t.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.US));
                case 'b', 'h' -> out.append(t.getMonth().getDisplayName(TextStyle.SHORT, Locale.US));
                case 'B' -> out.append(t.getMonth().getDisplayName(TextStyle.FULL, Locale.US));
                case 'c' -> out.append(format("%a %b %e %H:%M:%S %Y", t));
                case 'C' -> out.append(two(t.getYear() / 100));
                case 'd' -> out.append(two(t.getDayOfMonth()));
                case 'D' -> out.append(format("%m/%d/%y", t));
                case 'e' -> out.append(String.format("%2d", t.getDayOfMonth()));
                case 'F' -> out.append(format("%Y-%m-%d", t));
                case 'g' -> out.append(two(t.get(IsoFields.WEEK_BASED_YEAR) % 100));
                case 'G' -> out.append(t.get(IsoFields.WEEK_BASED_YEAR));
                case 'H' -> out.append(two(t.getHour()));
                case 'I' -> out.append(two(t.getHour() % 12 == 0 ? 12 : t.getHour() % 12));
                case 'j' -> out.append(String.format("%03d", t.getDayOfYear()));
                case 'k' -> out.append(String.format("%2d", t.getHour()));
                case 'l' -> out.append(String.format("%2d", t.getHour() % 12 == 0 ? 12 : t.getHour() % 12));
                case 'm' -> out.append(two(t.getMonthValue()));
                case 'M' -> out.append(two(t.getMinute()));
                case 'n' -> out.append('\n');
                case 'p' -> out.append(t.getHour() < 12 ? "AM" : "PM");
                case 'r' -> out.append(format("%I:%M:%S %p", t));
                case 'R' -> out.append(format("%H:%M", t));
                case 's' -> out.append(t.toEpochSecond());
                case 'S' -> out.append(two(t.getSecond()));
                case 't' -> out.append('\t');
                case 'T' -> out.append(format("%H:%M:%S", t));
                case 'u' -> out.append(t.getDayOfWeek().getValue());
                case 'U' ->
                    out.append(two((t.getDayOfYear() + 6 - t.getDayOfWeek().getValue() % 7) / 7));
                case 'V' -> out.append(two(t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR)));
                case 'w' -> out.append(t.getDayOfWeek().getValue() % 7);
                case 'W' ->
                    out.append(two((t.getDayOfYear() + 6 - (t.getDayOfWeek().getValue() + 6) % 7) / 7));
                case 'x' -> out.append(format("%m/%d/%y", t));
                case 'X' -> out.append(format("%H:%M:%S", t));
                case 'y' -> out.append(two(t.getYear() % 100));
                case 'Y' -> out.append(t.getYear());
                case 'z' -> {
                    int offset = t.getOffset().getTotalSeconds() / 60;
                    out.append(offset < 0 ? '-' : '+')
                            .append(two(Math.abs(offset) / 60))
                            .append(two(Math.abs(offset) % 60));
                }
                case 'Z' -> out.append(t.getZone().getDisplayName(TextStyle.SHORT, Locale.US));
                case '%' -> out.append('%');
                default -> out.append('%').append(f);
            }
        }
        return out.toString();
    }

    private static String two(long v) {
        return v < 10 ? "0" + v : Long.toString(v);
    }
}
