package dev.shellbox.shell.command;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GNU getopt_long for built-in commands: clustered short options ({@code -rn}), attached or separate arguments
 * ({@code -n5}, {@code -n 5}), long options with {@code =} or a separate argument, unambiguous prefixes of long options
 * ({@code --num}), {@code --} and, as GNU does, options after operands ({@code grep foo file -i}) unless {@link
 * #stopAtFirstOperand()}.
 *
 * <p>Keys: a short option's key is its letter as a string; a long option bound to a short one shares its key; a
 * long-only option's key is its name. Immutable after construction; build once per command class.
 *
 * <pre>{@code
 * static final OptionParser OPTIONS = OptionParser.of("nbsAETve:")
 *         .longOption("number", 'n')
 *         .longOption("regexp", 'e')
 *         .longOption("color", Arg.OPTIONAL);
 * }</pre>
 */
public final class OptionParser {
    /** Whether an option takes an argument. */
    public enum Arg {
        NONE,
        REQUIRED,
        /** Only attached: {@code -oVALUE} or {@code --opt=VALUE}. */
        OPTIONAL
    }

    private final Map<Character, Arg> shortOptions;
    private final Map<String, LongOption> longOptions;
    private final boolean stopAtFirstOperand;
    private final Character numericKey;

    private record LongOption(String name, String key, Arg arg) {}

    private OptionParser(
            Map<Character, Arg> shortOptions,
            Map<String, LongOption> longOptions,
            boolean stopAtFirstOperand,
            Character numericKey) {
        this.shortOptions = shortOptions;
        this.longOptions = longOptions;
        this.stopAtFirstOperand = stopAtFirstOperand;
        this.numericKey = numericKey;
    }

    /** Short options in getopt syntax: a letter, {@code x:} for a required argument, {@code x::} for an optional one. */
    public static OptionParser of(String shortSpec) {
        Map<Character, Arg> shorts = new LinkedHashMap<>();
        for (int i = 0; i < shortSpec.length(); i++) {
            char c = shortSpec.charAt(i);
            Arg arg = Arg.NONE;
            if (i + 1 < shortSpec.length() && shortSpec.charAt(i + 1) == ':') {
                arg = Arg.REQUIRED;
                i++;
                if (i + 1 < shortSpec.length() && shortSpec.charAt(i + 1) == ':') {
                    arg = Arg.OPTIONAL;
                    i++;
                }
            }
            shorts.put(c, arg);
        }
        return new OptionParser(shorts, new LinkedHashMap<>(), false, null);
    }

    /** {@code --name} as a synonym of the short option {@code key}, taking the same kind of argument. */
    public OptionParser longOption(String name, char key) {
        Arg arg = shortOptions.get(key);
        if (arg == null) {
            throw new IllegalArgumentException("no short option -" + key);
        }
        return withLong(new LongOption(name, String.valueOf(key), arg));
    }

    /** A long-only option {@code --name}, whose key is its name. */
    public OptionParser longOption(String name, Arg arg) {
        return withLong(new LongOption(name, name, arg));
    }

    private OptionParser withLong(LongOption option) {
        Map<String, LongOption> longs = new LinkedHashMap<>(longOptions);
        longs.put(option.name(), option);
        return new OptionParser(shortOptions, longs, stopAtFirstOperand, numericKey);
    }

    /** Options end at the first operand ({@code xargs}, {@code env}, {@code timeout}: the rest is a command). */
    public OptionParser stopAtFirstOperand() {
        return new OptionParser(shortOptions, longOptions, true, numericKey);
    }

    /** {@code -20} means option {@code key} with value {@code 20} ({@code head -20}, {@code tail -5}). */
    public OptionParser numericOption(char key) {
        return new OptionParser(shortOptions, longOptions, stopAtFirstOperand, key);
    }

    /** Parses {@code args}; throws with GNU's message for an unknown option or a missing argument. */
    public ParsedOptions parse(List<String> args) throws OptionException {
        List<ParsedOptions.Option> options = new ArrayList<>();
        List<String> operands = new ArrayList<>();
        int i = 0;
        while (i < args.size()) {
            String arg = args.get(i++);
            if (arg.equals("--")) {
                operands.addAll(args.subList(i, args.size()));
                break;
            }
            if (arg.startsWith("--")) {
                i = parseLong(arg, args, i, options);
            } else if (arg.length() > 1 && arg.charAt(0) == '-') {
                i = parseShort(arg, args, i, options);
            } else {
                operands.add(arg);
                if (stopAtFirstOperand) {
                    operands.addAll(args.subList(i, args.size()));
                    break;
                }
            }
        }
        return new ParsedOptions(options, operands);
    }

    private int parseLong(String arg, List<String> args, int i, List<ParsedOptions.Option> options)
            throws OptionException {
        int eq = arg.indexOf('=');
        String name = arg.substring(2, eq < 0 ? arg.length() : eq);
        String value = eq < 0 ? null : arg.substring(eq + 1);
        LongOption option = longOptions.get(name);
        if (option == null) {
            List<LongOption> matches = new ArrayList<>();
            for (LongOption candidate : longOptions.values()) {
                if (candidate.name().startsWith(name)) {
                    matches.add(candidate);
                }
            }
            if (matches.isEmpty()) {
                throw new OptionException("unrecognized option '" + arg + "'");
            }
            boolean sameKey =
                    matches.stream().allMatch(m -> m.key().equals(matches.get(0).key()));
            if (matches.size() > 1 && !sameKey) {
                StringBuilder sb = new StringBuilder("option '" + arg + "' is ambiguous; possibilities:");
                for (LongOption m : matches) {
                    sb.append(" '--").append(m.name()).append('\'');
                }
                throw new OptionException(sb.toString());
            }
            option = matches.get(0);
        }
        switch (option.arg()) {
            case NONE -> {
                if (value != null) {
                    throw new OptionException("option '--" + option.name() + "' doesn't allow an argument");
                }
            }
            case REQUIRED -> {
                if (value == null) {
                    if (i >= args.size()) {
                        throw new OptionException("option '--" + option.name() + "' requires an argument");
                    }
                    value = args.get(i++);
                }
            }
            case OPTIONAL -> {}
        }
        options.add(new ParsedOptions.Option(option.key(), value));
        return i;
    }

    private int parseShort(String arg, List<String> args, int i, List<ParsedOptions.Option> options)
            throws OptionException {
        if (numericKey != null && isDigits(arg, 1)) {
            options.add(new ParsedOptions.Option(String.valueOf(numericKey), arg.substring(1)));
            return i;
        }
        for (int k = 1; k < arg.length(); k++) {
            char c = arg.charAt(k);
            Arg kind = shortOptions.get(c);
            if (kind == null) {
                if (numericKey != null && Character.isDigit(c) && isDigits(arg, k)) {
                    options.add(new ParsedOptions.Option(String.valueOf(numericKey), arg.substring(k)));
                    return i;
                }
                throw new OptionException("invalid option -- '" + c + "'");
            }
            String key = String.valueOf(c);
            if (kind == Arg.NONE) {
                options.add(new ParsedOptions.Option(key, null));
                continue;
            }
            String rest = arg.substring(k + 1);
            if (!rest.isEmpty()) {
                options.add(new ParsedOptions.Option(key, rest));
            } else if (kind == Arg.OPTIONAL) {
                options.add(new ParsedOptions.Option(key, null));
            } else if (i < args.size()) {
                options.add(new ParsedOptions.Option(key, args.get(i++)));
            } else {
                throw new OptionException("option requires an argument -- '" + c + "'");
            }
            return i;
        }
        return i;
    }

    private static boolean isDigits(String s, int from) {
        if (from >= s.length()) {
            return false;
        }
        for (int k = from; k < s.length(); k++) {
            if (!Character.isDigit(s.charAt(k))) {
                return false;
            }
        }
        return true;
    }

    /** A command line that the parser refused; the message is GNU's, without the command name. */
    public static final class OptionException extends Exception {
        public OptionException(String message) {
            super(message, null, false, false);
        }
    }
}
