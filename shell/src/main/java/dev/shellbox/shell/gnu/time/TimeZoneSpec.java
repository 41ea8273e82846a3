package dev.shellbox.shell.gnu.time;

import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A time zone as glibc reads the TZ variable: a tz database name ({@code Europe/Paris}), a POSIX zone string ({@code
 * UTC0}, {@code EST5EDT,M3.2.0,M11.1.0}, {@code <+03>-3}), or anything else, which means UTC under the name's leading
 * letters.
 */
public abstract sealed class TimeZoneSpec {
    static final TimeZoneSpec UTC = new Fixed("UTC", ZoneOffset.UTC);

    private static final Pattern NAME = Pattern.compile("<([^>]*)>|([A-Za-z]{3,})");
    private static final Pattern OFFSET = Pattern.compile("([+-]?)(\\d{1,3})(?::(\\d{1,2})(?::(\\d{1,2}))?)?");
    private static final Pattern RULE = Pattern.compile("M(\\d{1,2})\\.(\\d)\\.(\\d)|J(\\d{1,3})|(\\d{1,3})");

    /** The UTC offset in effect at {@code instant}. */
    public abstract ZoneOffset offsetAt(Instant instant);

    /** The abbreviation %Z prints at {@code instant}. */
    public abstract String abbreviationAt(Instant instant);

    /**
     * The instant of a local date and time, as mktime with tm_isdst = -1: an ambiguous time takes the earlier
     * (daylight) offset, a time in a gap is moved forward by the gap.
     */
    public abstract Instant toInstant(LocalDateTime local);

    /** Reads a TZ value; null or empty means UTC. */
    /** The java.time zone a TZ value names, UTC when it is unset, empty or unknown to java.time. */
    public static ZoneId zoneId(String tz) {
        if (tz == null || tz.isEmpty()) {
            return ZoneOffset.UTC;
        }
        try {
            return ZoneId.of(tz.startsWith(":") ? tz.substring(1) : tz);
        } catch (DateTimeException e) {
            return ZoneOffset.UTC;
        }
    }

    public static TimeZoneSpec of(String tz) {
        if (tz == null || tz.isEmpty()) {
            return UTC;
        }
        String name = tz.startsWith(":") ? tz.substring(1) : tz;
        if (!name.isEmpty()
                && !name.startsWith("/")
                && ZoneId.getAvailableZoneIds().contains(name)) {
            return new Region(ZoneId.of(name));
        }
        TimeZoneSpec posix = parsePosix(name);
        if (posix != null) {
            return posix;
        }
        Matcher letters = Pattern.compile("^[A-Za-z]{3,}").matcher(name);
        return new Fixed(letters.find() ? letters.group() : "UTC", ZoneOffset.UTC);
    }

    /** A fixed offset under a given name ({@code -u}, zones written in a date string). */
    public static TimeZoneSpec fixed(String abbreviation, ZoneOffset offset) {
        return new Fixed(abbreviation, offset);
    }

    private static TimeZoneSpec parsePosix(String s) {
        Matcher m = NAME.matcher(s);
        if (!m.lookingAt()) {
            return null;
        }
        String std = m.group(1) != null ? m.group(1) : m.group(2);
        int pos = m.end();
        Matcher o = OFFSET.matcher(s).region(pos, s.length());
        if (!o.lookingAt()) {
            return null;
        }
        int stdOffset = -offsetSeconds(o);
        pos = o.end();
        if (pos == s.length()) {
            return new Fixed(std, ZoneOffset.ofTotalSeconds(clampOffset(stdOffset)));
        }
        m = NAME.matcher(s).region(pos, s.length());
        if (!m.lookingAt()) {
            return null;
        }
        String dst = m.group(1) != null ? m.group(1) : m.group(2);
        pos = m.end();
        int dstOffset = stdOffset + 3600;
        o = OFFSET.matcher(s).region(pos, s.length());
        if (o.lookingAt()) {
            dstOffset = -offsetSeconds(o);
            pos = o.end();
        }
        String rules = pos == s.length() ? ",M3.2.0,M11.1.0" : s.substring(pos);
        String[] parts = rules.split(",", -1);
        if (parts.length != 3 || !parts[0].isEmpty()) {
            return null;
        }
        Transition start = Transition.parse(parts[1]);
        Transition end = Transition.parse(parts[2]);
        if (start == null || end == null) {
            return null;
        }
        return new Rules(
                std,
                ZoneOffset.ofTotalSeconds(clampOffset(stdOffset)),
                dst,
                ZoneOffset.ofTotalSeconds(clampOffset(dstOffset)),
                start,
                end);
    }

    private static int offsetSeconds(Matcher o) {
        int seconds = Integer.parseInt(o.group(2)) * 3600
                + (o.group(3) == null ? 0 : Integer.parseInt(o.group(3)) * 60)
                + (o.group(4) == null ? 0 : Integer.parseInt(o.group(4)));
        return o.group(1).equals("-") ? -seconds : seconds;
    }

    private static int clampOffset(int seconds) {
        return Math.max(-18 * 3600, Math.min(18 * 3600, seconds));
    }

    /** A tz database zone; abbreviations come from Java's zone names. */
    static final class Region extends TimeZoneSpec {
        private static final DateTimeFormatter ABBREVIATION = DateTimeFormatter.ofPattern("zzz", Locale.US);
        private final ZoneId zone;

        Region(ZoneId zone) {
            this.zone = zone;
        }

        @Override
        public ZoneOffset offsetAt(Instant instant) {
            return zone.getRules().getOffset(instant);
        }

        @Override
        public String abbreviationAt(Instant instant) {
            String name = ABBREVIATION.format(ZonedDateTime.ofInstant(instant, zone));
            if (name.startsWith("GMT") && name.length() > 3) {
                // Java has no abbreviation here; tzdata's numeric form is "+03" or "+0530".
                int total = offsetAt(instant).getTotalSeconds();
                int abs = Math.abs(total);
                String sign = total < 0 ? "-" : "+";
                return abs % 3600 == 0
                        ? String.format("%s%02d", sign, abs / 3600)
                        : String.format("%s%02d%02d", sign, abs / 3600, abs / 60 % 60);
            }
            return name;
        }

        @Override
        public Instant toInstant(LocalDateTime local) {
            return ZonedDateTime.ofLocal(local, zone, null).toInstant();
        }
    }

    /** A zone with one offset. */
    static final class Fixed extends TimeZoneSpec {
        private final String abbreviation;
        private final ZoneOffset offset;

        Fixed(String abbreviation, ZoneOffset offset) {
            this.abbreviation = abbreviation;
            this.offset = offset;
        }

        @Override
        public ZoneOffset offsetAt(Instant instant) {
            return offset;
        }

        @Override
        public String abbreviationAt(Instant instant) {
            return abbreviation;
        }

        @Override
        public Instant toInstant(LocalDateTime local) {
            return local.toInstant(offset);
        }
    }

    /** A POSIX TZ string with daylight saving time between two yearly transitions. */
    static final class Rules extends TimeZoneSpec {
        private final String stdName;
        private final ZoneOffset std;
        private final String dstName;
        private final ZoneOffset dst;
        private final Transition start;
        private final Transition end;

        Rules(String stdName, ZoneOffset std, String dstName, ZoneOffset dst, Transition start, Transition end) {
            this.stdName = stdName;
            this.std = std;
            this.dstName = dstName;
            this.dst = dst;
            this.start = start;
            this.end = end;
        }

        private boolean isDst(Instant instant) {
            int year = LocalDateTime.ofInstant(instant, std).getYear();
            Instant begins = start.at(year).toInstant(std);
            Instant ends = end.at(year).toInstant(dst);
            if (begins.isBefore(ends)) {
                return !instant.isBefore(begins) && instant.isBefore(ends);
            }
            return instant.isBefore(ends) || !instant.isBefore(begins);
        }

        @Override
        public ZoneOffset offsetAt(Instant instant) {
            return isDst(instant) ? dst : std;
        }

        @Override
        public String abbreviationAt(Instant instant) {
            return isDst(instant) ? dstName : stdName;
        }

        @Override
        public Instant toInstant(LocalDateTime local) {
            Instant asDst = local.toInstant(dst);
            if (isDst(asDst)) {
                return asDst;
            }
            return local.toInstant(std);
        }
    }

    /** When a POSIX rule switches: Mm.w.d (day d of week w of month m) or Jn (day n of a 365-day year), at 02:00. */
    record Transition(int month, int week, int weekday, int julianDay, int zeroBasedDay, LocalTime time) {
        static Transition parse(String text) {
            String[] dateAndTime = text.split("/", 2);
            Matcher m = RULE.matcher(dateAndTime[0]);
            if (!m.matches()) {
                return null;
            }
            LocalTime time = LocalTime.of(2, 0);
            if (dateAndTime.length == 2) {
                Matcher t = OFFSET.matcher(dateAndTime[1]);
                if (!t.matches() || !t.group(1).isEmpty()) {
                    return null;
                }
                int seconds = offsetSeconds(t);
                time = LocalTime.ofSecondOfDay(Math.min(seconds, 86399));
            }
            if (m.group(1) != null) {
                int month = Integer.parseInt(m.group(1));
                int week = Integer.parseInt(m.group(2));
                int weekday = Integer.parseInt(m.group(3));
                if (month < 1 || month > 12 || week < 1 || week > 5 || weekday > 6) {
                    return null;
                }
                return new Transition(month, week, weekday, 0, -1, time);
            }
            if (m.group(4) != null) {
                int day = Integer.parseInt(m.group(4));
                return day >= 1 && day <= 365 ? new Transition(0, 0, 0, day, -1, time) : null;
            }
            int day = Integer.parseInt(m.group(5));
            return day <= 365 ? new Transition(0, 0, 0, 0, day, time) : null;
        }

        /** The local date and time of this transition in {@code year}. */
        LocalDateTime at(int year) {
            LocalDate date;
            if (month > 0) {
                DayOfWeek dow = DayOfWeek.of(weekday == 0 ? 7 : weekday);
                LocalDate first = LocalDate.of(year, month, 1).with(TemporalAdjusters.firstInMonth(dow));
                date = first.plusWeeks(week - 1L);
                if (date.getMonthValue() != month) {
                    date = date.minusWeeks(1);
                }
            } else if (julianDay > 0) {
                date = LocalDate.ofYearDay(2023, julianDay).withYear(year);
            } else {
                date = LocalDate.ofYearDay(
                        year,
                        Math.min(zeroBasedDay + 1, LocalDate.of(year, 1, 1).lengthOfYear()));
            }
            return date.atTime(time);
        }
    }
}
