package dev.shellbox.shell.commands.data.awk;

/**
 * A string that came from input (fields, getline, ARGV, ENVIRON, -v): POSIX compares it as a number when it looks
 * like one. Whether it does is worked out on first use.
 */
final class StrNum {
    final String text;
    private byte state; // 0 unknown, 1 numeric, 2 not numeric
    private double number;

    StrNum(String text) {
        this.text = text;
    }

    boolean looksNumeric() {
        if (state == 0) {
            resolve();
        }
        return state == 1;
    }

    double number() {
        if (state == 0) {
            resolve();
        }
        return number;
    }

    private void resolve() {
        number = AwkValues.parseNumberPrefix(text);
        state = AwkValues.looksNumeric(text) ? (byte) 1 : (byte) 2;
    }

    @Override
    public String toString() {
        return text;
    }
}
