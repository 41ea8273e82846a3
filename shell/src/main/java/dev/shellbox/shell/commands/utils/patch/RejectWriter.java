package dev.shellbox.shell.commands.utils.patch;

import dev.shellbox.shell.io.Text;
import java.io.ByteArrayOutputStream;
import java.util.List;

/** Formats rejected hunks as GNU patch writes .rej files: unified for unified input, context format otherwise. */
final class RejectWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final FilePatch patch;
    private final boolean reverse;
    private final String oldName;
    private final String newName;
    private boolean headerWritten;

    /** @param oldName the names after -p stripping, printed in the reject header */
    RejectWriter(FilePatch patch, boolean reverse, String oldName, String newName) {
        this.patch = patch;
        this.reverse = reverse;
        this.oldName = oldName;
        this.newName = newName;
    }

    boolean isEmpty() {
        return out.size() == 0;
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    /** Adds a hunk that did not apply; {@code outOffset} shifts its line numbers like the hunks that did. */
    void add(Hunk h, int outOffset) {
        boolean unified = patch.format == FilePatch.Format.UNIFIED;
        if (!headerWritten) {
            headerWritten = true;
            if (patch.indexName != null) {
                write("Index: " + patch.indexName + "\n");
            }
            if (patch.format == FilePatch.Format.NORMAL) {
                write("*** /dev/null\n--- /dev/null\n"); // a normal diff names no files
                headerWritten = true;
            }
            String first = reverse ? newName : oldName;
            String firstSuffix = reverse ? patch.newSuffix : patch.oldSuffix;
            String second = reverse ? oldName : newName;
            String secondSuffix = reverse ? patch.oldSuffix : patch.newSuffix;
            if (patch.format != FilePatch.Format.NORMAL) {
                write((unified ? "--- " : "*** ") + first + firstSuffix + "\n");
                write((unified ? "+++ " : "--- ") + second + secondSuffix + "\n");
            }
        }
        if (unified) {
            unifiedHunk(h, outOffset);
        } else if (patch.format == FilePatch.Format.NORMAL) {
            normalHunk(h, outOffset);
        } else {
            contextHunk(h, outOffset);
        }
    }

    private void unifiedHunk(Hunk h, int outOffset) {
        write("@@ -" + range(h.first() + outOffset, h.patternLines()) + " +"
                + range(h.newFirst() + outOffset, h.replacementLines()) + " @@" + h.function + "\n");
        for (Hunk.Line l : h.lines) {
            line(String.valueOf(l.kind()), l);
        }
    }

    private static String range(int start, int count) {
        return switch (count) {
            case 0 -> (start - 1) + ",0";
            case 1 -> String.valueOf(start);
            default -> start + "," + count;
        };
    }

    private void contextHunk(Hunk h, int outOffset) {
        write("***************" + h.function + "\n");
        int oldFirst = h.first() + outOffset;
        int oldLast = oldFirst + h.patternLines() - 1;
        int newFirst = h.newFirst() + outOffset;
        int newLast = newFirst + h.replacementLines() - 1;
        write("*** " + contextRange(oldFirst, oldLast) + " ****\n");
        List<Hunk.Line> lines = h.lines;
        for (int i = 0; i < lines.size(); i++) {
            Hunk.Line l = lines.get(i);
            if (l.kind() == ' ') {
                line(" ", l);
            } else if (l.kind() == '-') {
                line(isChange(lines, i) ? "!" : "-", l);
            }
        }
        write("--- " + contextRange(newFirst, newLast) + " ----\n");
        for (int i = 0; i < lines.size(); i++) {
            Hunk.Line l = lines.get(i);
            if (l.kind() == ' ') {
                line(" ", l);
            } else if (l.kind() == '+') {
                line(isChange(lines, i) ? "!" : "+", l);
            }
        }
    }

    /** A normal diff's hunk as GNU rejects it: old and new lines under bare ranges, no context. */
    private void normalHunk(Hunk h, int outOffset) {
        write("***************\n");
        int oldFirst = h.first() + outOffset;
        int newFirst = h.newFirst() + outOffset;
        write("*** " + contextRange(oldFirst, oldFirst + h.patternLines() - 1) + "\n");
        for (Hunk.Line l : h.lines) {
            if (l.kind() == '-') {
                line("-", l);
            }
        }
        write("--- " + contextRange(newFirst, newFirst + h.replacementLines() - 1) + " -----\n");
        for (Hunk.Line l : h.lines) {
            if (l.kind() == '+') {
                line("+", l);
            }
        }
    }

    /** Whether the deleted or added line at {@code i} belongs to a run that has both deletions and additions. */
    private static boolean isChange(List<Hunk.Line> lines, int i) {
        int start = i;
        while (start > 0 && lines.get(start - 1).kind() != ' ') {
            start--;
        }
        boolean minus = false;
        boolean plus = false;
        for (int k = start; k < lines.size() && lines.get(k).kind() != ' '; k++) {
            minus |= lines.get(k).kind() == '-';
            plus |= lines.get(k).kind() == '+';
        }
        return minus && plus;
    }

    private static String contextRange(int first, int last) {
        if (last < first) {
            return "0";
        }
        return last == first ? String.valueOf(first) : first + "," + last;
    }

    private void line(String flag, Hunk.Line l) {
        write(patch.format == FilePatch.Format.UNIFIED ? flag : flag + " ");
        out.writeBytes(l.text());
        out.write('\n');
        if (!l.newline()) {
            write("\\ No newline at end of file\n");
        }
    }

    private void write(String s) {
        out.writeBytes(Text.encode(s));
    }
}
