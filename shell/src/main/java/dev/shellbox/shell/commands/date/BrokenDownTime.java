package dev.shellbox.shell.commands.date;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.temporal.IsoFields;

/** An instant split into calendar fields in a zone: what strftime formats (C's struct tm plus nanoseconds). */
record BrokenDownTime(LocalDateTime local, long epochSecond, int nano, int offsetSeconds, String zoneAbbreviation) {

    static BrokenDownTime of(Instant instant, TimeZoneSpec zone) {
        int offset = zone.offsetAt(instant).getTotalSeconds();
        LocalDateTime local =
                LocalDateTime.ofEpochSecond(instant.getEpochSecond(), instant.getNano(), zone.offsetAt(instant));
        return new BrokenDownTime(
                local, instant.getEpochSecond(), instant.getNano(), offset, zone.abbreviationAt(instant));
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
