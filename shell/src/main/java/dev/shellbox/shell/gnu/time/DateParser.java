package dev.shellbox.shell.gnu.time;

import dev.shellbox.shell.gnu.time.DateLexer.Kind;
import dev.shellbox.shell.gnu.time.DateLexer.Token;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * GNU's parse_datetime for {@code date -d}, {@code touch -d} and {@code find -newermt}: {@code @SECONDS}, a TZ="..."
 * prefix, and any sequence of items (calendar dates in ISO, US and textual forms, times with am/pm and zone offsets,
 * zone names, day names with ordinals, relative offsets with {@code ago}, {@code yesterday}, {@code tomorrow}, bare
 * numbers). Items are resolved as parse_datetime does: absolute fields first, then the day of week, then relative
 * years, months and days with mktime's normalization, then the zone, then relative hours, minutes and seconds.
 */
public final class DateParser {
    private static final int MERIDIAN_24 = 0;

    private final List<Token> tokens;
    private int pos;

    // parse_datetime's parser_control.
    private long year;
    private int yearDigits;
    private long month;
    private long day;
    private long hour;
    private long minutes;
    private long seconds;
    private long nanos;
    private int meridian = MERIDIAN_24;
    private long zoneSeconds;
    private int zonesSeen;
    private int datesSeen;
    private int timesSeen;
    private int daysSeen;
    private boolean relsSeen;
    private long dayOrdinal;
    private long dayNumber;
    private long relYear;
    private long relMonth;
    private long relDay;
    private long relHour;
    private long relMinutes;
    private long relSeconds;
    private long relNanos;

    private DateParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** A date string parse_datetime would reject. */
    public static final class InvalidDateException extends Exception {
        InvalidDateException() {
            super(null, null, false, false);
        }
    }

    /** The instant {@code input} names, or null when parse_datetime would reject it. */
    public static Instant tryParse(String input, Instant now, TimeZoneSpec zone) {
        try {
            return parse(input, now, zone);
        } catch (InvalidDateException | DateTimeException | ArithmeticException e) {
            return null;
        }
    }

    /** Parses {@code input} relative to {@code now}, reading local times in {@code zone}. */
    public static Instant parse(String input, Instant now, TimeZoneSpec zone) throws InvalidDateException {
        String text = input;
        int start = 0;
        while (start < text.length() && DateLexer.isSpace(text.charAt(start))) {
            start++;
        }
        if (text.startsWith("TZ=\"", start)) {
            StringBuilder tz = new StringBuilder();
            for (int i = start + 4; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\\' && i + 1 < text.length() && (text.charAt(i + 1) == '\\' || text.charAt(i + 1) == '"')) {
                    tz.append(text.charAt(++i));
                } else if (c == '\\') {
                    break;
                } else if (c == '"') {
                    zone = TimeZoneSpec.of(tz.toString());
                    text = text.substring(i + 1);
                    break;
                } else {
                    tz.append(c);
                }
            }
        }
        List<Token> tokens = DateLexer.tokenize(text);
        if (tokens == null) {
            throw new InvalidDateException();
        }
        try {
            return new DateParser(tokens).resolve(now, zone);
        } catch (DateTimeException | ArithmeticException e) {
            // Out of the supported calendar range: parse_datetime's overflow checks reject these too.
            throw new InvalidDateException();
        }
    }

    private Instant resolve(Instant now, TimeZoneSpec zone) throws InvalidDateException {
        if (peek(0).isChar('@')) {
            return timespec();
        }
        LocalDateTime current = LocalDateTime.ofInstant(now, zone.offsetAt(now));
        year = current.getYear();
        yearDigits = 0;
        month = current.getMonthValue();
        day = current.getDayOfMonth();
        hour = current.getHour();
        minutes = current.getMinute();
        seconds = current.getSecond();
        nanos = current.getNano();
        while (peek(0).kind() != Kind.END) {
            item();
        }
        if (timesSeen > 1 || datesSeen > 1 || daysSeen > 1 || zonesSeen > 1) {
            throw new InvalidDateException();
        }
        long fullYear = yearDigits == 2 ? year + (year < 69 ? 2000 : 1900) : year;
        int h;
        long min;
        long sec;
        long ns;
        if (timesSeen > 0 || (relsSeen && datesSeen == 0 && daysSeen == 0)) {
            h = toHour(hour, meridian);
            if (h < 0) {
                throw new InvalidDateException();
            }
            min = minutes;
            sec = seconds;
            ns = nanos;
        } else {
            h = 0;
            min = sec = ns = 0;
        }
        if (month < 1 || month > 12 || day < 1 || min < 0 || min > 59 || sec < 0 || sec > 59) {
            throw new InvalidDateException();
        }
        LocalDate date = LocalDate.of(Math.toIntExact(fullYear), (int) month, 1);
        if (day > date.lengthOfMonth()) {
            throw new InvalidDateException();
        }
        LocalDateTime local = date.withDayOfMonth((int) day).atTime(h, (int) min, (int) sec, (int) ns);
        if (zonesSeen == 0) {
            // mktime_ok: a local time skipped by a daylight saving change does not exist.
            Instant instant = zone.toInstant(local);
            if (!LocalDateTime.ofInstant(instant, zone.offsetAt(instant)).equals(local)) {
                throw new InvalidDateException();
            }
        }
        if (daysSeen > 0 && datesSeen == 0) {
            int weekday = local.getDayOfWeek().getValue() % 7;
            long ordinal = dayOrdinal - (0 < dayOrdinal && weekday != dayNumber ? 1 : 0);
            local = local.plusDays(Math.floorMod(dayNumber - weekday + 7, 7) + 7 * ordinal);
        }
        if (relYear != 0 || relMonth != 0 || relDay != 0) {
            // mktime normalizes overflowing months and days: Jan 31 + 1 month is Mar 2 (or 3).
            long months = local.getMonthValue() - 1 + relMonth;
            long y = local.getYear() + relYear + Math.floorDiv(months, 12);
            LocalDate first = LocalDate.of(Math.toIntExact(y), (int) Math.floorMod(months, 12) + 1, 1);
            local = first.plusDays(local.getDayOfMonth() - 1 + relDay).atTime(local.toLocalTime());
        }
        Instant result = zonesSeen > 0
                ? local.toInstant(ZoneOffset.ofTotalSeconds(Math.toIntExact(zoneSeconds)))
                : zone.toInstant(local);
        return result.plusSeconds(Math.addExact(
                        Math.addExact(Math.multiplyExact(relHour, 3600), Math.multiplyExact(relMinutes, 60)),
                        relSeconds))
                .plusNanos(relNanos);
    }

    private Instant timespec() throws InvalidDateException {
        Token n = peek(1);
        if (peek(2).kind() != Kind.END) {
            throw new InvalidDateException();
        }
        return switch (n.kind()) {
            case UNUMBER, SNUMBER -> Instant.ofEpochSecond(n.value());
            case UDECIMAL, SDECIMAL -> Instant.ofEpochSecond(n.value(), n.nanos());
            default -> throw new InvalidDateException();
        };
    }

    private static int toHour(long h, int meridian) {
        if (meridian == MERIDIAN_24) {
            return 0 <= h && h < 24 ? (int) h : -1;
        }
        if (0 < h && h < 13) {
            return (int) (h % 12 + (meridian == DateLexer.PM ? 12 : 0));
        }
        return -1;
    }

    // ---- grammar ----

    private void item() throws InvalidDateException {
        Token t = next();
        switch (t.kind()) {
            case UNUMBER -> numberItem(t);
            case SNUMBER -> {
                if (!peek(0).isUnit()) {
                    throw new InvalidDateException();
                }
                relative(t.value(), 0, next());
            }
            case UDECIMAL, SDECIMAL -> {
                if (peek(0).kind() != Kind.SEC_UNIT) {
                    throw new InvalidDateException();
                }
                next();
                applyRelative(0, 0, 0, 0, 0, t.value(), t.nanos(), agoFactor());
            }
            case MONTH -> monthFirstDate(t);
            case DAY -> {
                if (peek(0).isChar(',')) {
                    next();
                }
                day(0, t.value());
            }
            case ORDINAL -> {
                if (peek(0).kind() == Kind.DAY) {
                    day(t.value(), next().value());
                } else if (peek(0).isUnit()) {
                    relative(t.value(), 0, next());
                } else {
                    throw new InvalidDateException();
                }
            }
            case YEAR_UNIT, MONTH_UNIT, DAY_UNIT, HOUR_UNIT, MINUTE_UNIT, SEC_UNIT -> relative(1, 0, t);
            case DAY_SHIFT -> applyRelative(0, 0, t.value(), 0, 0, 0, 0, 1);
            case ZONE, T -> {
                long offset = t.kind() == Kind.T ? -7 * 3600 : t.value();
                zonesSeen++;
                if (peek(0).kind() == Kind.SNUMBER && peek(1).isUnit()) {
                    zoneSeconds = offset;
                    Token n = next();
                    relative(n.value(), 0, next());
                } else if (t.kind() == Kind.ZONE && peek(0).kind() == Kind.SNUMBER) {
                    zoneSeconds = Math.addExact(hhmm(next()), offset);
                } else if (t.kind() == Kind.ZONE && peek(0).kind() == Kind.DST) {
                    next();
                    zoneSeconds = offset + 3600;
                } else {
                    zoneSeconds = offset;
                }
            }
            case DAYZONE -> {
                zonesSeen++;
                zoneSeconds = t.value() + 3600;
            }
            default -> throw new InvalidDateException();
        }
    }

    private void numberItem(Token n) throws InvalidDateException {
        Token next = peek(0);
        if (next.isChar(':')) {
            colonTime(n);
        } else if (next.kind() == Kind.MERIDIAN) {
            setTime(n.value(), 0, 0, 0);
            meridian = (int) next().value();
        } else if (next.isChar('/')) {
            next();
            Token second = expect(Kind.UNUMBER);
            if (peek(0).isChar('/')) {
                next();
                Token third = expect(Kind.UNUMBER);
                if (n.digits() >= 4) {
                    setDate(n.value(), n.digits(), second.value(), third.value());
                } else {
                    setDate(third.value(), third.digits(), n.value(), second.value());
                }
            } else {
                datesSeen++;
                month = n.value();
                day = second.value();
            }
        } else if (next.kind() == Kind.SNUMBER && peek(1).kind() == Kind.SNUMBER) {
            next();
            Token dayToken = next();
            setDate(n.value(), n.digits(), -next.value(), -dayToken.value());
            if (peek(0).kind() == Kind.T) {
                next();
                isoTime(expect(Kind.UNUMBER));
            }
        } else if (next.kind() == Kind.SNUMBER && peek(1).isUnit()) {
            digitsToDateTime(n);
            next();
            relative(next.value(), 0, next());
        } else if (next.kind() == Kind.SNUMBER) {
            setTime(n.value(), 0, 0, 0);
            zoneOffset();
        } else if (next.kind() == Kind.MONTH) {
            next();
            if (peek(0).kind() == Kind.SNUMBER) {
                Token y = next();
                setDate(-y.value(), y.digits(), next.value(), n.value());
            } else if (peek(0).kind() == Kind.UNUMBER) {
                Token y = next();
                setDate(y.value(), y.digits(), next.value(), n.value());
            } else {
                datesSeen++;
                month = next.value();
                day = n.value();
            }
        } else if (next.isUnit()) {
            relative(n.value(), 0, next());
        } else if (next.kind() == Kind.DAY) {
            day(n.value(), next().value());
        } else {
            digitsToDateTime(n);
        }
    }

    /** hh:mm[:ss[.frac]] followed by am/pm or a zone offset. */
    private void colonTime(Token h) throws InvalidDateException {
        next();
        Token m = expect(Kind.UNUMBER);
        long sec = 0;
        int ns = 0;
        if (peek(0).isChar(':')) {
            next();
            Token s = next();
            if (s.kind() != Kind.UNUMBER && s.kind() != Kind.UDECIMAL) {
                throw new InvalidDateException();
            }
            sec = s.value();
            ns = s.nanos();
        }
        setTime(h.value(), m.value(), sec, ns);
        if (peek(0).kind() == Kind.MERIDIAN) {
            meridian = (int) next().value();
        } else if (peek(0).kind() == Kind.SNUMBER) {
            zoneOffset();
        }
    }

    /** The time after an ISO 8601 date's T: hh with a zone offset, or hh:mm[:ss] with an optional one. */
    private void isoTime(Token h) throws InvalidDateException {
        if (peek(0).isChar(':')) {
            next();
            Token m = expect(Kind.UNUMBER);
            long sec = 0;
            int ns = 0;
            if (peek(0).isChar(':')) {
                next();
                Token s = next();
                if (s.kind() != Kind.UNUMBER && s.kind() != Kind.UDECIMAL) {
                    throw new InvalidDateException();
                }
                sec = s.value();
                ns = s.nanos();
            }
            setTime(h.value(), m.value(), sec, ns);
            if (peek(0).kind() == Kind.SNUMBER) {
                zoneOffset();
            }
        } else if (peek(0).kind() == Kind.SNUMBER) {
            setTime(h.value(), 0, 0, 0);
            zoneOffset();
        } else {
            throw new InvalidDateException();
        }
    }

    private void zoneOffset() throws InvalidDateException {
        zonesSeen++;
        zoneSeconds = hhmm(next());
    }

    /** parse_datetime's time_zone_hhmm: "+5" hours, "+0530", or "+05" ":" "30". */
    private long hhmm(Token s) throws InvalidDateException {
        long minutesEast;
        if (peek(0).isChar(':') && peek(1).kind() == Kind.UNUMBER) {
            next();
            long mm = next().value();
            minutesEast = s.value() * 60 + (s.value() < 0 ? -mm : mm);
        } else {
            long v = s.digits() <= 2 ? s.value() * 100 : s.value();
            minutesEast = v / 100 * 60 + v % 100;
        }
        if (Math.abs(minutesEast) > 24 * 60) {
            throw new InvalidDateException();
        }
        return minutesEast * 60;
    }

    private void monthFirstDate(Token m) throws InvalidDateException {
        if (peek(0).kind() == Kind.SNUMBER && peek(1).kind() == Kind.SNUMBER) {
            Token d = next();
            Token y = next();
            setDate(-y.value(), y.digits(), m.value(), -d.value());
        } else if (peek(0).kind() == Kind.UNUMBER) {
            Token d = next();
            if (peek(0).isChar(',') && peek(1).kind() == Kind.UNUMBER) {
                next();
                Token y = next();
                setDate(y.value(), y.digits(), m.value(), d.value());
            } else {
                datesSeen++;
                month = m.value();
                day = d.value();
            }
        } else {
            throw new InvalidDateException();
        }
    }

    /** A unit with a multiplier, optionally followed by "ago" or "hence". */
    private void relative(long count, int nanos, Token unit) {
        long factor = agoFactor();
        long n = Math.multiplyExact(count, unit.value());
        switch (unit.kind()) {
            case YEAR_UNIT -> applyRelative(n, 0, 0, 0, 0, 0, 0, factor);
            case MONTH_UNIT -> applyRelative(0, n, 0, 0, 0, 0, 0, factor);
            case DAY_UNIT -> applyRelative(0, 0, n, 0, 0, 0, 0, factor);
            case HOUR_UNIT -> applyRelative(0, 0, 0, n, 0, 0, 0, factor);
            case MINUTE_UNIT -> applyRelative(0, 0, 0, 0, n, 0, 0, factor);
            default -> applyRelative(0, 0, 0, 0, 0, n, nanos, factor);
        }
    }

    private long agoFactor() {
        return peek(0).kind() == Kind.AGO ? next().value() : 1;
    }

    private void applyRelative(long y, long mo, long d, long h, long mi, long s, long ns, long factor) {
        relYear = Math.addExact(relYear, y * factor);
        relMonth = Math.addExact(relMonth, mo * factor);
        relDay = Math.addExact(relDay, d * factor);
        relHour = Math.addExact(relHour, h * factor);
        relMinutes = Math.addExact(relMinutes, mi * factor);
        relSeconds = Math.addExact(relSeconds, s * factor);
        relNanos += ns * factor;
        relsSeen = true;
    }

    private void day(long ordinal, long number) {
        daysSeen++;
        dayOrdinal = ordinal;
        dayNumber = number;
    }

    /** A bare number: a year after a date, YYYYMMDD, or a time HH or HHMM. */
    private void digitsToDateTime(Token n) {
        if (datesSeen > 0 && yearDigits == 0 && !relsSeen && (timesSeen > 0 || 2 < n.digits())) {
            year = n.value();
            yearDigits = n.digits();
        } else if (4 < n.digits()) {
            datesSeen++;
            day = n.value() % 100;
            month = n.value() / 100 % 100;
            year = n.value() / 10000;
            yearDigits = n.digits() - 4;
        } else {
            timesSeen++;
            if (n.digits() <= 2) {
                hour = n.value();
                minutes = 0;
            } else {
                hour = n.value() / 100;
                minutes = n.value() % 100;
            }
            seconds = 0;
            nanos = 0;
            meridian = MERIDIAN_24;
        }
    }

    private void setDate(long y, int digits, long m, long d) {
        datesSeen++;
        year = y;
        yearDigits = digits;
        month = m;
        day = d;
    }

    private void setTime(long h, long m, long s, int ns) {
        timesSeen++;
        hour = h;
        minutes = m;
        seconds = s;
        nanos = ns;
        meridian = MERIDIAN_24;
    }

    // ---- tokens ----

    private Token peek(int ahead) {
        int i = Math.min(pos + ahead, tokens.size() - 1);
        return tokens.get(i);
    }

    private Token next() {
        Token t = peek(0);
        if (pos < tokens.size() - 1) {
            pos++;
        }
        return t;
    }

    private Token expect(Kind kind) throws InvalidDateException {
        Token t = next();
        if (t.kind() != kind) {
            throw new InvalidDateException();
        }
        return t;
    }
}
