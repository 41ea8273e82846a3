package dev.shellbox.shell.commands.data.jq;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.Locale;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/** C strptime(3) for jq: parses a date string into jq's broken-down time array. */
final class Strptime {
    private Strptime() {}

    static ArrayNode parse(String input, String format) throws JsonQueryException {
        int[] f = {1900, 0, 1, 0, 0, 0}; // year, month (0-11), day, hour, minute, second
        int pos = 0;
        boolean pm = false;
        boolean twelveHour = false;
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (Character.isWhitespace(c)) {
                while (pos < input.length() && Character.isWhitespace(input.charAt(pos))) {
                    pos++;
                }
                continue;
            }
            if (c != '%' || i + 1 >= format.length()) {
                if (pos >= input.length() || input.charAt(pos) != c) {
                    throw mismatch(input, format);
                }
                pos++;
                continue;
            }
            char d = format.charAt(++i);
            int[] read;
            switch (d) {
                case 'Y' -> {
                    read = number(input, pos, 4, input, format);
                    f[0] = read[0];
                }
                case 'm' -> {
                    read = number(input, pos, 2, input, format);
                    f[1] = read[0] - 1;
                }
                case 'd', 'e' -> {
                    read = number(input, pos, 2, input, format);
                    f[2] = read[0];
                }
                case 'H' -> {
                    read = number(input, pos, 2, input, format);
                    f[3] = read[0];
                }
                case 'I' -> {
                    read = number(input, pos, 2, input, format);
                    f[3] = read[0] % 12;
                    twelveHour = true;
                }
                case 'M' -> {
                    read = number(input, pos, 2, input, format);
                    f[4] = read[0];
                }
                case 'S' -> {
                    read = number(input, pos, 2, input, format);
                    f[5] = read[0];
                }
                case 'y' -> {
                    read = number(input, pos, 2, input, format);
                    f[0] = read[0] < 69 ? 2000 + read[0] : 1900 + read[0];
                }
                case 'j' -> {
                    read = number(input, pos, 3, input, format);
                    LocalDate date = LocalDate.ofYearDay(f[0], read[0]);
                    f[1] = date.getMonthValue() - 1;
                    f[2] = date.getDayOfMonth();
                }
                case 'b', 'B', 'h' -> read = new int[] {0, month(input, pos, f, input, format)};
                case 'a', 'A' -> read = new int[] {0, weekday(input, pos, input, format)};
                case 'p' -> {
                    String rest = input.substring(pos).toUpperCase(Locale.ROOT);
                    if (!rest.startsWith("AM") && !rest.startsWith("PM")) {
                        throw mismatch(input, format);
                    }
                    pm = rest.startsWith("PM");
                    read = new int[] {0, pos + 2};
                }
                case 'Z' -> {
                    int end = pos;
                    while (end < input.length() && Character.isLetter(input.charAt(end))) {
                        end++;
                    }
                    read = new int[] {0, end};
                }
                case 'z' -> {
                    int end = pos;
                    if (end < input.length() && (input.charAt(end) == '+' || input.charAt(end) == '-')) {
                        end++;
                    }
                    while (end < input.length() && (Character.isDigit(input.charAt(end)) || input.charAt(end) == ':')) {
                        end++;
                    }
                    read = new int[] {0, end};
                }
                case 's' -> {
                    read = number(input, pos, 19, input, format);
                    java.time.ZonedDateTime t =
                            java.time.Instant.ofEpochSecond(read[0]).atZone(java.time.ZoneOffset.UTC);
                    f[0] = t.getYear();
                    f[1] = t.getMonthValue() - 1;
                    f[2] = t.getDayOfMonth();
                    f[3] = t.getHour();
                    f[4] = t.getMinute();
                    f[5] = t.getSecond();
                }
                case 'T' -> {
                    ArrayNode time = parse(input.substring(pos), "%H:%M:%S");
                    f[3] = time.get(3).intValue();
                    f[4] = time.get(4).intValue();
                    f[5] = time.get(5).intValue();
                    read = new int[] {0, pos + 8};
                }
                case 'F', 'D' -> {
                    String sub = d == 'F' ? "%Y-%m-%d" : "%m/%d/%y";
                    int length = d == 'F' ? 10 : 8;
                    ArrayNode date = parse(input.substring(pos, Math.min(input.length(), pos + length)), sub);
                    f[0] = date.get(0).intValue();
                    f[1] = date.get(1).intValue();
                    f[2] = date.get(2).intValue();
                    read = new int[] {0, pos + length};
                }
                case '%' -> {
                    if (pos >= input.length() || input.charAt(pos) != '%') {
                        throw mismatch(input, format);
                    }
                    read = new int[] {0, pos + 1};
                }
                default -> throw mismatch(input, format);
            }
            pos = read[1];
        }
        if (pos != input.length()) {
            throw mismatch(input, format);
        }
        if (twelveHour && pm) {
            f[3] += 12;
        }
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        for (int v : f) {
            a.add(v);
        }
        try {
            LocalDate date = LocalDate.of(f[0], f[1] + 1, f[2]);
            a.add(date.getDayOfWeek().getValue() % 7);
            a.add(date.getDayOfYear() - 1);
        } catch (DateTimeException e) {
            throw mismatch(input, format);
        }
        return a;
    }

    private static int[] number(String s, int pos, int maxDigits, String input, String format)
            throws JsonQueryException {
        int end = pos;
        boolean negative = end < s.length() && s.charAt(end) == '-' && maxDigits > 4;
        if (negative || (end < s.length() && s.charAt(end) == '+')) {
            end++;
        }
        int start = end;
        while (end < s.length() && end - start < maxDigits && Character.isDigit(s.charAt(end))) {
            end++;
        }
        if (end == start) {
            throw mismatch(input, format);
        }
        long value = Long.parseLong(s.substring(start, end));
        return new int[] {(int) (negative ? -value : value), end};
    }

    private static int month(String s, int pos, int[] f, String input, String format) throws JsonQueryException {
        for (java.time.Month m : java.time.Month.values()) {
            for (TextStyle style : new TextStyle[] {TextStyle.FULL, TextStyle.SHORT}) {
                String name = m.getDisplayName(style, Locale.US);
                if (s.regionMatches(true, pos, name, 0, name.length())) {
                    f[1] = m.getValue() - 1;
                    return pos + name.length();
                }
            }
        }
        throw mismatch(input, format);
    }

    private static int weekday(String s, int pos, String input, String format) throws JsonQueryException {
        for (java.time.DayOfWeek d : java.time.DayOfWeek.values()) {
            for (TextStyle style : new TextStyle[] {TextStyle.FULL, TextStyle.SHORT}) {
                String name = d.getDisplayName(style, Locale.US);
                if (s.regionMatches(true, pos, name, 0, name.length())) {
                    return pos + name.length();
                }
            }
        }
        throw mismatch(input, format);
    }

    private static JsonQueryException mismatch(String input, String format) {
        return new JsonQueryException("date \"" + input + "\" does not match format \"" + format + "\"");
    }
}
