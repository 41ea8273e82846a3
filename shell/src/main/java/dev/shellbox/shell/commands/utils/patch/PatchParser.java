package dev.shellbox.shell.commands.utils.patch;

import dev.shellbox.shell.io.Text;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits patch input into per-file patches: unified and context diffs (with their ---/+++ or ***&#47;--- headers,
 * "Index:" lines and git extended headers) and normal diffs. Lines that belong to none of these are skipped, as GNU
 * patch skips leading garbage.
 */
final class PatchParser {
    private static final Pattern UNIFIED_HUNK =
            Pattern.compile("@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@(.*)", Pattern.DOTALL);
    private static final Pattern CONTEXT_OLD = Pattern.compile("\\*\\*\\* (\\d+)(?:,(\\d+))? \\*\\*\\*\\*\\s*");
    private static final Pattern CONTEXT_NEW = Pattern.compile("--- (\\d+)(?:,(\\d+))? ----\\s*");
    private static final Pattern NORMAL_COMMAND = Pattern.compile("(\\d+)(?:,(\\d+))?([acd])(\\d+)(?:,(\\d+))?\\s*");
    private static final byte[] NO_NEWLINE_MARK = Text.encode("\\ No newline at end of file");

    /** A patch that breaks off in the middle of a hunk; GNU reports the line. */
    static final class MalformedPatchException extends Exception {
        /** The complete file patches before the broken one. */
        List<FilePatch> complete = List.of();
        /** The file patch whose hunks broke off, with its headers. */
        FilePatch broken;

        /** @param text the offending line; GNU prints it with its newline, so a blank line follows */
        MalformedPatchException(int line, String text) {
            super("malformed patch at line " + line + ": " + text + (text.isEmpty() ? "" : "\n"), null, false, false);
        }
    }

    private final List<byte[]> lines = new ArrayList<>();
    private final boolean forceFormat;
    private final FilePatch.Format forcedFormat;
    private int pos;

    private PatchParser(byte[] input, FilePatch.Format forcedFormat) {
        int start = 0;
        for (int i = 0; i < input.length; i++) {
            if (input[i] == '\n') {
                lines.add(Arrays.copyOfRange(input, start, i));
                start = i + 1;
            }
        }
        if (start < input.length) {
            lines.add(Arrays.copyOfRange(input, start, input.length));
        }
        this.forcedFormat = forcedFormat;
        this.forceFormat = forcedFormat != null;
    }

    static List<FilePatch> parse(byte[] input, FilePatch.Format forcedFormat) throws MalformedPatchException {
        return new PatchParser(input, forcedFormat).parseAll();
    }

    private List<FilePatch> parseAll() throws MalformedPatchException {
        List<FilePatch> patches = new ArrayList<>();
        FilePatch[] current = {new FilePatch()};
        try {
            parseInto(patches, current);
        } catch (MalformedPatchException e) {
            e.complete = patches;
            e.broken = current[0];
            throw e;
        }
        return patches;
    }

    private void parseInto(List<FilePatch> patches, FilePatch[] current) throws MalformedPatchException {
        FilePatch pending = current[0];
        while (pos < lines.size()) {
            current[0] = pending;
            String line = text(pos);
            if (line.startsWith("diff --git ")) {
                if (!pending.leadingText.isEmpty() && (pending.gitCreation || pending.gitDeletion)) {
                    pending = new FilePatch();
                }
                pending.leadingText.add(line);
                pos++;
                readGitHeader(pending);
                continue;
            }
            if (line.startsWith("Index: ")) {
                pending.indexName = line.substring(7).trim();
            }
            if (isUnifiedStart() && allowed(FilePatch.Format.UNIFIED)) {
                FilePatch p = readHeaders(pending, FilePatch.Format.UNIFIED, "--- ", "+++ ");
                readUnifiedHunks(p);
                patches.add(p);
                pending = new FilePatch();
                continue;
            }
            if (isContextStart() && allowed(FilePatch.Format.CONTEXT)) {
                FilePatch p = readHeaders(pending, FilePatch.Format.CONTEXT, "*** ", "--- ");
                readContextHunks(p);
                patches.add(p);
                pending = new FilePatch();
                continue;
            }
            if (NORMAL_COMMAND.matcher(line).matches() && allowed(FilePatch.Format.NORMAL) && isNormalHunkAt(pos)) {
                pending.format = FilePatch.Format.NORMAL;
                pending.firstHunkLine = pos + 1;
                readNormalHunks(pending);
                patches.add(pending);
                pending = new FilePatch();
                continue;
            }
            pending.leadingText.add(line);
            pos++;
        }
    }

    private boolean allowed(FilePatch.Format format) {
        return !forceFormat || forcedFormat == format;
    }

    private boolean isUnifiedStart() {
        return pos + 2 < lines.size() + 1
                && text(pos).startsWith("--- ")
                && pos + 1 < lines.size()
                && text(pos + 1).startsWith("+++ ")
                && pos + 2 < lines.size()
                && text(pos + 2).startsWith("@@ -");
    }

    private boolean isContextStart() {
        return pos + 2 < lines.size()
                && text(pos).startsWith("*** ")
                && text(pos + 1).startsWith("--- ")
                && text(pos + 2).startsWith("***************");
    }

    private boolean isNormalHunkAt(int at) {
        if (at + 1 >= lines.size()) {
            return false;
        }
        String next = text(at + 1);
        return next.startsWith("< ") || next.startsWith("> ") || next.equals("<") || next.equals(">");
    }

    private void readGitHeader(FilePatch p) {
        while (pos < lines.size()) {
            String line = text(pos);
            if (line.startsWith("new file mode ")) {
                p.gitCreation = true;
            } else if (line.startsWith("deleted file mode ")) {
                p.gitDeletion = true;
            } else if (!(line.startsWith("index ")
                    || line.startsWith("old mode ")
                    || line.startsWith("new mode ")
                    || line.startsWith("similarity index ")
                    || line.startsWith("dissimilarity index ")
                    || line.startsWith("rename from ")
                    || line.startsWith("rename to ")
                    || line.startsWith("copy from ")
                    || line.startsWith("copy to "))) {
                return;
            }
            p.leadingText.add(line);
            pos++;
        }
    }

    private FilePatch readHeaders(FilePatch p, FilePatch.Format format, String oldTag, String newTag) {
        p.format = format;
        String oldLine = text(pos);
        String newLine = text(pos + 1);
        p.leadingText.add(oldLine);
        p.leadingText.add(newLine);
        String[] old = splitName(oldLine.substring(oldTag.length()));
        String[] nu = splitName(newLine.substring(newTag.length()));
        p.oldName = old[0];
        p.oldSuffix = old[1];
        p.newName = nu[0];
        p.newSuffix = nu[1];
        pos += 2;
        p.firstHunkLine = pos + 1;
        return p;
    }

    /** A header's file name and what follows it: a tab starts the timestamp; quoted names are C-unescaped. */
    static String[] splitName(String rest) {
        if (rest.startsWith("\"")) {
            StringBuilder name = new StringBuilder();
            int i = 1;
            while (i < rest.length() && rest.charAt(i) != '"') {
                char c = rest.charAt(i++);
                if (c == '\\' && i < rest.length()) {
                    char e = rest.charAt(i++);
                    switch (e) {
                        case 'n' -> name.append('\n');
                        case 't' -> name.append('\t');
                        case '\\' -> name.append('\\');
                        case '"' -> name.append('"');
                        default -> {
                            if (e >= '0' && e <= '7' && i + 1 < rest.length()) {
                                int v = Integer.parseInt(rest.substring(i - 1, i + 2), 8);
                                name.append((char) (0xDC00 + v));
                                i += 2;
                            } else {
                                name.append(e);
                            }
                        }
                    }
                } else {
                    name.append(c);
                }
            }
            return new String[] {
                name.toString(), i + 1 <= rest.length() ? rest.substring(Math.min(i + 1, rest.length())) : ""
            };
        }
        int tab = rest.indexOf('\t');
        if (tab >= 0) {
            return new String[] {rest.substring(0, tab), rest.substring(tab)};
        }
        Matcher m = Pattern.compile(
                        "^(.*?)(\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(\\.\\d+)?( [+-]\\d{4})?\\s*)$")
                .matcher(rest);
        if (m.matches()) {
            return new String[] {m.group(1), m.group(2)};
        }
        return new String[] {rest.strip(), ""};
    }

    private void readUnifiedHunks(FilePatch p) throws MalformedPatchException {
        while (pos < lines.size()) {
            Matcher m = UNIFIED_HUNK.matcher(text(pos));
            if (!m.matches()) {
                return;
            }
            int oldStart = Integer.parseInt(m.group(1));
            int oldCount = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
            int newStart = Integer.parseInt(m.group(3));
            int newCount = m.group(4) == null ? 1 : Integer.parseInt(m.group(4));
            String function = m.group(5);
            pos++;
            List<Hunk.Line> body = new ArrayList<>();
            int oldLeft = oldCount;
            int newLeft = newCount;
            while (oldLeft > 0 || newLeft > 0) {
                if (pos >= lines.size()) {
                    throw new MalformedPatchException(pos + 1, "");
                }
                byte[] raw = lines.get(pos);
                char kind = raw.length == 0 ? ' ' : (char) raw[0];
                byte[] content = raw.length == 0 ? raw : Arrays.copyOfRange(raw, 1, raw.length);
                switch (kind) {
                    case ' ' -> {
                        oldLeft--;
                        newLeft--;
                    }
                    case '-' -> oldLeft--;
                    case '+' -> newLeft--;
                    case '\\' -> {
                        markNoNewline(body);
                        pos++;
                        continue;
                    }
                    default -> throw new MalformedPatchException(pos + 1, Text.decode(raw));
                }
                if (oldLeft < 0 || newLeft < 0) {
                    throw new MalformedPatchException(pos + 1, Text.decode(raw));
                }
                body.add(new Hunk.Line(kind, content, true));
                pos++;
            }
            if (pos < lines.size() && startsWith(lines.get(pos), NO_NEWLINE_MARK)) {
                markNoNewline(body);
                pos++;
            }
            p.hunks.add(new Hunk(oldStart, oldCount, newStart, newCount, function, body));
        }
    }

    private void readContextHunks(FilePatch p) throws MalformedPatchException {
        while (pos < lines.size() && text(pos).startsWith("***************")) {
            String function = text(pos).substring("***************".length());
            pos++;
            Matcher old = CONTEXT_OLD.matcher(pos < lines.size() ? text(pos) : "");
            if (!old.matches()) {
                throw new MalformedPatchException(pos + 1, pos < lines.size() ? text(pos) : "");
            }
            int oldStart = Integer.parseInt(old.group(1));
            pos++;
            List<Hunk.Line> oldLines = new ArrayList<>();
            while (pos < lines.size() && !CONTEXT_NEW.matcher(text(pos)).matches()) {
                readContextLine(oldLines);
            }
            Matcher nu = CONTEXT_NEW.matcher(pos < lines.size() ? text(pos) : "");
            if (!nu.matches()) {
                throw new MalformedPatchException(pos + 1, "");
            }
            int newStart = Integer.parseInt(nu.group(1));
            int newEnd = nu.group(2) == null ? newStart : Integer.parseInt(nu.group(2));
            int newCount = nu.group(2) == null && newStart == 0 ? 0 : newEnd - newStart + 1;
            pos++;
            List<Hunk.Line> newLines = new ArrayList<>();
            while (pos < lines.size()
                    && !text(pos).startsWith("***************")
                    && isContextBodyLine(lines.get(pos))
                    && newLines.size() < newCount) {
                readContextLine(newLines);
            }
            if (pos < lines.size() && startsWith(lines.get(pos), NO_NEWLINE_MARK)) {
                markNoNewline(newLines);
                pos++;
            }
            List<Hunk.Line> merged = merge(oldLines, newLines);
            int oldLineCount = 0;
            int newLineCount = 0;
            for (Hunk.Line l : merged) {
                oldLineCount += l.kind() != '+' ? 1 : 0;
                newLineCount += l.kind() != '-' ? 1 : 0;
            }
            // "*** 5 ****" is one line or an empty range after line 5: the lines listed decide.
            p.hunks.add(new Hunk(oldStart, oldLineCount, newStart, newLineCount, function, merged));
        }
    }

    private static boolean isContextBodyLine(byte[] raw) {
        if (startsWith(raw, NO_NEWLINE_MARK) || (raw.length == 1 && raw[0] == ' ')) {
            return true;
        }
        return raw.length >= 2 && raw[1] == ' ' && " +!-".indexOf(raw[0]) >= 0;
    }

    private void readContextLine(List<Hunk.Line> into) throws MalformedPatchException {
        byte[] raw = lines.get(pos);
        if (startsWith(raw, NO_NEWLINE_MARK)) {
            markNoNewline(into);
            pos++;
            return;
        }
        if (raw.length < 2 || raw[1] != ' ' || " -+!".indexOf(raw[0]) < 0) {
            if (raw.length == 1 && raw[0] == ' ') {
                into.add(new Hunk.Line(' ', new byte[0], true));
                pos++;
                return;
            }
            throw new MalformedPatchException(pos + 1, Text.decode(raw));
        }
        into.add(new Hunk.Line((char) raw[0], Arrays.copyOfRange(raw, 2, raw.length), true));
        pos++;
    }

    /** Interleaves a context hunk's old and new sections into one sequence; an omitted section is all context. */
    private static List<Hunk.Line> merge(List<Hunk.Line> oldLines, List<Hunk.Line> newLines) {
        List<Hunk.Line> out = new ArrayList<>();
        if (oldLines.isEmpty()) {
            for (Hunk.Line l : newLines) {
                out.add(new Hunk.Line(l.kind() == ' ' ? ' ' : '+', l.text(), l.newline()));
            }
            return out;
        }
        if (newLines.isEmpty()) {
            for (Hunk.Line l : oldLines) {
                out.add(new Hunk.Line(l.kind() == ' ' ? ' ' : '-', l.text(), l.newline()));
            }
            return out;
        }
        int i = 0;
        int j = 0;
        while (i < oldLines.size() || j < newLines.size()) {
            if (i < oldLines.size() && oldLines.get(i).kind() != ' ') {
                Hunk.Line l = oldLines.get(i++);
                out.add(new Hunk.Line('-', l.text(), l.newline()));
            } else if (j < newLines.size() && newLines.get(j).kind() != ' ') {
                Hunk.Line l = newLines.get(j++);
                out.add(new Hunk.Line('+', l.text(), l.newline()));
            } else if (i < oldLines.size() && j < newLines.size()) {
                Hunk.Line l = oldLines.get(i++);
                Hunk.Line r = newLines.get(j++);
                out.add(new Hunk.Line(' ', l.text(), l.newline() && r.newline()));
            } else {
                Hunk.Line l = i < oldLines.size() ? oldLines.get(i++) : newLines.get(j++);
                out.add(new Hunk.Line(' ', l.text(), l.newline()));
            }
        }
        return out;
    }

    private void readNormalHunks(FilePatch p) throws MalformedPatchException {
        while (pos < lines.size()) {
            Matcher m = NORMAL_COMMAND.matcher(text(pos));
            if (!m.matches()) {
                return;
            }
            int a1 = Integer.parseInt(m.group(1));
            int a2 = m.group(2) == null ? a1 : Integer.parseInt(m.group(2));
            char command = m.group(3).charAt(0);
            int b1 = Integer.parseInt(m.group(4));
            int b2 = m.group(5) == null ? b1 : Integer.parseInt(m.group(5));
            pos++;
            List<Hunk.Line> body = new ArrayList<>();
            int oldCount = command == 'a' ? 0 : a2 - a1 + 1;
            int newCount = command == 'd' ? 0 : b2 - b1 + 1;
            for (int k = 0; k < oldCount; k++) {
                body.add(normalLine('<', '-'));
            }
            if (command == 'c') {
                if (pos >= lines.size() || !text(pos).equals("---")) {
                    throw new MalformedPatchException(pos + 1, pos < lines.size() ? text(pos) : "");
                }
                pos++;
            }
            for (int k = 0; k < newCount; k++) {
                body.add(normalLine('>', '+'));
            }
            p.hunks.add(new Hunk(command == 'a' ? a1 : a1, oldCount, command == 'd' ? b1 : b1, newCount, "", body));
        }
    }

    private Hunk.Line normalLine(char marker, char kind) throws MalformedPatchException {
        if (pos >= lines.size()) {
            throw new MalformedPatchException(pos + 1, "");
        }
        byte[] raw = lines.get(pos);
        if (raw.length < 1 || raw[0] != marker || (raw.length > 1 && raw[1] != ' ')) {
            throw new MalformedPatchException(pos + 1, Text.decode(raw));
        }
        pos++;
        boolean newline = true;
        if (pos < lines.size() && startsWith(lines.get(pos), NO_NEWLINE_MARK)) {
            newline = false;
            pos++;
        }
        return new Hunk.Line(kind, Arrays.copyOfRange(raw, Math.min(2, raw.length), raw.length), newline);
    }

    private static void markNoNewline(List<Hunk.Line> body) {
        if (!body.isEmpty()) {
            Hunk.Line last = body.remove(body.size() - 1);
            body.add(new Hunk.Line(last.kind(), last.text(), false));
        }
    }

    private static boolean startsWith(byte[] line, byte[] prefix) {
        return line.length >= prefix.length && Arrays.equals(line, 0, prefix.length, prefix, 0, prefix.length);
    }

    private String text(int i) {
        return Text.decode(lines.get(i));
    }
}
