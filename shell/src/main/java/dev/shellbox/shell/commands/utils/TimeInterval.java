package dev.shellbox.shell.commands.utils;

/**
 * The time intervals {@code sleep} and {@code timeout} accept: a number as C's strtod reads it (decimal with optional
 * exponent, hexadecimal, {@code inf}) followed by at most one unit suffix: s (default), m, h or d.
 */
final class TimeInterval {
    private TimeInterval() {}

    /** The interval in seconds, or -1 when {@code text} is not a valid non-negative interval. */
    static double parseSeconds(String text) {
        int[] end = new int[1];
        double value = StrtodParser.parse(text, 0, end);
        if (end[0] < 0) {
            return -1;
        }
        String suffix = text.substring(end[0]);
        double scale;
        switch (suffix) {
            case "", "s" -> scale = 1;
            case "m" -> scale = 60;
            case "h" -> scale = 3600;
            case "d" -> scale = 86400;
            default -> {
                return -1;
            }
        }
        double seconds = value * scale;
        if (!(seconds >= 0)) { // rejects NaN too
            return -1;
        }
        return seconds;
    }

    /** Whole milliseconds, rounded up so that a tiny positive interval still waits; saturates at Long.MAX_VALUE. */
    static long toMillis(double seconds) {
        double millis = Math.ceil(seconds * 1000);
        return millis >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) millis;
    }
}
