package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.util.ArrayList;
import java.util.List;

/**
 * The tab stops of expand and unexpand ({@code -t N}, {@code -t 4,8,12}, a last {@code /N} for every N columns after
 * the list, or {@code +N} for every N columns after its last stop), parsed and validated as GNU does.
 */
public final class TabStops {
    /** A refused list; GNU prints the message and exits with status 1. */
    public static final class TabStopException extends Exception {
        public TabStopException(String message) {
            super(message, null, false, false);
        }
    }

    private final List<Long> stops = new ArrayList<>();
    private long extendSize;
    private long incrementSize;
    private long tabSize;

    /** The tab stop lists of {@code -t} and the obsolete form, in command-line order. */
    public static List<String> lists(dev.shellbox.shell.command.ParsedOptions parsed) {
        List<String> lists = new ArrayList<>();
        for (var o : parsed.options()) {
            if (o.key().equals("t") || o.key().equals(OBSOLETE_OPTION)) {
                lists.add(o.value());
            }
        }
        return lists;
    }

    /** Parses one or more tab stop lists, in order; no list means every 8 columns. */
    public static TabStops parse(List<String> lists) throws TabStopException {
        TabStops t = new TabStops();
        List<String> errors = new ArrayList<>();
        for (String list : lists) {
            t.add(list, errors);
        }
        if (!errors.isEmpty()) {
            throw new TabStopException(String.join("\n", errors));
        }
        t.finish();
        return t;
    }

    private void add(String s, List<String> errors) throws TabStopException {
        boolean have = false;
        long value = 0;
        boolean extend = false;
        boolean increment = false;
        int numberStart = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == ' ' || c == '\t') {
                if (have) {
                    store(value, extend, increment);
                }
                have = false;
            } else if (c == '/' || c == '+') {
                if (have) {
                    errors.add("'" + c + "' specifier not at start of number: " + Quoting.locale(s.substring(i)));
                }
                extend = c == '/';
                increment = c == '+';
            } else if (c >= '0' && c <= '9') {
                if (!have) {
                    value = 0;
                    have = true;
                    numberStart = i;
                }
                if (value > (Long.MAX_VALUE - (c - '0')) / 10) {
                    int end = numberStart;
                    while (end < s.length() && Character.isDigit(s.charAt(end))) {
                        end++;
                    }
                    errors.add("tab stop is too large " + Quoting.locale(s.substring(numberStart, end)));
                    i = end - 1;
                    have = false;
                    continue;
                }
                value = value * 10 + (c - '0');
            } else {
                errors.add("tab size contains invalid character(s): " + Quoting.locale(s.substring(i)));
                return;
            }
        }
        if (have && errors.isEmpty()) {
            store(value, extend, increment);
        }
    }

    private void store(long value, boolean extend, boolean increment) throws TabStopException {
        if (extend) {
            if (extendSize != 0) {
                throw new TabStopException("'/' specifier only allowed with the last value");
            }
            extendSize = value;
        } else if (increment) {
            if (incrementSize != 0) {
                throw new TabStopException("'+' specifier only allowed with the last value");
            }
            incrementSize = value;
        } else {
            if (extendSize != 0) {
                throw new TabStopException("'/' specifier only allowed with the last value");
            }
            if (incrementSize != 0) {
                throw new TabStopException("'+' specifier only allowed with the last value");
            }
            stops.add(value);
        }
    }

    private void finish() throws TabStopException {
        long previous = 0;
        for (long stop : stops) {
            if (stop == 0) {
                throw new TabStopException("tab size cannot be 0");
            }
            if (stop <= previous) {
                throw new TabStopException("tab sizes must be ascending");
            }
            previous = stop;
        }
        if (incrementSize != 0 && extendSize != 0) {
            throw new TabStopException("'/' specifier is mutually exclusive with '+'");
        }
        if (stops.isEmpty()) {
            tabSize = extendSize != 0 ? extendSize : incrementSize != 0 ? incrementSize : 8;
        } else if (stops.size() == 1 && extendSize == 0 && incrementSize == 0) {
            tabSize = stops.get(0);
        }
    }

    /**
     * The column of the next tab stop after {@code column}, or -1 past the last stop of an explicit list. {@code
     * index} carries the position in the list between calls on one line.
     */
    public long next(long column, int[] index) {
        if (tabSize != 0) {
            return column + (tabSize - column % tabSize);
        }
        for (; index[0] < stops.size(); index[0]++) {
            long tab = stops.get(index[0]);
            if (column < tab) {
                return tab;
            }
        }
        if (extendSize != 0) {
            return column + (extendSize - column % extendSize);
        }
        if (incrementSize != 0) {
            long end = stops.get(stops.size() - 1);
            return column + (incrementSize - ((column - end) % incrementSize));
        }
        return -1;
    }

    /** The option key that {@link #rewriteObsolete} gives the obsolete {@code -4} and {@code -4,8} forms. */
    public static final String OBSOLETE_OPTION = "obsolete-tab-stops";

    /**
     * Turns the obsolete {@code -4} and {@code -4,8} options into {@code --obsolete-tab-stops=...} (which unexpand,
     * unlike {@code -t}, does not take as {@code -a}); other arguments stay.
     */
    public static List<String> rewriteObsolete(List<String> args) {
        List<String> out = new ArrayList<>();
        for (String a : args) {
            if (a.equals("--")) {
                out.addAll(args.subList(out.size(), args.size()));
                return out;
            }
            if (a.length() > 1 && a.charAt(0) == '-' && Character.isDigit(a.charAt(1))) {
                out.add("--" + OBSOLETE_OPTION + "=" + a.substring(1));
            } else {
                out.add(a);
            }
        }
        return out;
    }
}
