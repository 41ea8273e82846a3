package dev.shellbox.shell.commands.search;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The context around the selected lines of one file, as grep's and ripgrep's {@code -B}, {@code -A} and {@code -C}
 * print it: lines before a selected one are held (at most {@code before}), lines after it are counted down, and the
 * number of the last line printed tells which held lines are still to print and whether a new group starts.
 */
public final class ContextLines {
    /** A line held for leading context, with its number and its byte offset in the file. */
    public record Held(byte[] bytes, long number, long offset) {}

    private final int before;
    private final ArrayDeque<Held> held = new ArrayDeque<>();
    private long lastPrinted;
    private int afterLeft;

    public ContextLines(int before) {
        this.before = before;
    }

    /** Holds a copy of a line that may become leading context; the oldest goes once {@code before} are held. */
    public void hold(byte[] bytes, int start, int length, long number, long offset) {
        if (held.size() == before) {
            held.removeFirst();
        }
        held.addLast(new Held(Arrays.copyOfRange(bytes, start, start + length), number, offset));
    }

    /** The held lines not printed yet, oldest first; nothing is held afterwards. */
    public List<Held> takeUnprinted() {
        List<Held> unprinted = new ArrayList<>(held.size());
        for (Held h : held) {
            if (h.number() > lastPrinted) {
                unprinted.add(h);
            }
        }
        held.clear();
        return unprinted;
    }

    /** The number of the last line printed; 0 before any. */
    public long lastPrinted() {
        return lastPrinted;
    }

    public void printed(long number) {
        lastPrinted = number;
    }

    /** How many lines of trailing context are still to print. */
    public int afterLeft() {
        return afterLeft;
    }

    /** Starts {@code lines} of trailing context after a selected line. */
    public void trailing(int lines) {
        afterLeft = lines;
    }

    /** One line of trailing context was printed. */
    public void trailingLinePrinted() {
        afterLeft--;
    }
}
