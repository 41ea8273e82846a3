package dev.shellbox.shell.gnu.signal;

import java.util.List;
import java.util.Locale;

/**
 * Linux signal names and numbers (gnulib's sig2str and str2sig) and what glibc's strsignal says of them; a signal's
 * exit status is 128 plus its number. Names go without the SIG prefix.
 */
public final class Signal {
    public static final int KILL = 9;
    public static final int TERM = 15;
    /** The last of the standard signals; real-time signals follow. */
    public static final int LAST_STANDARD = 31;

    /** Index = signal number, 1 to {@link #LAST_STANDARD}. */
    private static final List<String> NAMES = List.of(
            "0", "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2", "PIPE",
            "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM",
            "PROF", "WINCH", "IO", "PWR", "SYS");

    private static final int MAX_SIGNAL = 64;

    private Signal() {}

    /** The name of a standard signal (1 to {@link #LAST_STANDARD}), or null. */
    public static String standardName(int signal) {
        return signal > 0 && signal <= LAST_STANDARD ? NAMES.get(signal) : null;
    }

    /** The number of a standard signal's upper-case name without SIG, or -1. */
    public static int standardNumber(String name) {
        int n = NAMES.indexOf(name);
        return n > 0 ? n : -1;
    }

    /**
     * The number of a signal given as coreutils' str2sig reads it: a number up to 64, or a name ({@code TERM},
     * {@code sigterm}, the aliases {@code IOT}, {@code CLD} and {@code POLL}); -1 if unknown.
     */
    public static int parse(String text) {
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
                return standardNumber(name);
            }
        }
    }

    /** The name coreutils prints for a signal number ({@code TERM}, {@code RTMIN+2}), or the number itself. */
    public static String name(int signal) {
        String standard = standardName(signal);
        if (standard != null) {
            return standard;
        }
        if (signal >= 34 && signal <= MAX_SIGNAL) {
            return signal <= 49 ? "RTMIN+" + (signal - 34) : "RTMAX-" + (MAX_SIGNAL - signal);
        }
        return Integer.toString(signal);
    }

    /** Signals whose default action is to do nothing (or to stop, which a sandboxed process ignores). */
    public static boolean isIgnoredByDefault(int n) {
        return n == 17 || n == 18 || n == 19 || n == 20 || n == 21 || n == 22 || n == 23 || n == 28;
    }

    /** What a shell prints for a job killed by signal n ("Terminated", "Killed", ...). */
    public static String description(int n) {
        return switch (n) {
            case 1 -> "Hangup";
            case 2 -> "Interrupt";
            case 3 -> "Quit";
            case 6 -> "Aborted";
            case 9 -> "Killed";
            case 10 -> "User defined signal 1";
            case 12 -> "User defined signal 2";
            case 13 -> "Broken pipe";
            case 14 -> "Alarm clock";
            case 15 -> "Terminated";
            default -> "Signal " + n;
        };
    }
}
