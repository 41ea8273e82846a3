package dev.shellbox.shell.commands.search.grep;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.search.ByteLine;
import dev.shellbox.shell.commands.search.ContextLines;
import dev.shellbox.shell.commands.search.LineBuffer;
import dev.shellbox.shell.commands.search.LineMatcher;
import dev.shellbox.shell.commands.search.LineSearch;
import dev.shellbox.shell.gnu.mbchar.Utf8;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * Searches one input after another and prints what grep prints for them: selected lines with their prefixes,
 * context and group separators, counts, file names, and the "binary file matches" notice. Keeps the little state
 * that spans files (whether anything was printed yet, for group separators).
 *
 * <p>Binary files follow GNU grep: a NUL byte in the first block read (or in a later line) makes the file binary:
 * from then on nothing is printed, the search stops at the next selected line, and the notice goes to stderr at the
 * end of the file. A line about to be printed that is not valid UTF-8 is left out, with the same notice at the end.
 */
final class FileSearch extends LineSearch {
    private static final int UNKNOWN_SIZE_WIDTH = 19;

    private final GrepSettings settings;
    private final GrepColors colors;

    FileSearch(CommandContext ctx, GrepSettings settings, LineMatcher matcher, OutputStream out, GrepColors colors) {
        super(ctx, matcher, out);
        this.settings = settings;
        this.colors = colors;
    }

    /** The state of the file being searched. */
    private final class Run extends FileRun {
        final int offsetWidth;
        boolean outQuiet = settings.outQuiet();
        boolean doneOnMatch = settings.doneOnMatch();
        long selectedWhenBinary = -1;
        boolean encodingErrorOutput;

        Run(String name, boolean withFilename, int offsetWidth) {
            super(name, withFilename, settings.before);
            this.offsetWidth = offsetWidth;
        }
    }

    /**
     * Searches {@code in} and prints the results. {@code size} is the file's size when known (-1 otherwise), for
     * {@code -T} alignment.
     *
     * @return the number of selected lines
     */
    long search(InputStream in, String name, boolean withFilename, long size) throws IOException {
        Run run = new Run(
                name,
                withFilename,
                size < 0 ? UNKNOWN_SIZE_WIDTH : Long.toString(size).length());
        if (settings.maxCount == 0) {
            finish(run); // only -L gets here: no line is read, so every file is listed
            return 0;
        }
        boolean detectNuls = settings.binaryFiles != GrepSettings.BinaryFiles.TEXT && !settings.nullData;
        LineBuffer lines = new LineBuffer(ctx, in, settings.eol(), detectNuls, block);
        // lines that cannot match are skipped in bulk unless every line must be looked at
        boolean skipping = matcher.canSkip() && !settings.invert && settings.before <= 0;
        long number = 0;
        boolean stopping = false;
        while (true) {
            long moved = advance(lines, skipping && !stopping && run.context.afterLeft() <= 0);
            if (moved == 0) {
                break;
            }
            number += moved;
            if (lines.takeNulSeen() && !markBinary(run)) {
                return 0;
            }
            byte[] bytes = lines.buffer();
            int start = lines.start();
            int length = lines.length();
            long offset = lines.offset();
            if (stopping) {
                printContext(run, bytes, start, length, number, offset); // trailing context after -m
            } else if (matcher.matches(bytes, start, length) != settings.invert) {
                run.selected++;
                if (!run.outQuiet) {
                    printSelected(run, bytes, start, length, number, offset);
                }
                if (run.doneOnMatch) {
                    break;
                }
                if (run.selected == settings.maxCount) {
                    stopping = true;
                }
            } else if (!run.outQuiet && run.context.afterLeft() > 0) {
                printContext(run, bytes, start, length, number, offset);
            } else if (!run.outQuiet && settings.before > 0) {
                run.context.hold(bytes, start, length, number, offset);
            }
            if (settings.lineBuffered) {
                out.flush();
            }
            if (stopping && (run.context.afterLeft() <= 0 || run.outQuiet)) {
                break;
            }
        }
        finish(run);
        return run.selected;
    }

    /** A NUL was seen; false when the file is to be skipped (--binary-files=without-match). */
    private boolean markBinary(Run run) {
        if (settings.binaryFiles == GrepSettings.BinaryFiles.WITHOUT_MATCH) {
            return false;
        }
        if (!settings.count) {
            run.outQuiet = true;
            run.doneOnMatch = true;
        }
        run.selectedWhenBinary = run.selected;
        return true;
    }

    private void finish(Run run) throws IOException {
        if (settings.count) {
            if (run.withFilename) {
                writeName(run.name);
                if (settings.nullAfterName) {
                    out.write(0);
                } else {
                    writeSeparator(':');
                }
            }
            out.write(Text.encode(Long.toString(run.selected)));
            out.write('\n');
        }
        GrepSettings.ListFiles list = settings.listFiles;
        if ((list == GrepSettings.ListFiles.MATCHING && run.selected > 0)
                || (list == GrepSettings.ListFiles.NON_MATCHING && run.selected == 0)) {
            writeName(run.name);
            out.write(settings.nullAfterName ? 0 : '\n');
        }
        if (!settings.outQuiet()
                && (run.encodingErrorOutput
                        || (run.selectedWhenBinary >= 0 && run.selectedWhenBinary < run.selected))) {
            out.flush();
            ctx.stderr().write(Text.encode("grep: " + run.name + ": binary file matches\n"));
            ctx.stderr().flush();
        }
    }

    private void printSelected(Run run, byte[] bytes, int start, int length, long number, long offset)
            throws IOException {
        List<ContextLines.Held> leading = run.context.takeUnprinted();
        separateGroup(run, leading.isEmpty() ? number : leading.get(0).number());
        if (!run.outQuiet) {
            for (ContextLines.Held h : leading) {
                printLine(run, h.bytes(), 0, h.bytes().length, h.number(), h.offset(), '-');
            }
        }
        if (!run.outQuiet) {
            if (settings.onlyMatching) {
                printMatches(run, bytes, start, length, number, offset);
            } else {
                printLine(run, bytes, start, length, number, offset, ':');
            }
        }
        run.context.printed(number);
        run.context.trailing(Math.max(settings.after, 0));
    }

    private void printContext(Run run, byte[] bytes, int start, int length, long number, long offset)
            throws IOException {
        separateGroup(run, number);
        printLine(run, bytes, start, length, number, offset, '-');
        run.context.printed(number);
        run.context.trailingLinePrinted();
    }

    /** Prints the group separator when a new group of context starts after earlier output. */
    private void separateGroup(Run run, long firstNumber) throws IOException {
        boolean adjacent = run.context.lastPrinted() > 0 && firstNumber == run.context.lastPrinted() + 1;
        if (settings.contextRequested() && printedAnything && !adjacent && settings.groupSeparator != null) {
            String separator = settings.groupSeparator;
            out.write(Text.encode(colors == null ? separator : colors.paint(colors.separator, separator)));
            out.write('\n');
        }
        printedAnything = true;
    }

    private void printLine(Run run, byte[] bytes, int start, int length, long number, long offset, char separator)
            throws IOException {
        if (settings.onlyMatching) {
            return; // -o prints no context lines, only their separators
        }
        if (refuseInvalidText(run, bytes, start, start + length)) {
            return;
        }
        printHead(run, number, offset, separator, length);
        boolean matching = (separator == ':') != settings.invert;
        if (colors != null && matching) {
            paintMatches(bytes, start, length, separator == ':' ? colors.selectedMatch : colors.contextMatch);
        } else {
            out.write(bytes, start, length);
        }
        out.write(settings.eol());
    }

    /** Writes a line with each non-empty match painted. */
    private void paintMatches(byte[] bytes, int start, int length, String color) throws IOException {
        if (color.isEmpty() || !matcher.startLine(bytes, start, length)) {
            out.write(bytes, start, length);
            return;
        }
        ByteLine line = matcher.line();
        int chars = line.text().length();
        int copied = 0;
        int from = 0;
        while (from <= chars && matcher.find(from)) {
            int matchStart = matcher.start();
            int end = matcher.end();
            if (end == matchStart) {
                from = end + 1;
                continue;
            }
            out.write(line.bytes(copied, matchStart));
            out.write(Text.encode(
                    colors.paint(color, line.text().subSequence(matchStart, end).toString())));
            copied = end;
            from = end;
        }
        out.write(line.bytes(copied, chars));
    }

    private void printMatches(Run run, byte[] bytes, int start, int length, long number, long offset)
            throws IOException {
        if (!matcher.startLine(bytes, start, length)) {
            return;
        }
        ByteLine line = matcher.line();
        int from = 0;
        int chars = line.text().length();
        while (from <= chars && matcher.find(from)) {
            int matchStart = matcher.start();
            int end = matcher.end();
            if (end == matchStart) {
                from = end + 1;
                continue;
            }
            byte[] match = line.bytes(matchStart, end);
            if (refuseInvalidText(run, match, 0, match.length)) {
                return;
            }
            printHead(run, number, offset + line.byteOffset(matchStart), ':', match.length);
            if (colors != null && !colors.selectedMatch.isEmpty()) {
                out.write(Text.encode(colors.paint(colors.selectedMatch, Text.decode(match))));
            } else {
                out.write(match);
            }
            out.write(settings.eol());
            from = end;
        }
    }

    /** GNU grep prints no line that is not valid text; it reports the file as binary instead. */
    private boolean refuseInvalidText(Run run, byte[] bytes, int from, int to) {
        if (settings.binaryFiles == GrepSettings.BinaryFiles.TEXT || Utf8.isValid(bytes, from, to)) {
            return run.outQuiet;
        }
        run.encodingErrorOutput = true;
        return true;
    }

    private void printHead(Run run, long number, long offset, char separator, int length) throws IOException {
        if (run.withFilename) {
            writeName(run.name);
            if (settings.nullAfterName) {
                out.write(0);
            } else {
                writeSeparator(separator);
            }
        }
        if (settings.lineNumbers) {
            writeNumber(run, number, colors == null ? "" : colors.lineNumber);
            writeSeparator(separator);
        }
        if (settings.byteOffsets) {
            writeNumber(run, offset, colors == null ? "" : colors.byteOffset);
            writeSeparator(separator);
        }
        if (settings.initialTab && (run.withFilename || settings.lineNumbers || settings.byteOffsets) && length != 0) {
            out.write('\t');
        }
    }

    private void writeNumber(Run run, long n, String color) throws IOException {
        StringBuilder digits = new StringBuilder();
        if (settings.initialTab) {
            for (int i = Long.toString(n).length(); i < run.offsetWidth; i++) {
                digits.append(' ');
            }
        }
        digits.append(n);
        out.write(Text.encode(colors == null ? digits.toString() : colors.paint(color, digits.toString())));
    }

    private void writeName(String name) throws IOException {
        out.write(Text.encode(colors == null ? name : colors.paint(colors.fileName, name)));
    }

    private void writeSeparator(char separator) throws IOException {
        if (colors == null) {
            out.write(separator);
        } else {
            out.write(Text.encode(colors.paint(colors.separator, String.valueOf(separator))));
        }
    }
}
