package dev.shellbox.shell.commands.utils.diff;

import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints an edit script in the normal, context, unified, side-by-side or ed format, following GNU diff's
 * analyze_hunk, find_hunk and pr_*_hunk: hunks of changes closer than twice the context are merged, and changes made
 * only of ignorable lines (-B, -I) are left out.
 */
final class HunkPrinter {
    private static final int OLD = 1;
    private static final int NEW = 2;
    private static final byte[] NO_NEWLINE = Text.encode("\\ No newline at end of file\n");

    private final SourceFile a;
    private final SourceFile b;
    private final DiffOptions o;
    private final OutputStream out;
    private final List<Change> script;
    private final boolean[] ignorable;
    private final String preamble;
    private final String header0;
    private final String header1;
    private boolean begun;

    /** The range and kind of a hunk (0-based, inclusive; last < first when empty). */
    private record Range(int first0, int last0, int first1, int last1, int changes) {}

    /**
     * @param preamble printed before the first hunk: the "diff -r a/f b/f" line inside directories, or ""
     * @param header0 the first file's label and time for the ---/*** header lines
     */
    HunkPrinter(
            SourceFile a,
            SourceFile b,
            DiffOptions o,
            OutputStream out,
            List<Change> script,
            String preamble,
            String header0,
            String header1) {
        this.preamble = preamble;
        this.header0 = header0;
        this.header1 = header1;
        this.a = a;
        this.b = b;
        this.o = o;
        this.out = out;
        this.script = script;
        this.ignorable = new boolean[script.size()];
        if (o.ignoreBlankLines || !o.ignorePatterns.isEmpty()) {
            for (int i = 0; i < script.size(); i++) {
                ignorable[i] = analyze(i, i).changes() == 0;
            }
        }
    }

    /** Whether any change survives -B and -I, i.e. whether the files differ. */
    boolean hasVisibleChanges() {
        for (int i = 0; i < script.size(); i++) {
            if (!ignorable[i]) {
                return true;
            }
        }
        return false;
    }

    // ---- hunk analysis ----

    /** analyze_hunk over changes [from, to] of the script. */
    private Range analyze(int from, int to) {
        boolean trivial = o.ignoreBlankLines || !o.ignorePatterns.isEmpty();
        int showFrom = 0;
        int showTo = 0;
        int l0 = 0;
        int l1 = 0;
        for (int k = from; k <= to; k++) {
            Change c = script.get(k);
            l0 = c.line0() + c.deleted() - 1;
            l1 = c.line1() + c.inserted() - 1;
            showFrom += c.deleted();
            showTo += c.inserted();
            for (int i = c.line0(); i <= l0 && trivial; i++) {
                trivial = isTrivial(a, i);
            }
            for (int i = c.line1(); i <= l1 && trivial; i++) {
                trivial = isTrivial(b, i);
            }
        }
        Change first = script.get(from);
        int changes = trivial ? 0 : (showFrom > 0 ? OLD : 0) | (showTo > 0 ? NEW : 0);
        return new Range(first.line0(), l0, first.line1(), l1, changes);
    }

    private boolean isTrivial(SourceFile f, int line) {
        int start = f.start(line);
        int end = f.contentEnd(line);
        if (o.ignoreBlankLines) {
            boolean skipWhite = o.whiteSpace.ignoresTrailing();
            boolean skipLeading = skipWhite && o.whiteSpace.compareTo(DiffOptions.WhiteSpace.SPACE_CHANGE) >= 0;
            int p = start;
            if (skipWhite) {
                while (p < end && LineClasses.isSpace(f.data[p])) {
                    p++;
                }
                if (p < end && !skipLeading) {
                    p = start;
                }
            }
            if (end - p == 0) {
                return true;
            }
        }
        if (!o.ignorePatterns.isEmpty()) {
            String text = Text.decode(f.data, start, end - start);
            for (java.util.regex.Pattern pattern : o.ignorePatterns) {
                if (pattern.matcher(text).find()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** find_hunk: the last change of the hunk that starts at {@code start}. */
    private int findHunkEnd(int start) {
        int context = o.effectiveContext();
        int k = start;
        while (true) {
            Change c = script.get(k);
            int top0 = c.line0() + c.deleted();
            if (k + 1 >= script.size()) {
                return k;
            }
            Change next = script.get(k + 1);
            int threshold = ignorable[k + 1] ? context : 2 * context + 1;
            if (next.line0() - top0 >= threshold) {
                return k;
            }
            k++;
        }
    }

    // ---- formats ----

    void printNormal() throws IOException {
        for (int k = 0; k < script.size(); k++) {
            Range r = analyze(k, k);
            if (r.changes() == 0) {
                continue;
            }
            begin();
            numberRange(',', r.first0(), r.last0());
            out.write("?dac".charAt(r.changes()));
            numberRange(',', r.first1(), r.last1());
            out.write('\n');
            if ((r.changes() & OLD) != 0) {
                for (int i = r.first0(); i <= r.last0(); i++) {
                    flaggedLine("<", a, i);
                }
            }
            if (r.changes() == (OLD | NEW)) {
                write("---\n");
            }
            if ((r.changes() & NEW) != 0) {
                for (int i = r.first1(); i <= r.last1(); i++) {
                    flaggedLine(">", b, i);
                }
            }
        }
    }

    /** GNU's begin_output: the preamble and, for -u and -c, the file header, once. */
    private void begin() throws IOException {
        if (begun) {
            return;
        }
        begun = true;
        write(preamble);
        if (o.style == DiffOptions.Style.UNIFIED) {
            write("--- " + header0 + "\n+++ " + header1 + "\n");
        } else if (o.style == DiffOptions.Style.CONTEXT) {
            write("*** " + header0 + "\n--- " + header1 + "\n");
        }
    }

    void printUnified() throws IOException {
        int context = o.effectiveContext();
        for (int k = 0; k < script.size(); ) {
            int end = findHunkEnd(k);
            Range r = analyze(k, end);
            if (r.changes() != 0) {
                begin();
                int first0 = Math.max(r.first0() - context, 0);
                int first1 = Math.max(r.first1() - context, 0);
                int last0 = Math.min(r.last0() + context, a.lineCount - 1);
                int last1 = Math.min(r.last1() + context, b.lineCount - 1);
                write("@@ -" + unifiedRange(first0, last0) + " +" + unifiedRange(first1, last1) + " @@");
                functionLine(first0);
                out.write('\n');
                int next = k;
                int i = first0;
                int j = first1;
                while (i <= last0 || j <= last1) {
                    Change c = next <= end ? script.get(next) : null;
                    if (c == null || i < c.line0()) {
                        out.write(o.initialTab ? '\t' : ' ');
                        line(a, i++);
                        j++;
                    } else {
                        for (int n = 0; n < c.deleted(); n++) {
                            out.write('-');
                            if (o.initialTab) {
                                out.write('\t');
                            }
                            line(a, i++);
                        }
                        for (int n = 0; n < c.inserted(); n++) {
                            out.write('+');
                            if (o.initialTab) {
                                out.write('\t');
                            }
                            line(b, j++);
                        }
                        next++;
                    }
                }
            }
            k = end + 1;
        }
    }

    void printContext() throws IOException {
        int context = o.effectiveContext();
        for (int k = 0; k < script.size(); ) {
            int end = findHunkEnd(k);
            Range r = analyze(k, end);
            if (r.changes() != 0) {
                begin();
                int first0 = Math.max(r.first0() - context, 0);
                int first1 = Math.max(r.first1() - context, 0);
                int last0 = Math.min(r.last0() + context, a.lineCount - 1);
                int last1 = Math.min(r.last1() + context, b.lineCount - 1);
                write("***************");
                functionLine(first0);
                write("\n*** " + contextRange(first0, last0) + " ****\n");
                if ((r.changes() & OLD) != 0) {
                    int next = k;
                    for (int i = first0; i <= last0; i++) {
                        while (next <= end
                                && script.get(next).line0() + script.get(next).deleted() <= i) {
                            next++;
                        }
                        String prefix = " ";
                        if (next <= end && script.get(next).line0() <= i) {
                            prefix = script.get(next).inserted() > 0 ? "!" : "-";
                        }
                        flaggedLine(prefix, a, i);
                    }
                }
                write("--- " + contextRange(first1, last1) + " ----\n");
                if ((r.changes() & NEW) != 0) {
                    int next = k;
                    for (int i = first1; i <= last1; i++) {
                        while (next <= end
                                && script.get(next).line1() + script.get(next).inserted() <= i) {
                            next++;
                        }
                        String prefix = " ";
                        if (next <= end && script.get(next).line1() <= i) {
                            prefix = script.get(next).deleted() > 0 ? "!" : "+";
                        }
                        flaggedLine(prefix, b, i);
                    }
                }
            }
            k = end + 1;
        }
    }

    /** -e: ed commands that turn the first file into the second, last change first. */
    void printEd() throws IOException {
        List<Range> ranges = new ArrayList<>();
        for (int k = 0; k < script.size(); k++) {
            Range r = analyze(k, k);
            if (r.changes() != 0) {
                ranges.add(r);
            }
        }
        for (int k = ranges.size() - 1; k >= 0; k--) {
            Range r = ranges.get(k);
            begin();
            numberRange(',', r.first0(), r.last0());
            out.write(r.changes() == NEW ? 'a' : r.changes() == OLD ? 'd' : 'c');
            out.write('\n');
            if ((r.changes() & NEW) != 0) {
                boolean insertMode = true;
                for (int i = r.first1(); i <= r.last1(); i++) {
                    if (!insertMode) {
                        write("a\n");
                        insertMode = true;
                    }
                    int start = b.start(i);
                    int endText = b.contentEnd(i);
                    if (endText - start == 1 && b.data[start] == '.') {
                        // A line holding only "." would end the insertion: write "..", leave insert mode, fix it.
                        write("..\n.\ns/.//\n");
                        insertMode = false;
                    } else {
                        out.write(b.data, start, endText - start);
                        out.write('\n');
                    }
                }
                if (insertMode) {
                    write(".\n");
                }
            }
        }
    }

    void printSideBySide() throws IOException {
        begin();
        SideBySide sbs = new SideBySide(a, b, o, out);
        int next0 = 0;
        int next1 = 0;
        for (int k = 0; k < script.size(); k++) {
            Range r = analyze(k, k);
            if (r.changes() == 0) {
                continue;
            }
            sbs.common(next0, next1, r.first0(), r.first1());
            int i = r.first0();
            int j = r.first1();
            int changes = r.changes();
            if (changes == (OLD | NEW)) {
                for (; i <= r.last0() && j <= r.last1(); i++, j++) {
                    sbs.line(i, '|', j);
                }
                changes = (i <= r.last0() ? OLD : 0) | (j <= r.last1() ? NEW : 0);
            }
            if ((changes & NEW) != 0) {
                for (; j <= r.last1(); j++) {
                    sbs.line(-1, '>', j);
                }
            }
            if ((changes & OLD) != 0) {
                for (; i <= r.last0(); i++) {
                    sbs.line(i, '<', -1);
                }
            }
            next0 = Math.max(i, r.last0() + 1);
            next1 = Math.max(j, r.last1() + 1);
        }
        sbs.common(next0, next1, a.lineCount, b.lineCount);
    }

    // ---- pieces ----

    private void numberRange(char separator, int first, int last) throws IOException {
        int transFirst = first + 1;
        int transLast = last + 1;
        write(transLast > transFirst ? transFirst + String.valueOf(separator) + transLast : String.valueOf(transLast));
    }

    private static String unifiedRange(int first, int last) {
        int transFirst = first + 1;
        int transLast = last + 1;
        if (transLast <= transFirst) {
            return transLast < transFirst ? transLast + ",0" : String.valueOf(transLast);
        }
        return transFirst + "," + (transLast - transFirst + 1);
    }

    private static String contextRange(int first, int last) {
        int transFirst = first + 1;
        int transLast = last + 1;
        return transLast <= transFirst ? String.valueOf(transLast) : transFirst + "," + transLast;
    }

    /** -p / -F: the last line before the hunk that matches the function pattern, cut to 40 bytes. */
    private void functionLine(int first0) throws IOException {
        if (o.functionPattern == null) {
            return;
        }
        for (int i = first0 - 1; i >= 0; i--) {
            int start = a.start(i);
            int end = a.contentEnd(i);
            String text = Text.decode(a.data, start, end - start);
            if (o.functionPattern.matcher(text).find()) {
                int length = Math.min(end - start, 40);
                while (length > 0 && LineClasses.isSpace(a.data[start + length - 1])) {
                    length--;
                }
                out.write(' ');
                out.write(a.data, start, length);
                return;
            }
        }
    }

    /** print_1_line: the flag, a space (or a tab with -T), the line. */
    private void flaggedLine(String flag, SourceFile f, int i) throws IOException {
        write(flag);
        out.write(o.initialTab ? '\t' : ' ');
        line(f, i, flag);
    }

    private void line(SourceFile f, int i) throws IOException {
        line(f, i, null);
    }

    /**
     * The line's text and its newline, or GNU's marker when the file lacks a final newline. With -t, a carriage
     * return in the middle of the line repeats the flag, as GNU's output_1_line does.
     */
    private void line(SourceFile f, int i, String flag) throws IOException {
        int start = f.start(i);
        int end = f.contentEnd(i);
        if (o.expandTabs) {
            expandTabs(f.data, start, end, flag);
        } else {
            out.write(f.data, start, end - start);
        }
        out.write('\n');
        if (!f.hasNewline(i)) {
            out.write(NO_NEWLINE);
        }
    }

    private void expandTabs(byte[] d, int start, int end, String flag) throws IOException {
        int column = 0;
        for (int p = start; p < end; p++) {
            byte c = d[p];
            if (c == '\t') {
                int spaces = o.tabSize - column % o.tabSize;
                for (int s = 0; s < spaces; s++) {
                    out.write(' ');
                }
                column += spaces;
            } else {
                if (c == '\b') {
                    if (column == 0) {
                        continue;
                    }
                    column--;
                    out.write(c);
                } else if (c == '\r') {
                    out.write(c);
                    if (flag != null && p + 1 < end) {
                        write(flag);
                        out.write(o.initialTab ? '\t' : ' ');
                    }
                    column = 0;
                } else {
                    out.write(c);
                    // isprint() in GNU's byte loop: bytes of multibyte characters take no column.
                    column += c >= 0x20 && c < 0x7f ? 1 : 0;
                }
            }
        }
    }

    private void write(String s) throws IOException {
        out.write(Text.encode(s));
    }
}
