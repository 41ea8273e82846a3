package dev.shellbox.shell.commands.search.rg;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.search.ByteLine;
import dev.shellbox.shell.commands.search.ContextLines;
import dev.shellbox.shell.commands.search.LineBuffer;
import dev.shellbox.shell.commands.search.LineMatcher;
import dev.shellbox.shell.commands.search.LineSearch;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Searches one input and prints ripgrep's output for it when stdout is not a terminal: {@code path:line} prefixes
 * without headings or colours, context with {@code -} separators and {@code --} between groups, counts, file lists
 * and replacements.
 */
final class RgSearcher extends LineSearch {
    private final RgSettings settings;
    private final Pattern pattern;
    private boolean printedFile;

    RgSearcher(CommandContext ctx, RgSettings settings, LineMatcher matcher, Pattern pattern, OutputStream out) {
        super(ctx, matcher, out);
        this.settings = settings;
        this.pattern = pattern;
    }

    /** The state of one file's search. */
    private final class Run extends FileRun {
        long matches;
        boolean headingDone;

        Run(String path, boolean withFilename) {
            super(path, withFilename, settings.before);
        }
    }

    /**
     * Searches {@code in}.
     *
     * @param explicit whether the file was named on the command line (binary files found by the walk are skipped)
     * @return the number of selected lines
     */
    long search(InputStream in, String path, boolean withFilename, boolean explicit) throws IOException {
        Run run = new Run(path, withFilename);
        LineBuffer lines = new LineBuffer(ctx, in, (byte) '\n', !settings.text, block);
        boolean skipping = matcher.canSkip() && !settings.invert && settings.before == 0;
        boolean binary = false;
        long number = 0;
        boolean stopping = false;
        while (true) {
            long moved = advance(lines, skipping && !stopping && run.context.afterLeft() <= 0);
            if (moved == 0) {
                break;
            }
            number += moved;
            if (lines.takeNulSeen()) {
                if (!explicit) {
                    break; // ripgrep stops searching a binary file it found while walking
                }
                binary = true;
            }
            byte[] bytes = lines.buffer();
            int start = lines.start();
            int length = lines.length();
            if (stopping) {
                printLine(run, bytes, start, length, number, '-');
                run.context.trailingLinePrinted();
                if (run.context.afterLeft() <= 0) {
                    break;
                }
                continue;
            }
            boolean selected = matcher.matches(bytes, start, length) != settings.invert;
            if (selected) {
                if (binary) {
                    if (!settings.listsOnly()) {
                        String prefix = run.withFilename ? run.name + ": " : "";
                        out.write(Text.encode(prefix + "binary file matches (found \"\\0\" byte around offset "
                                + lines.nulOffset() + ")\n"));
                    }
                    run.selected++;
                    break;
                }
                run.selected++;
                if (settings.quiet) {
                    break;
                }
                if (!settings.listsOnly()) {
                    printSelected(run, bytes, start, length, number);
                } else if (settings.countMatches) {
                    run.matches += settings.invert ? 1 : countMatches(bytes, start, length);
                }
                if (settings.filesWithMatches || settings.filesWithoutMatch) {
                    break;
                }
                if (run.selected == settings.maxCount) {
                    stopping = settings.after > 0 && !settings.listsOnly();
                    if (!stopping) {
                        break;
                    }
                    run.context.trailing(settings.after);
                }
            } else if (!settings.listsOnly() && run.context.afterLeft() > 0) {
                printLine(run, bytes, start, length, number, '-');
                run.context.trailingLinePrinted();
            } else if (!settings.listsOnly() && settings.before > 0) {
                run.context.hold(bytes, start, length, number, 0);
            }
        }
        finish(run);
        return run.selected;
    }

    private void finish(Run run) throws IOException {
        if (settings.quiet) {
            return;
        }
        if (settings.filesWithMatches && run.selected > 0 || settings.filesWithoutMatch && run.selected == 0) {
            out.write(Text.encode(run.name));
            out.write(settings.nullAfterPath ? 0 : '\n');
            return;
        }
        if ((settings.count || settings.countMatches) && run.selected > 0) {
            long n = settings.countMatches ? run.matches : run.selected;
            if (run.withFilename) {
                out.write(Text.encode(run.name));
                out.write(settings.nullAfterPath ? 0 : ':');
            }
            out.write(Text.encode(n + "\n"));
        }
    }

    private long countMatches(byte[] bytes, int start, int length) {
        if (!matcher.startLine(bytes, start, length)) {
            return 0;
        }
        long n = 0;
        int from = 0;
        int chars = matcher.line().text().length();
        while (from <= chars && matcher.find(from)) {
            n++;
            from = matcher.end() > matcher.start() ? matcher.end() : matcher.end() + 1;
        }
        return n;
    }

    private void printSelected(Run run, byte[] bytes, int start, int length, long number) throws IOException {
        for (ContextLines.Held h : run.context.takeUnprinted()) {
            printLine(run, h.bytes(), 0, h.bytes().length, h.number(), '-');
        }
        if (settings.onlyMatching && !settings.invert) {
            printMatches(run, bytes, start, length, number);
        } else if (settings.replacement != null && !settings.invert) {
            separate(run, number);
            ByteLine line = new ByteLine().set(bytes, start, length);
            String replaced = replaceAll(line.text());
            head(run, number, firstMatchColumn(bytes, start, length), ':');
            out.write(Text.encode(replaced));
            out.write('\n');
            run.context.printed(number);
        } else {
            printLine(run, bytes, start, length, number, ':');
        }
        run.context.trailing(settings.after);
    }

    private void printMatches(Run run, byte[] bytes, int start, int length, long number) throws IOException {
        if (!matcher.startLine(bytes, start, length)) {
            return;
        }
        ByteLine line = matcher.line();
        CharSequence text = line.text();
        Matcher m = pattern.matcher(text);
        int from = 0;
        separate(run, number);
        while (from <= text.length() && m.find(from)) {
            if (m.end() == m.start()) {
                from = m.end() + 1;
                continue;
            }
            head(run, number, line.byteOffset(m.start()) + 1, ':');
            if (settings.replacement != null) {
                out.write(Text.encode(expand(m, settings.replacement)));
            } else {
                out.write(line.bytes(m.start(), m.end()));
            }
            out.write('\n');
            from = m.end();
        }
        run.context.printed(number);
    }

    private void printLine(Run run, byte[] bytes, int start, int length, long number, char separator)
            throws IOException {
        if (settings.onlyMatching && separator == '-') {
            run.context.printed(number);
            return;
        }
        separate(run, number);
        long column = separator == ':' ? firstMatchColumn(bytes, start, length) : 0;
        head(run, number, column, separator);
        out.write(bytes, start, length);
        out.write('\n');
        run.context.printed(number);
    }

    /** Prints the heading of a file and the separator between groups of context. */
    private void separate(Run run, long number) throws IOException {
        if (settings.heading && run.withFilename && !run.headingDone) {
            if (printedFile) {
                out.write('\n');
            }
            out.write(Text.encode(run.name));
            out.write('\n');
            run.headingDone = true;
            printedFile = true;
        } else if (settings.contextRequested()
                && printedAnything
                && settings.contextSeparator != null
                && (run.context.lastPrinted() == 0 || number != run.context.lastPrinted() + 1)) {
            out.write(Text.encode(settings.contextSeparator));
            out.write('\n');
        }
        printedAnything = true;
    }

    private void head(Run run, long number, long column, char separator) throws IOException {
        if (run.withFilename && !settings.heading) {
            out.write(Text.encode(run.name));
            out.write(settings.nullAfterPath ? 0 : separator);
        }
        if (settings.lineNumbers) {
            out.write(Text.encode(Long.toString(number)));
            out.write(separator);
        }
        if (settings.column && column > 0) {
            out.write(Text.encode(Long.toString(column)));
            out.write(separator);
        }
    }

    private long firstMatchColumn(byte[] bytes, int start, int length) {
        if (!settings.column || settings.invert || !matcher.startLine(bytes, start, length)) {
            return 0;
        }
        Matcher m = pattern.matcher(matcher.line().text());
        return m.find() ? matcher.line().byteOffset(m.start()) + 1 : 0;
    }

    private String replaceAll(CharSequence text) {
        Matcher m = pattern.matcher(text);
        StringBuilder sb = new StringBuilder();
        int copied = 0;
        int from = 0;
        while (from <= text.length() && m.find(from)) {
            sb.append(text, copied, m.start()).append(expand(m, settings.replacement));
            copied = m.end();
            from = m.end() > m.start() ? m.end() : m.end() + 1;
        }
        return sb.append(text, copied, text.length()).toString();
    }

    /** ripgrep's replacement syntax: {@code $1}, {@code ${1}}, {@code $name}, {@code ${name}}, {@code $$}. */
    static String expand(Matcher m, String replacement) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < replacement.length(); i++) {
            char c = replacement.charAt(i);
            if (c != '$' || i + 1 == replacement.length()) {
                sb.append(c);
                continue;
            }
            char next = replacement.charAt(i + 1);
            if (next == '$') {
                sb.append('$');
                i++;
                continue;
            }
            String name;
            if (next == '{') {
                int close = replacement.indexOf('}', i + 2);
                if (close < 0) {
                    sb.append(c);
                    continue;
                }
                name = replacement.substring(i + 2, close);
                i = close;
            } else {
                int end = i + 1;
                while (end < replacement.length()
                        && (Character.isLetterOrDigit(replacement.charAt(end)) || replacement.charAt(end) == '_')) {
                    end++;
                }
                if (end == i + 1) {
                    sb.append(c);
                    continue;
                }
                name = replacement.substring(i + 1, end);
                i = end - 1;
            }
            sb.append(group(m, name));
        }
        return sb.toString();
    }

    private static String group(Matcher m, String name) {
        try {
            String value = name.chars().allMatch(Character::isDigit)
                    ? (Integer.parseInt(name) <= m.groupCount() ? m.group(Integer.parseInt(name)) : null)
                    : m.group(name);
            return value == null ? "" : value;
        } catch (IllegalArgumentException e) {
            return ""; // no group of that name, as in ripgrep
        }
    }
}
