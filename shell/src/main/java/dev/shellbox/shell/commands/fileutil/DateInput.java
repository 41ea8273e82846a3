package dev.shellbox.shell.commands.fileutil;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The date strings of {@code touch -d} in the forms GNU parse_datetime accepts most often: {@code @SECONDS}, ISO
 * dates and times ({@code 2024-01-02}, {@code 2024-01-02T03:04:05Z}, {@code 2024-01-02 03:04:05.5 +0100}), {@code
 * MM/DD/YYYY}, month names ({@code Jan 5 2020}, {@code 5 January}), times ({@code 14:00}, {@code 2:30pm}),
 * weekdays ({@code monday}, {@code next friday}), and relative items ({@code now}, {@code yesterday}, {@code 2 days
 * ago}, {@code +1 hour}, {@code last month}).
 */
public final class DateInput {
    private static final List<String> MONTHS =
            List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec");
    private static final List<String> DAYS = List.of("sun", "mon", "tue", "wed", "thu", "fri", "sat");
    private static final String MONTH = "(january|february|march|april|may|june|july|august|september|october"
            + "|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?";
    private static final String UNIT = "(years?|months?|fortnights?|weeks?|days?|hours?|minutes?|mins?|seconds?|secs?)";

    private static final Pattern EPOCH = Pattern.compile("@(-?\\d+)(?:[.,](\\d+))?");
    private static final Pattern ISO_DATE = Pattern.compile("(\\d{4})-(\\d{1,2})-(\\d{1,2})(?=t\\d|\\b)t?");
    private static final Pattern SLASH_ISO_DATE = Pattern.compile("(\\d{4})/(\\d{1,2})/(\\d{1,2})\\b");
    private static final Pattern US_DATE = Pattern.compile("(\\d{1,2})/(\\d{1,2})(?:/(\\d{2,4}))?\\b");
    private static final Pattern DAY_MONTH = Pattern.compile("(\\d{1,2})[ -]?" + MONTH + "(?:[ -](\\d{4}))?\\b");
    private static final Pattern MONTH_DAY = Pattern.compile(MONTH + " ?(\\d{1,2})\\b(?:,? (\\d{4})\\b)?");
    private static final Pattern TIME =
            Pattern.compile("(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d+))?)?(?: ?(am|pm|a\\.m\\.|p\\.m\\.))?"
                    + "(?: ?([+-]\\d{2}(?::?\\d{2})?|z)\\b)?");
    private static final Pattern HOUR_MERIDIAN = Pattern.compile("(\\d{1,2}) ?(am|pm|a\\.m\\.|p\\.m\\.)");
    private static final Pattern ZONE = Pattern.compile("(utc|gmt|ut|z)\\b|([+-])(\\d{2}):?(\\d{2})\\b");
    private static final Pattern RELATIVE = Pattern.compile("(?:([+-]) ?)?(\\d+)? ?" + UNIT + "\\b( ago\\b)?");
    private static final Pattern ORDINAL_UNIT = Pattern.compile("(next|last|this) " + UNIT + "\\b( ago\\b)?");
    private static final Pattern DAY_NAME =
            Pattern.compile("(?:(next|last|this) )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday"
                    + "|sun|mon|tues|tue|wednes|wed|thurs|thur|thu|fri|sat)\\.?,?\\b");
    private static final Pattern WORD = Pattern.compile("(now|today|yesterday|tomorrow)\\b");
    private static final Pattern NUMBER = Pattern.compile("(\\d+)\\b");

    private DateInput() {}

    /** The instant {@code text} names, relative to {@code base} in {@code zone}; null when it cannot be parsed. */
    public static Instant parse(String text, Instant base, ZoneId zone) {
        try {
            String normal = text.trim().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
            return new Parser(normal, base, zone).parse();
        } catch (DateTimeException | ArithmeticException | NumberFormatException e) {
            return null;
        }
    }

    /** The zone of the {@code TZ} variable, UTC when unset or unknown. */
    public static ZoneId zone(String tz) {
        if (tz == null || tz.isEmpty()) {
            return ZoneOffset.UTC;
        }
        try {
            return ZoneId.of(tz.startsWith(":") ? tz.substring(1) : tz);
        } catch (DateTimeException e) {
            return ZoneOffset.UTC;
        }
    }

    private static final class Parser {
        final String text;
        final ZonedDateTime base;
        int pos;
        LocalDate date;
        Integer year;
        LocalTime time;
        ZoneId zone;
        int dayOrdinal;
        Integer weekday;
        long relYears;
        long relMonths;
        long relDays;
        long relSeconds;

        Parser(String text, Instant base, ZoneId zone) {
            this.text = text;
            this.base = base.atZone(zone);
        }

        Instant parse() {
            Matcher epoch = EPOCH.matcher(text);
            if (epoch.matches()) {
                long seconds = Long.parseLong(epoch.group(1));
                long nanos = epoch.group(2) == null ? 0 : fractionNanos(epoch.group(2));
                return Instant.ofEpochSecond(seconds, seconds < 0 && nanos > 0 ? -nanos : nanos);
            }
            while (true) {
                skipSpace();
                if (pos >= text.length()) {
                    break;
                }
                if (!item()) {
                    return null;
                }
            }
            return compute();
        }

        private boolean item() {
            Matcher m;
            if ((m = match(ISO_DATE)) != null) {
                return setDate(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3), true);
            }
            if ((m = match(SLASH_ISO_DATE)) != null) {
                return setDate(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3), true);
            }
            if ((m = match(TIME)) != null) {
                return setTime(m.group(1), m.group(2), m.group(3), m.group(4), m.group(5), m.group(6));
            }
            if ((m = match(US_DATE)) != null) {
                boolean hasYear = m.group(3) != null;
                int y = hasYear ? twoDigitYear(m.group(3)) : base.getYear();
                return setDate(y, Integer.parseInt(m.group(1)), m.group(2), hasYear);
            }
            if ((m = match(DAY_MONTH)) != null) {
                boolean hasYear = m.group(3) != null;
                int y = hasYear ? Integer.parseInt(m.group(3)) : base.getYear();
                return setDate(y, month(m.group(2)), m.group(1), hasYear);
            }
            if ((m = match(MONTH_DAY)) != null) {
                boolean hasYear = m.group(3) != null;
                int y = hasYear ? Integer.parseInt(m.group(3)) : base.getYear();
                return setDate(y, month(m.group(1)), m.group(2), hasYear);
            }
            if ((m = match(HOUR_MERIDIAN)) != null) {
                return setTime(m.group(1), "0", null, null, m.group(2), null);
            }
            if ((m = match(ORDINAL_UNIT)) != null) {
                long n = switch (m.group(1)) {
                    case "next" -> 1;
                    case "last" -> -1;
                    default -> 0;
                };
                addRelative(m.group(3) != null ? -n : n, m.group(2));
                return true;
            }
            if ((m = match(DAY_NAME)) != null) {
                if (weekday != null) {
                    return false;
                }
                String ordinal = m.group(1);
                dayOrdinal = ordinal == null || ordinal.equals("this") ? 0 : ordinal.equals("next") ? 1 : -1;
                weekday = DAYS.indexOf(m.group(2).substring(0, 3));
                return true;
            }
            if ((m = match(WORD)) != null) {
                switch (m.group(1)) {
                    case "yesterday" -> relDays -= 1;
                    case "tomorrow" -> relDays += 1;
                    default -> {}
                }
                return true;
            }
            if ((m = match(ZONE)) != null) {
                if (zone != null) {
                    return false;
                }
                zone = m.group(1) != null
                        ? ZoneOffset.UTC
                        : ZoneOffset.ofHoursMinutes(
                                sign(m.group(2)) * Integer.parseInt(m.group(3)),
                                sign(m.group(2)) * Integer.parseInt(m.group(4)));
                return true;
            }
            if ((m = match(RELATIVE)) != null) {
                long n = m.group(2) == null ? 1 : Long.parseLong(m.group(2));
                if ("-".equals(m.group(1))) {
                    n = -n;
                }
                addRelative(m.group(4) != null ? -n : n, m.group(3));
                return true;
            }
            if ((m = match(NUMBER)) != null) {
                return number(m.group(1));
            }
            return false;
        }

        /** A bare number: YYYYMMDD as a date, the year of a date given without one, or HH / HHMM. */
        private boolean number(String digits) {
            if (digits.length() == 4 && date != null && year == null && time != null) {
                year = Integer.parseInt(digits);
                date = date.withYear(year); // as in date's own output: "Mon Jan  1 00:00:00 UTC 2024"
                return true;
            }
            if (digits.length() == 8 && date == null) {
                return setDate(
                        Integer.parseInt(digits.substring(0, 4)),
                        Integer.parseInt(digits.substring(4, 6)),
                        digits.substring(6),
                        true);
            }
            if (digits.length() <= 4 && time == null) {
                String hh = digits.length() <= 2 ? digits : digits.substring(0, digits.length() - 2);
                String mm = digits.length() <= 2 ? "0" : digits.substring(digits.length() - 2);
                return setTime(hh, mm, null, null, null, null);
            }
            return false;
        }

        private boolean setDate(int y, int month, String day, boolean hasYear) {
            if (date != null) {
                return false;
            }
            date = LocalDate.of(y, month, Integer.parseInt(day));
            year = hasYear ? y : null;
            return true;
        }

        private boolean setTime(String h, String min, String sec, String frac, String meridian, String offset) {
            if (time != null) {
                return false;
            }
            int hour = Integer.parseInt(h);
            if (meridian != null) {
                if (hour < 1 || hour > 12) {
                    return false;
                }
                hour = hour % 12 + (meridian.startsWith("p") ? 12 : 0);
            }
            int second = sec == null ? 0 : Integer.parseInt(sec);
            int nanos = frac == null ? 0 : (int) fractionNanos(frac);
            time = LocalTime.of(hour, Integer.parseInt(min), second, nanos);
            if (offset != null) {
                if (zone != null) {
                    return false;
                }
                zone = offset.equals("z")
                        ? ZoneOffset.UTC
                        : ZoneOffset.of(
                                offset.length() == 5 && offset.indexOf(':') < 0
                                        ? offset.substring(0, 3) + ":" + offset.substring(3)
                                        : offset);
            }
            return true;
        }

        private void addRelative(long n, String unit) {
            String u = unit.endsWith("s") && !unit.equals("s") ? unit.substring(0, unit.length() - 1) : unit;
            switch (u) {
                case "year" -> relYears += n;
                case "month" -> relMonths += n;
                case "fortnight" -> relDays += 14 * n;
                case "week" -> relDays += 7 * n;
                case "day" -> relDays += n;
                case "hour" -> relSeconds += 3600 * n;
                case "minute", "min" -> relSeconds += 60 * n;
                default -> relSeconds += n;
            }
        }

        private Instant compute() {
            ZoneId z = zone != null ? zone : base.getZone();
            ZonedDateTime start = base.withZoneSameInstant(z);
            LocalDate d = date != null ? date : start.toLocalDate();
            LocalTime t;
            if (time != null) {
                t = time;
            } else if (date != null || weekday != null) {
                t = LocalTime.MIDNIGHT;
            } else {
                t = start.toLocalTime();
            }
            if (weekday != null && date == null) {
                int today = d.getDayOfWeek().getValue() % 7;
                int delta = (weekday - today + 7) % 7 + 7 * (dayOrdinal - (dayOrdinal > 0 && today != weekday ? 1 : 0));
                d = d.plusDays(delta);
            }
            // Months and years move the fields, and an overflowing day carries into the next month, as mktime does.
            long months = d.getYear() * 12L + (d.getMonthValue() - 1) + relYears * 12 + relMonths;
            LocalDate firstOfMonth =
                    LocalDate.of(Math.toIntExact(Math.floorDiv(months, 12)), Math.floorMod(months, 12) + 1, 1);
            d = firstOfMonth.plusDays(d.getDayOfMonth() - 1 + relDays);
            return LocalDateTime.of(d, t).atZone(z).toInstant().plusSeconds(relSeconds);
        }

        private Matcher match(Pattern p) {
            Matcher m = p.matcher(text);
            m.region(pos, text.length());
            if (m.lookingAt() && m.end() > pos) {
                pos = m.end();
                return m;
            }
            return null;
        }

        private void skipSpace() {
            while (pos < text.length() && (Character.isWhitespace(text.charAt(pos)) || text.charAt(pos) == ',')) {
                pos++;
            }
        }

        private static int month(String name) {
            return MONTHS.indexOf(name.substring(0, 3)) + 1;
        }

        private static int twoDigitYear(String y) {
            int v = Integer.parseInt(y);
            if (y.length() == 2) {
                return v < 69 ? 2000 + v : 1900 + v;
            }
            return v;
        }

        private static int sign(String s) {
            return s.equals("-") ? -1 : 1;
        }
    }

    private static long fractionNanos(String digits) {
        String nine = (digits + "000000000").substring(0, 9);
        return Long.parseLong(nine);
    }
}
