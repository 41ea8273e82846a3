package dev.shellbox.shell.interp;

import java.time.ZonedDateTime;
import java.time.format.TextStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.IsoFields;
import java.util.Locale;

/** strftime(3) conversions for {@code printf %(fmt)T}, in the C locale. */
final class Strftime {
    private Strftime() {}

    static String format(String fmt, ZonedDateTime t) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fmt.length(); i++) {
            char c = fmt.charAt(i);
            if (c != '%' || i + 1 >= fmt.length()) {
                sb.append(c);
                continue;
            }
            char k = fmt.charAt(++i);
            switch (k) {
                case 'Y' -> sb.append(t.getYear());
                case 'C' -> sb.append(two(t.getYear() / 100));
                case 'y' -> sb.append(two(t.getYear() % 100));
                case 'm' -> sb.append(two(t.getMonthValue()));
                case 'd' -> sb.append(two(t.getDayOfMonth()));
                case 'e' -> sb.append(String.format("%2d", t.getDayOfMonth()));
                case 'H' -> sb.append(two(t.getHour()));
                case 'k' -> sb.append(String.format("%2d", t.getHour()));
                case 'I' -> sb.append(two(hour12(t)));
                case 'l' -> sb.append(String.format("%2d", hour12(t)));
                case 'M' -> sb.append(two(t.getMinute()));
                case 'S' -> sb.append(two(t.getSecond()));
                case 'p' -> sb.append(t.getHour() < 12 ? "AM" : "PM");
                case 'P' -> sb.append(t.getHour() < 12 ? "am" : "pm");
                case 'j' -> sb.append(String.format("%03d", t.getDayOfYear()));
                case 'a' -> sb.append(t.getDayOfWeek().getDisplayName(TextStyle.SHORT, Locale.US));
                case 'A' -> sb.append(t.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.US));
                case 'b', 'h' -> sb.append(t.getMonth().getDisplayName(TextStyle.SHORT, Locale.US));
                case 'B' -> sb.append(t.getMonth().getDisplayName(TextStyle.FULL, Locale.US));
                case 'u' -> sb.append(t.getDayOfWeek().getValue());
                case 'w' -> sb.append(t.getDayOfWeek().getValue() % 7);
                case 'Z' ->
                    sb.append(
                            t.getZone().getId().equals("UTC")
                                            || t.getZone().getId().equals("Z")
                                    ? "UTC"
                                    : t.getZone().getDisplayName(TextStyle.SHORT, Locale.US));
                case 'z' -> {
                    int secs = t.getOffset().getTotalSeconds();
                    sb.append(secs < 0 ? '-' : '+');
                    secs = Math.abs(secs);
                    sb.append(two(secs / 3600)).append(two(secs / 60 % 60));
                }
                case 's' -> sb.append(t.toEpochSecond());
                case 'F' -> sb.append(format("%Y-%m-%d", t));
                case 'T' -> sb.append(format("%H:%M:%S", t));
                case 'D', 'x' -> sb.append(format("%m/%d/%y", t));
                case 'R' -> sb.append(format("%H:%M", t));
                case 'X' -> sb.append(format("%H:%M:%S", t));
                case 'r' -> sb.append(format("%I:%M:%S %p", t));
                case 'c' -> sb.append(format("%a %b %e %H:%M:%S %Y", t));
                case 'G' -> sb.append(t.get(IsoFields.WEEK_BASED_YEAR));
                case 'V' -> sb.append(two(t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR)));
                case 'U' ->
                    sb.append(two((t.getDayOfYear() + 6 - t.getDayOfWeek().getValue() % 7) / 7));
                case 'W' ->
                    sb.append(two((t.getDayOfYear() + 6 - (t.getDayOfWeek().getValue() + 6) % 7) / 7));
                case 'N' -> sb.append(String.format("%09d", t.get(ChronoField.NANO_OF_SECOND)));
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                case '%' -> sb.append('%');
                default -> sb.append('%').append(k);
            }
        }
        return sb.toString();
    }

    private static int hour12(ZonedDateTime t) {
        int h = t.getHour() % 12;
        return h == 0 ? 12 : h;
    }

    private static String two(int v) {
        return v < 10 ? "0" + v : Integer.toString(v);
    }
}
