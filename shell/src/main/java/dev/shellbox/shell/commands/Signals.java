package dev.shellbox.shell.commands;

import java.util.List;
import java.util.Locale;

/** Linux signal names and numbers, for {@code timeout -s}; a signal's exit status is 128 plus its number. */
final class Signals {
    static final int TERM = 15;
    static final int KILL = 9;

    /** Index = signal number; names without the SIG prefix. */
    private static final List<String> NAMES = List.of(
            "0", "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2", "PIPE",
            "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM",
            "PROF", "WINCH", "IO", "PWR", "SYS");

    private static final int MAX_SIGNAL = 64;

    private Signals() {}

    /** The number of a signal given as a number or a name ({@code TERM}, {@code sigterm}, {@code 9}); -1 if unknown. */
    static int parse(String text) {
        if (!text.isEmpty() && text.chars().allMatch(Character::isDigit)) {
            if (text.length() > 3) {
                return -1;
            }
            int n = Integer.parseInt(text);
            return n <= MAX_SIGNAL ? n : -1;
        }
        String name = text.toUpperCase(Locale.ROOT);
        if (name.startsWith("SIG")) {
            name = name.substring(3);
        }
        switch (name) {
            case "IOT" -> {
                return 6;
            }
            case "CLD" -> {
                return 17;
            }
            case "POLL" -> {
                return 29;
            }
            default -> {
                int n = NAMES.indexOf(name);
                return n > 0 ? n : -1;
            }
        }
    }

    /** The name GNU prints for a signal number ({@code TERM}), or the number itself for real-time signals. */
    static String name(int signal) {
        if (signal > 0 && signal < NAMES.size()) {
            return NAMES.get(signal);
        }
        if (signal >= 34 && signal <= MAX_SIGNAL) {
            return signal <= 49 ? "RTMIN+" + (signal - 34) : "RTMAX-" + (MAX_SIGNAL - signal);
        }
        return Integer.toString(signal);
    }
}
