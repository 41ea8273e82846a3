package dev.shellbox.shell.gnu.time;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Splits a date string into the tokens of GNU parse_datetime's grammar, with its word tables. */
final class DateLexer {
    enum Kind {
        UNUMBER,
        SNUMBER,
        UDECIMAL,
        SDECIMAL,
        MONTH,
        DAY,
        MERIDIAN,
        YEAR_UNIT,
        MONTH_UNIT,
        DAY_UNIT,
        HOUR_UNIT,
        MINUTE_UNIT,
        SEC_UNIT,
        ORDINAL,
        DAY_SHIFT,
        AGO,
        ZONE,
        DAYZONE,
        DST,
        T,
        CHAR,
        END
    }

    /**
     * One token. Numbers carry {@code value} (signed), {@code digits} and, for decimals, {@code nanos}; words carry
     * their table value; CHAR carries the character in {@code value}.
     */
    record Token(Kind kind, long value, int digits, int nanos) {
        boolean isUnit() {
            return kind.compareTo(Kind.YEAR_UNIT) >= 0 && kind.compareTo(Kind.SEC_UNIT) <= 0;
        }

        boolean isChar(char c) {
            return kind == Kind.CHAR && value == c;
        }
    }

    static final int AM = 1;
    static final int PM = 2;

    private static final List<String> MONTH_NAMES = List.of(
            "JANUARY",
            "FEBRUARY",
            "MARCH",
            "APRIL",
            "MAY",
            "JUNE",
            "JULY",
            "AUGUST",
            "SEPTEMBER",
            "OCTOBER",
            "NOVEMBER",
            "DECEMBER");
    private static final List<String> DAY_NAMES =
            List.of("SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY");

    /** Zone names and their offsets in minutes; daylight zones are marked with their standard offset. */
    private static final Map<String, Integer> ZONES = Map.ofEntries(
            Map.entry("GMT", 0),
            Map.entry("UT", 0),
            Map.entry("UTC", 0),
            Map.entry("WET", 0),
            Map.entry("ART", -180),
            Map.entry("BRT", -180),
            Map.entry("NST", -210),
            Map.entry("AST", -240),
            Map.entry("CLT", -240),
            Map.entry("EST", -300),
            Map.entry("CST", -360),
            Map.entry("MST", -420),
            Map.entry("PST", -480),
            Map.entry("AKST", -540),
            Map.entry("HST", -600),
            Map.entry("HAST", -600),
            Map.entry("SST", -720),
            Map.entry("WAT", 60),
            Map.entry("CET", 60),
            Map.entry("MET", 60),
            Map.entry("MEZ", 60),
            Map.entry("EET", 120),
            Map.entry("CAT", 120),
            Map.entry("SAST", 120),
            Map.entry("EAT", 180),
            Map.entry("MSK", 180),
            Map.entry("IST", 330),
            Map.entry("SGT", 480),
            Map.entry("KST", 540),
            Map.entry("JST", 540),
            Map.entry("GST", 600),
            Map.entry("NZST", 720));

    private static final Map<String, Integer> DAYLIGHT_ZONES = Map.ofEntries(
            Map.entry("WEST", 0),
            Map.entry("BST", 0),
            Map.entry("BRST", -180),
            Map.entry("NDT", -210),
            Map.entry("ADT", -240),
            Map.entry("CLST", -240),
            Map.entry("EDT", -300),
            Map.entry("CDT", -360),
            Map.entry("MDT", -420),
            Map.entry("PDT", -480),
            Map.entry("AKDT", -540),
            Map.entry("HADT", -600),
            Map.entry("CEST", 60),
            Map.entry("MEST", 60),
            Map.entry("MESZ", 60),
            Map.entry("EEST", 120),
            Map.entry("MSD", 180),
            Map.entry("NZDT", 720));

    private static final Map<String, Token> UNITS = Map.of(
            "YEAR", word(Kind.YEAR_UNIT, 1),
            "MONTH", word(Kind.MONTH_UNIT, 1),
            "FORTNIGHT", word(Kind.DAY_UNIT, 14),
            "WEEK", word(Kind.DAY_UNIT, 7),
            "DAY", word(Kind.DAY_UNIT, 1),
            "HOUR", word(Kind.HOUR_UNIT, 1),
            "MINUTE", word(Kind.MINUTE_UNIT, 1),
            "MIN", word(Kind.MINUTE_UNIT, 1),
            "SECOND", word(Kind.SEC_UNIT, 1),
            "SEC", word(Kind.SEC_UNIT, 1));

    private static final Map<String, Token> RELATIVE = Map.ofEntries(
            Map.entry("TOMORROW", word(Kind.DAY_SHIFT, 1)),
            Map.entry("YESTERDAY", word(Kind.DAY_SHIFT, -1)),
            Map.entry("TODAY", word(Kind.DAY_SHIFT, 0)),
            Map.entry("NOW", word(Kind.DAY_SHIFT, 0)),
            Map.entry("LAST", word(Kind.ORDINAL, -1)),
            Map.entry("THIS", word(Kind.ORDINAL, 0)),
            Map.entry("NEXT", word(Kind.ORDINAL, 1)),
            Map.entry("FIRST", word(Kind.ORDINAL, 1)),
            Map.entry("THIRD", word(Kind.ORDINAL, 3)),
            Map.entry("FOURTH", word(Kind.ORDINAL, 4)),
            Map.entry("FIFTH", word(Kind.ORDINAL, 5)),
            Map.entry("SIXTH", word(Kind.ORDINAL, 6)),
            Map.entry("SEVENTH", word(Kind.ORDINAL, 7)),
            Map.entry("EIGHTH", word(Kind.ORDINAL, 8)),
            Map.entry("NINTH", word(Kind.ORDINAL, 9)),
            Map.entry("TENTH", word(Kind.ORDINAL, 10)),
            Map.entry("ELEVENTH", word(Kind.ORDINAL, 11)),
            Map.entry("TWELFTH", word(Kind.ORDINAL, 12)),
            Map.entry("AGO", word(Kind.AGO, -1)),
            Map.entry("HENCE", word(Kind.AGO, 1)));

    private DateLexer() {}

    private static Token word(Kind kind, long value) {
        return new Token(kind, value, 0, 0);
    }

    /** The tokens of {@code s}, ending with END; null when a word is unknown or a number overflows. */
    static List<Token> tokenize(String s) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        while (true) {
            while (i < s.length() && isSpace(s.charAt(i))) {
                i++;
            }
            if (i >= s.length()) {
                tokens.add(word(Kind.END, 0));
                return tokens;
            }
            char c = s.charAt(i);
            if (isDigit(c) || c == '-' || c == '+') {
                int sign = 0;
                if (c == '-' || c == '+') {
                    sign = c == '-' ? -1 : 1;
                    i++;
                    while (i < s.length() && isSpace(s.charAt(i))) {
                        i++;
                    }
                    if (i >= s.length() || !isDigit(s.charAt(i))) {
                        continue; // a sign without digits is noise
                    }
                }
                int start = i;
                long value = 0;
                while (i < s.length() && isDigit(s.charAt(i))) {
                    int d = s.charAt(i++) - '0';
                    if (value > (Long.MAX_VALUE - d) / 10) {
                        return null;
                    }
                    value = value * 10 + d;
                }
                int digits = i - start;
                if (i + 1 < s.length() && (s.charAt(i) == '.' || s.charAt(i) == ',') && isDigit(s.charAt(i + 1))) {
                    i++;
                    long nanos = 0;
                    int fractionDigits = 0;
                    boolean truncatedNonZero = false;
                    while (i < s.length() && isDigit(s.charAt(i))) {
                        if (fractionDigits < 9) {
                            nanos = nanos * 10 + (s.charAt(i) - '0');
                            fractionDigits++;
                        } else if (s.charAt(i) != '0') {
                            truncatedNonZero = true;
                        }
                        i++;
                    }
                    for (; fractionDigits < 9; fractionDigits++) {
                        nanos *= 10;
                    }
                    long seconds = value;
                    if (sign < 0) {
                        // Truncate toward minus infinity, as parse_datetime does.
                        if (truncatedNonZero) {
                            nanos++;
                        }
                        seconds = -seconds;
                        if (nanos != 0) {
                            seconds--;
                            nanos = 1_000_000_000 - nanos;
                        }
                    }
                    tokens.add(new Token(sign != 0 ? Kind.SDECIMAL : Kind.UDECIMAL, seconds, digits, (int) nanos));
                } else {
                    tokens.add(
                            new Token(sign != 0 ? Kind.SNUMBER : Kind.UNUMBER, sign < 0 ? -value : value, digits, 0));
                }
                continue;
            }
            if (isAlpha(c)) {
                int start = i;
                while (i < s.length() && (isAlpha(s.charAt(i)) || s.charAt(i) == '.')) {
                    i++;
                }
                Token t = lookupWord(s.substring(start, i).toUpperCase(Locale.ROOT));
                if (t == null) {
                    return null;
                }
                tokens.add(t);
                continue;
            }
            if (c == '(') {
                int depth = 0;
                do {
                    if (i >= s.length()) {
                        tokens.add(word(Kind.END, 0));
                        return tokens;
                    }
                    char k = s.charAt(i++);
                    if (k == '(') {
                        depth++;
                    } else if (k == ')') {
                        depth--;
                    }
                } while (depth != 0);
                continue;
            }
            tokens.add(new Token(Kind.CHAR, c, 0, 0));
            i++;
        }
    }

    private static Token lookupWord(String word) {
        switch (word) {
            case "AM", "A.M." -> {
                return word(Kind.MERIDIAN, AM);
            }
            case "PM", "P.M." -> {
                return word(Kind.MERIDIAN, PM);
            }
            default -> {}
        }
        boolean abbreviation = word.length() == 3 || (word.length() == 4 && word.charAt(3) == '.');
        for (int m = 0; m < 12; m++) {
            String name = MONTH_NAMES.get(m);
            if (abbreviation ? name.startsWith(word.substring(0, 3)) : name.equals(word)) {
                return word(Kind.MONTH, m + 1);
            }
            if (m == 8 && word.equals("SEPT")) {
                return word(Kind.MONTH, 9);
            }
        }
        for (int d = 0; d < 7; d++) {
            String name = DAY_NAMES.get(d);
            if (abbreviation ? name.startsWith(word.substring(0, 3)) : name.equals(word)) {
                return word(Kind.DAY, d);
            }
        }
        switch (word) {
            case "TUES" -> {
                return word(Kind.DAY, 2);
            }
            case "WEDNES" -> {
                return word(Kind.DAY, 3);
            }
            case "THUR", "THURS" -> {
                return word(Kind.DAY, 4);
            }
            default -> {}
        }
        Token zone = lookupZone(word);
        if (zone != null) {
            return zone;
        }
        if (word.equals("DST")) {
            return word(Kind.DST, 0);
        }
        Token unit = UNITS.get(word);
        if (unit == null && word.endsWith("S")) {
            unit = UNITS.get(word.substring(0, word.length() - 1));
        }
        if (unit != null) {
            return unit;
        }
        Token relative = RELATIVE.get(word);
        if (relative != null) {
            return relative;
        }
        if (word.length() == 1) {
            return militaryZone(word.charAt(0));
        }
        if (word.indexOf('.') >= 0) {
            return lookupZone(word.replace(".", ""));
        }
        return null;
    }

    private static Token lookupZone(String word) {
        Integer minutes = ZONES.get(word);
        if (minutes != null) {
            return word(Kind.ZONE, minutes * 60L);
        }
        minutes = DAYLIGHT_ZONES.get(word);
        return minutes == null ? null : word(Kind.DAYZONE, minutes * 60L);
    }

    /** Military zones: A..I = +1..+9, K..M = +10..+12, N..Y = -1..-12, Z = UTC; T is also the ISO separator. */
    private static Token militaryZone(char c) {
        if (c == 'T') {
            return word(Kind.T, 0);
        }
        int hours;
        if (c >= 'A' && c <= 'I') {
            hours = c - 'A' + 1;
        } else if (c >= 'K' && c <= 'M') {
            hours = c - 'K' + 10;
        } else if (c >= 'N' && c <= 'Y') {
            hours = -(c - 'N' + 1);
        } else if (c == 'Z') {
            hours = 0;
        } else {
            return null;
        }
        return word(Kind.ZONE, hours * 3600L);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000b';
    }
}
