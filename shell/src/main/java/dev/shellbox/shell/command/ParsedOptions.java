package dev.shellbox.shell.command;

import java.util.ArrayList;
import java.util.List;

/** The result of {@link OptionParser#parse}: options in command-line order, then the operands. */
public final class ParsedOptions {
    /** One option occurrence; {@code value} is null for options without an argument. */
    public record Option(String key, String value) {}

    private final List<Option> options;
    private final List<String> operands;

    ParsedOptions(List<Option> options, List<String> operands) {
        this.options = List.copyOf(options);
        this.operands = List.copyOf(operands);
    }

    /** Every option in the order given, repeated ones included. */
    public List<Option> options() {
        return options;
    }

    public List<String> operands() {
        return operands;
    }

    public boolean has(char key) {
        return has(String.valueOf(key));
    }

    public boolean has(String key) {
        for (Option o : options) {
            if (o.key().equals(key)) {
                return true;
            }
        }
        return false;
    }

    /** How many times the option was given ({@code -vv}). */
    public int count(char key) {
        String k = String.valueOf(key);
        int n = 0;
        for (Option o : options) {
            if (o.key().equals(k)) {
                n++;
            }
        }
        return n;
    }

    /** The value of the last occurrence, or null. */
    public String value(char key) {
        return value(String.valueOf(key));
    }

    public String value(String key) {
        String v = null;
        for (Option o : options) {
            if (o.key().equals(key)) {
                v = o.value();
            }
        }
        return v;
    }

    /** The values of every occurrence, in order ({@code -e a -e b}). */
    public List<String> values(char key) {
        return values(String.valueOf(key));
    }

    public List<String> values(String key) {
        List<String> v = new ArrayList<>();
        for (Option o : options) {
            if (o.key().equals(key)) {
                v.add(o.value());
            }
        }
        return v;
    }
}
