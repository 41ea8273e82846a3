package dev.shellbox.shell.interp.builtins;

import java.util.List;

/**
 * The flags of a builtin, read as bash's {@code internal_getopt} reads them: {@code -a -b} or {@code -ab}; an option
 * argument attached ({@code -dx}) or in the next word ({@code -d x}); {@code --} ends the options; a word that is not
 * an option ({@code x}, a lone {@code -}) is the first operand. A builtin loops over {@link #next()}:
 *
 * <pre>{@code
 * BuiltinOptions o = new BuiltinOptions(argv, "ra:d:", USAGE);
 * for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
 *     switch (c) {
 *         case 'r' -> raw = true;
 *         case 'a' -> array = o.argument();
 *         ...
 *         default -> { return o.fail(sh); }
 *     }
 * }
 * List<String> names = o.operands();
 * }</pre>
 *
 * <p>The spec lists the option letters; a letter followed by {@code :} takes an argument, one followed by {@code ;}
 * takes the next word as its argument unless that word looks like an option (ulimit's limits); a leading {@code +}
 * also accepts {@code +x} words (set, declare), which {@link #isPlus()} tells apart. An unknown letter or a missing
 * argument makes {@code next()} return {@link #INVALID}; {@link #fail(BuiltinContext)} then prints what bash prints
 * ({@code NAME: -x: invalid option} or {@code NAME: -d: option requires an argument}, then {@code NAME: usage: ...})
 * and gives status 2. {@code --help} is an invalid option like any other word starting with {@code --}.
 */
public final class BuiltinOptions {
    /** What {@link #next()} returns when the options are over. */
    public static final int END = -1;
    /** What {@link #next()} returns for an unknown option or a missing argument. */
    public static final int INVALID = '?';

    private final List<String> argv;
    private final String letters;
    private final boolean plusForms;
    private final String usage;
    private int word = 1;
    private int offset = 1;
    private boolean ended;
    private String argument;
    private boolean plus;
    private String error;

    /**
     * @param argv the builtin's words, its name at index 0
     * @param spec the option letters, as described above
     * @param usage the usage line after {@code NAME: usage: }, or null for a builtin that prints none
     */
    public BuiltinOptions(List<String> argv, String spec, String usage) {
        this.argv = argv;
        this.plusForms = spec.startsWith("+");
        this.letters = plusForms ? spec.substring(1) : spec;
        this.usage = usage;
    }

    /** The builtin's name, for messages. */
    public String name() {
        return argv.get(0);
    }

    /** The next option letter, {@link #END} or {@link #INVALID}. */
    public int next() {
        argument = null;
        if (ended) {
            return END;
        }
        if (offset == 1) {
            if (word >= argv.size()) {
                ended = true;
                return END;
            }
            String w = argv.get(word);
            boolean option = w.length() > 1 && (w.charAt(0) == '-' || (plusForms && w.charAt(0) == '+'));
            if (!option) {
                ended = true;
                return END;
            }
            if (w.equals("--")) {
                word++;
                ended = true;
                return END;
            }
        }
        String w = argv.get(word);
        plus = w.charAt(0) == '+';
        char c = w.charAt(offset);
        int at = c == ':' || c == ';' ? -1 : letters.indexOf(c);
        if (at < 0) {
            error = w.charAt(0) + String.valueOf(c) + ": invalid option";
            advance(w);
            return INVALID;
        }
        char kind = at + 1 < letters.length() ? letters.charAt(at + 1) : 0;
        if (kind != ':' && kind != ';') {
            advance(w);
            return c;
        }
        if (offset + 1 < w.length()) {
            argument = w.substring(offset + 1);
            word++;
        } else if (word + 1 < argv.size() && (kind == ':' || !looksLikeOption(argv.get(word + 1)))) {
            argument = argv.get(word + 1);
            word += 2;
        } else if (kind == ';') {
            word++;
        } else {
            error = w.charAt(0) + String.valueOf(c) + ": option requires an argument";
            word++;
            offset = 1;
            return INVALID;
        }
        offset = 1;
        return c;
    }

    private static boolean looksLikeOption(String w) {
        return w.length() > 1 && w.charAt(0) == '-' && !w.equals("--");
    }

    private void advance(String w) {
        if (++offset >= w.length()) {
            word++;
            offset = 1;
        }
    }

    /** The argument of the option {@link #next()} just returned; null when it has none. */
    public String argument() {
        return argument;
    }

    /** Whether the option {@link #next()} just returned was written {@code +x}. */
    public boolean isPlus() {
        return plus;
    }

    /** Where the operands start in argv once {@link #next()} returned {@link #END}. */
    public int index() {
        return word;
    }

    /** The words after the options. */
    public List<String> operands() {
        return argv.subList(word, argv.size());
    }

    /** The message of the last {@link #INVALID}, without the builtin's name. */
    public String error() {
        return error;
    }

    /** Reports the last {@link #INVALID} and the usage line as bash does; the status to return (2). */
    public int fail(BuiltinContext sh) {
        if (error != null) {
            sh.error(name(), error);
        }
        return usage(sh);
    }

    /** Prints the usage line alone (a missing operand, too many); the status to return (2). */
    public int usage(BuiltinContext sh) {
        return usage(sh, name(), usage);
    }

    /** Prints {@code NAME: usage: USAGE} to stderr; the status to return (2). */
    public static int usage(BuiltinContext sh, String name, String usage) {
        if (usage != null) {
            sh.writeErr(name + ": usage: " + usage + "\n");
        }
        return 2;
    }
}
