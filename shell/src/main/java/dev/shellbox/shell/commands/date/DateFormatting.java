package dev.shellbox.shell.commands.date;

import java.time.Instant;

/** strftime-style formatting of an instant in the zone a TZ value names, for other commands (diff headers, ls). */
public final class DateFormatting {
    private DateFormatting() {}

    /**
     * Formats {@code instant} with a date(1) format (without the leading +).
     *
     * @param tz the TZ variable's value, null for UTC
     */
    public static String format(String format, Instant instant, String tz) {
        return DateFormatter.format(format, BrokenDownTime.of(instant, TimeZoneSpec.of(tz)));
    }
}
