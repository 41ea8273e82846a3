package dev.shellbox.shell.commands.utils.patch;

import java.util.ArrayList;
import java.util.List;

/**
 * One hunk of a patch as a sequence of context (' '), deleted ('-') and added ('+') lines, with the line numbers of
 * its header. {@link #first()} and {@link #newFirst()} follow GNU patch: an empty range starts after its line.
 */
final class Hunk {
    /** One line of a hunk; {@code newline} is false for a line marked "\ No newline at end of file". */
    record Line(char kind, byte[] text, boolean newline) {}

    final int oldStart;
    final int oldCount;
    final int newStart;
    final int newCount;
    /** What followed the range on the hunk's header line ("@@ ... @@ int main()"), for rejects. */
    final String function;

    final List<Line> lines;

    Hunk(int oldStart, int oldCount, int newStart, int newCount, String function, List<Line> lines) {
        this.oldStart = oldStart;
        this.oldCount = oldCount;
        this.newStart = newStart;
        this.newCount = newCount;
        this.function = function;
        this.lines = lines;
    }

    /** The hunk that undoes this one (-R). */
    Hunk reversed() {
        List<Line> swapped = new ArrayList<>(lines.size());
        // Keep deletions before additions within each change, as a forward hunk would list them.
        int i = 0;
        while (i < lines.size()) {
            if (lines.get(i).kind() == ' ') {
                swapped.add(lines.get(i++));
                continue;
            }
            List<Line> minus = new ArrayList<>();
            List<Line> plus = new ArrayList<>();
            while (i < lines.size() && lines.get(i).kind() != ' ') {
                Line l = lines.get(i++);
                if (l.kind() == '-') {
                    plus.add(new Line('+', l.text(), l.newline()));
                } else {
                    minus.add(new Line('-', l.text(), l.newline()));
                }
            }
            swapped.addAll(minus);
            swapped.addAll(plus);
        }
        return new Hunk(newStart, newCount, oldStart, oldCount, function, swapped);
    }

    /** The first line the old text occupies (1-based); for an empty old range, the line it goes before. */
    int first() {
        return patternLines() == 0 ? oldStart + 1 : oldStart;
    }

    int newFirst() {
        return replacementLines() == 0 ? newStart + 1 : newStart;
    }

    /** The old text: context and deleted lines. */
    List<Line> pattern() {
        List<Line> p = new ArrayList<>();
        for (Line l : lines) {
            if (l.kind() != '+') {
                p.add(l);
            }
        }
        return p;
    }

    int patternLines() {
        int n = 0;
        for (Line l : lines) {
            if (l.kind() != '+') {
                n++;
            }
        }
        return n;
    }

    int replacementLines() {
        int n = 0;
        for (Line l : lines) {
            if (l.kind() != '-') {
                n++;
            }
        }
        return n;
    }

    /** Context lines before the first change. */
    int prefixContext() {
        int n = 0;
        for (Line l : lines) {
            if (l.kind() != ' ') {
                break;
            }
            n++;
        }
        return n;
    }

    /** Context lines after the last change. */
    int suffixContext() {
        int n = 0;
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).kind() != ' ') {
                break;
            }
            n++;
        }
        return n;
    }
}
