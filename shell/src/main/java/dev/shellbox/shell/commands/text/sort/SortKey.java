package dev.shellbox.shell.commands.text.sort;

import dev.shellbox.shell.gnu.quotearg.Quoting;

/**
 * One sort key: where it starts and ends in a line ({@code -k POS1[,POS2]}) and how it compares. Fields and characters
 * are zero-based here; {@link #NONE} marks an absent position. Mutable while the command line is parsed.
 */
final class SortKey {
    static final int NONE = -1;

    /** Which characters a key skips: none, those that are not blank or alphanumeric (-d), non-printing (-i). */
    enum Ignore {
        NONE,
        DICTIONARY,
        NONPRINTING
    }

    int startField = NONE; // NONE: from the start of the line
    int startChar;
    int endField = NONE; // NONE: to the end of the line
    int endChar; // 0: to the end of the field

    boolean skipStartBlanks;
    boolean skipEndBlanks;
    boolean foldCase;
    Ignore ignore = Ignore.NONE;
    boolean numeric;
    boolean generalNumeric;
    boolean humanNumeric;
    boolean month;
    boolean version;
    boolean random;
    boolean reverse;

    /** A problem with the command line, reported with exit status 2. */
    static final class KeyException extends Exception {
        KeyException(String message) {
            super(message, null, false, false);
        }
    }

    /** Whether the key compares as plain text with no ordering option of its own (so it inherits the global ones). */
    boolean hasNoOrderingOptions() {
        return !(ignore != Ignore.NONE
                || foldCase
                || skipStartBlanks
                || skipEndBlanks
                || numeric
                || generalNumeric
                || humanNumeric
                || month
                || version
                || random
                || reverse);
    }

    void inherit(SortKey global) {
        ignore = global.ignore;
        foldCase = global.foldCase;
        skipStartBlanks = global.skipStartBlanks;
        skipEndBlanks = global.skipEndBlanks;
        numeric = global.numeric;
        generalNumeric = global.generalNumeric;
        humanNumeric = global.humanNumeric;
        month = global.month;
        version = global.version;
        random = global.random;
        reverse = global.reverse;
    }

    /** Whether the key is compared byte by byte (possibly folded or filtered), not as a number, month or version. */
    boolean isText() {
        return !(numeric || generalNumeric || humanNumeric || month || version || random);
    }

    /** The ordering letters of the key as GNU lists them in "options '-gn' are incompatible", or null when fine. */
    String incompatibility() {
        int kinds = (numeric ? 1 : 0)
                + (generalNumeric ? 1 : 0)
                + (humanNumeric ? 1 : 0)
                + (month ? 1 : 0)
                + ((version || random || ignore != Ignore.NONE) ? 1 : 0);
        if (kinds <= 1) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        if (ignore == Ignore.DICTIONARY) {
            sb.append('d');
        }
        if (foldCase) {
            sb.append('f');
        }
        if (generalNumeric) {
            sb.append('g');
        }
        if (humanNumeric) {
            sb.append('h');
        }
        if (ignore == Ignore.NONPRINTING) {
            sb.append('i');
        }
        if (month) {
            sb.append('M');
        }
        if (numeric) {
            sb.append('n');
        }
        if (random) {
            sb.append('R');
        }
        if (version) {
            sb.append('V');
        }
        return sb.toString();
    }

    /** Applies one ordering letter; false when it is not one. */
    boolean applyOption(char c, boolean atEnd) {
        switch (c) {
            case 'b' -> {
                if (atEnd) {
                    skipEndBlanks = true;
                } else {
                    skipStartBlanks = true;
                }
            }
            case 'd' -> ignore = Ignore.DICTIONARY;
            case 'f' -> foldCase = true;
            case 'g' -> generalNumeric = true;
            case 'h' -> humanNumeric = true;
            case 'i' -> {
                // Non-printing characters are a subset of the non-dictionary ones: -d wins in either order.
                if (ignore == Ignore.NONE) {
                    ignore = Ignore.NONPRINTING;
                }
            }
            case 'M' -> month = true;
            case 'n' -> numeric = true;
            case 'R' -> random = true;
            case 'r' -> reverse = true;
            case 'V' -> version = true;
            default -> {
                return false;
            }
        }
        return true;
    }

    /** Parses a {@code -k} argument: {@code F[.C][OPTS][,F[.C][OPTS]]}. */
    static SortKey parse(String spec) throws KeyException {
        SortKey key = new SortKey();
        int[] pos = {0};
        long field = count(spec, pos, "invalid number at field start");
        if (field == 0) {
            throw bad("field number is zero", spec);
        }
        key.startField = (int) Math.min(Integer.MAX_VALUE, field - 1);
        if (pos[0] < spec.length() && spec.charAt(pos[0]) == '.') {
            pos[0]++;
            long ch = count(spec, pos, "invalid number after '.'");
            if (ch == 0) {
                throw bad("character offset is zero", spec);
            }
            key.startChar = (int) Math.min(Integer.MAX_VALUE, ch - 1);
        }
        if (key.startField == 0 && key.startChar == 0) {
            key.startField = NONE;
        }
        while (pos[0] < spec.length() && key.applyOption(spec.charAt(pos[0]), false)) {
            pos[0]++;
        }
        if (pos[0] < spec.length() && spec.charAt(pos[0]) == ',') {
            pos[0]++;
            long end = count(spec, pos, "invalid number after ','");
            if (end == 0) {
                throw bad("field number is zero", spec);
            }
            key.endField = (int) Math.min(Integer.MAX_VALUE, end - 1);
            if (pos[0] < spec.length() && spec.charAt(pos[0]) == '.') {
                pos[0]++;
                key.endChar = (int) Math.min(Integer.MAX_VALUE, count(spec, pos, "invalid number after '.'"));
            }
            while (pos[0] < spec.length() && key.applyOption(spec.charAt(pos[0]), true)) {
                pos[0]++;
            }
        }
        if (pos[0] < spec.length()) {
            throw bad("stray character in field spec", spec);
        }
        return key;
    }

    private static long count(String spec, int[] pos, String problem) throws KeyException {
        int start = pos[0];
        long value = 0;
        int i = start;
        while (i < spec.length() && Character.isDigit(spec.charAt(i))) {
            value = Math.min(Integer.MAX_VALUE, value * 10 + (spec.charAt(i) - '0'));
            i++;
        }
        if (i == start) {
            throw new KeyException(problem + ": invalid count at start of " + Quoting.locale(spec.substring(start)));
        }
        pos[0] = i;
        return value;
    }

    private static KeyException bad(String problem, String spec) {
        return new KeyException(problem + ": invalid field specification " + Quoting.locale(spec));
    }
}
