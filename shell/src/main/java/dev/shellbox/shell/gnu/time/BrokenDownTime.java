package dev.shellbox.shell.gnu.time;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.IsoFields;
import java.util.Locale;

/** An instant split into calendar fields in a zone: what strftime formats (C's struct tm plus nanoseconds). */
public record BrokenDownTime(
        LocalDateTime local, long epochSecond, int nano, int offsetSeconds, String zoneAbbreviation) {

    public static BrokenDownTime of(Instant instant, TimeZoneSpec zone) {
        int offset = zone.offsetAt(instant).getTotalSeconds();
        LocalDateTime local =
                LocalDateTime.ofEpochSecond(instant.getEpochSecond(), instant.getNano(), zone.offsetAt(instant));
        return new BrokenDownTime(
                local, instant.getEpochSecond(), instant.getNano(), offset, zone.abbreviationAt(instant));
    }

    /** A java.time zoned time; its zone's abbreviation as java.time knows it, a bare offset as UTC or +hhmm. */
    public static BrokenDownTime of(ZonedDateTime t) {
        return new BrokenDownTime(
                t.toLocalDateTime(),
                t.toEpochSecond(),
                t.getNano(),
                t.getOffset().getTotalSeconds(),
                abbreviation(t));
    }

    private static String abbreviation(ZonedDateTime t) {
        if (t.getZone() instanceof ZoneOffset offset) {
            int seconds = offset.getTotalSeconds();
            if (seconds == 0) {
                return "UTC";
            }
            int abs = Math.abs(seconds);
            return String.format("%c%02d%02d", seconds < 0 ? '-' : '+', abs / 3600, abs / 60 % 60);
        }
        return DateTimeFormatter.ofPattern("zzz", Locale.ROOT).format(t);
    }

    long year() {
        return local.getYear();
    }

    int month() {
        return local.getMonthValue();
    }

    int day() {
        return local.getDayOfMonth();
    }

    int hour() {
        return local.getHour();
    }

    int minute() {
        return local.getMinute();
    }

    int second() {
        return local.getSecond();
    }

    /** 0 = Sunday, as tm_wday. */
    int weekday() {
        return local.getDayOfWeek().getValue() % 7;
    }

    /** 0-based day of the year, as tm_yday. */
    int yearDay() {
        return local.getDayOfYear() - 1;
    }

    long isoWeekYear() {
        return local.toLocalDate().get(IsoFields.WEEK_BASED_YEAR);
    }

    int isoWeek() {
        return local.toLocalDate().get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
    }
}
