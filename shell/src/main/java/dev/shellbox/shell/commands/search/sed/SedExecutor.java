package dev.shellbox.shell.commands.search.sed;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.regex.PosixMatcher;
import dev.shellbox.shell.gnu.regex.PosixRegex;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a compiled sed program over its input, cycle by cycle, as GNU sed's execute.c: pattern and hold space, the
 * append queue (a, r, R) flushed whenever a line is read, ranges with their state, the t flag, and the exit codes of
 * q and Q.
 */
final class SedExecutor {
    /** How a pass over the script ended. */
    private enum Flow {
        /** End of script: print the pattern space unless -n. */
        END,
        /** d, c: start the next cycle without printing. */
        DELETE,
        /** D with a newline: start again on what is left, without reading. */
        RESTART,
        /** q, Q */
        QUIT
    }

    private final CommandContext ctx;
    private final List<Instruction> program;
    private final SedInput input;
    private final SedOutput out;
    private final boolean quiet;
    private final byte delimiter;
    private final int lineLength;
    private final boolean posix;

    private static final int INACTIVE = 0;
    private static final int ACTIVE = 1;
    private static final int CLOSED = 2;

    private final int[] rangeState;
    private final long[] rangeEnd;
    private final Map<PosixRegex, PosixMatcher> matchers = new IdentityHashMap<>();
    private final Map<String, LineReader> rFiles = new HashMap<>();
    private final List<InputStream> openStreams = new ArrayList<>();
    private final List<Object> appendQueue = new ArrayList<>();

    private StringBuilder pattern = new StringBuilder();
    private StringBuilder hold = new StringBuilder();
    private boolean newline = true;
    private boolean replaced;
    private PosixRegex lastRegex;
    private int exitStatus;
    private boolean quitWithoutAppend;

    SedExecutor(
            CommandContext ctx,
            List<Instruction> program,
            SedInput input,
            SedOutput out,
            boolean quiet,
            byte delimiter,
            int lineLength,
            boolean posix) {
        this.ctx = ctx;
        this.program = program;
        this.input = input;
        this.out = out;
        this.quiet = quiet;
        this.delimiter = delimiter;
        this.lineLength = lineLength;
        this.posix = posix;
        this.rangeState = new int[program.size()];
        this.rangeEnd = new long[program.size()];
        for (int i = 0; i < program.size(); i++) {
            Instruction ins = program.get(i);
            if (ins.first instanceof Address.Line l && l.number() == 0) {
                rangeState[i] = ACTIVE; // 0,/re/: the range is open before line 1
            }
        }
    }

    /** Runs to the end of the input or a q/Q; returns the exit status of q/Q (0 otherwise). */
    int run() throws IOException, SedException {
        boolean restart = false;
        while (true) {
            if (!restart) {
                if (!readLine(false)) {
                    break;
                }
            }
            restart = false;
            Flow flow = execute();
            if (flow == Flow.END && !quiet) {
                out.line(pattern, newline, delimiter);
            }
            if (flow == Flow.QUIT) {
                if (!quitWithoutAppend) {
                    dumpAppend();
                }
                input.close();
                return exitStatus;
            }
            if (flow == Flow.RESTART) {
                dumpAppend();
                restart = true;
            }
        }
        dumpAppend();
        return 0;
    }

    /** GNU read_pattern_space: flush the append queue, reset the t flag, read (or append) the next line. */
    private boolean readLine(boolean append) throws IOException, SedException {
        dumpAppend();
        replaced = false;
        if (!input.next()) {
            return false;
        }
        if (append) {
            pattern.append('\n').append(input.text());
        } else {
            pattern.setLength(0);
            pattern.append(input.text());
        }
        newline = input.hadNewline();
        return true;
    }

    private Flow execute() throws IOException, SedException {
        int pc = 0;
        int size = program.size();
        while (pc < size) {
            ctx.checkCancelled();
            Instruction ins = program.get(pc);
            if (!selected(pc, ins)) {
                pc = ins.command == '{' ? ins.jump + 1 : pc + 1;
                continue;
            }
            switch (ins.command) {
                case '{', '}', ':' -> {}
                case '=' -> out.line(Long.toString(input.lineNumber()), true, delimiter);
                case 'a' -> appendQueue.add(ins.text);
                case 'i' -> out.raw(Text.encode(ins.text), delimiter);
                case 'c' -> {
                    if (ins.second == null || rangeState[pc] != ACTIVE) {
                        out.raw(Text.encode(ins.text), delimiter);
                    }
                    return Flow.DELETE;
                }
                case 'b' -> {
                    if (ins.jump < 0) {
                        return Flow.END;
                    }
                    pc = ins.jump;
                    continue;
                }
                case 't', 'T' -> {
                    boolean take = ins.command == 't' ? replaced : !replaced;
                    replaced = false;
                    if (take) {
                        if (ins.jump < 0) {
                            return Flow.END;
                        }
                        pc = ins.jump;
                        continue;
                    }
                }
                case 'd' -> {
                    return Flow.DELETE;
                }
                case 'D' -> {
                    int nl = pattern.indexOf("\n");
                    if (nl < 0) {
                        return Flow.DELETE;
                    }
                    pattern.delete(0, nl + 1);
                    return Flow.RESTART;
                }
                case 'e' -> execute(ins);
                case 'F' -> out.line(input.fileName(), true, delimiter);
                case 'g' -> {
                    pattern.setLength(0);
                    pattern.append(hold);
                }
                case 'G' -> pattern.append('\n').append(hold);
                case 'h' -> {
                    hold.setLength(0);
                    hold.append(pattern);
                }
                case 'H' -> hold.append('\n').append(pattern);
                case 'x' -> {
                    StringBuilder t = pattern;
                    pattern = hold;
                    hold = t;
                }
                case 'l' -> list(ins.number >= 0 ? ins.number : lineLength);
                case 'L' -> throw new SedException("INTERNAL ERROR: Bad cmd L", 4); // GNU 4.9 parses it, then fails
                case 'n' -> {
                    if (!input.hasNextLine()) {
                        return posix ? Flow.DELETE : Flow.END;
                    }
                    if (!quiet) {
                        out.line(pattern, newline, delimiter);
                    }
                    readLine(false);
                }
                case 'N' -> {
                    if (!input.hasNextLine()) {
                        return posix ? Flow.DELETE : Flow.END;
                    }
                    readLine(true);
                }
                case 'p' -> out.line(pattern, true, delimiter);
                case 'P' -> {
                    int nl = pattern.indexOf("\n");
                    out.line(nl < 0 ? pattern : pattern.subSequence(0, nl), true, delimiter);
                }
                case 'q' -> {
                    if (!quiet) {
                        out.line(pattern, newline, delimiter);
                    }
                    exitStatus = Math.max(ins.number, 0);
                    return Flow.QUIT;
                }
                case 'Q' -> {
                    exitStatus = Math.max(ins.number, 0);
                    quitWithoutAppend = true;
                    return Flow.QUIT;
                }
                case 'r' -> appendQueue.add(new FileToAppend(ins.fileName));
                case 'R' -> {
                    String lineOfFile = readLineOf(ins.fileName);
                    if (lineOfFile != null) {
                        appendQueue.add(lineOfFile);
                    }
                }
                case 's' -> substitute(ins.substitution);
                case 'w' -> ins.output.line(pattern, true, delimiter);
                case 'W' -> {
                    int nl = pattern.indexOf("\n");
                    ins.output.line(nl < 0 ? pattern : pattern.subSequence(0, nl), true, delimiter);
                }
                case 'y' -> translate(ins);
                case 'z' -> pattern.setLength(0);
                default -> throw new IllegalStateException("unknown command " + ins.command);
            }
            pc++;
        }
        return Flow.END;
    }

    // ---- addresses ----

    private boolean selected(int pc, Instruction ins) throws IOException, SedException {
        if (ins.first == null) {
            return true;
        }
        boolean match = ins.second == null ? matches(ins.first) : inRange(pc, ins);
        return match != ins.negated;
    }

    /**
     * A two-address command, with GNU's range rules: a range whose first address is a line number starts on the
     * first line at or past it (n and N may skip that very line), and never starts again once closed; a numeric end
     * that was skipped closes the range without matching, a {@code +N} or {@code ~N} end matches the line that
     * passes it.
     */
    private boolean inRange(int pc, Instruction ins) throws IOException, SedException {
        long line = input.lineNumber();
        if (rangeState[pc] == CLOSED) {
            return false;
        }
        Address end = ins.second;
        if (rangeState[pc] == ACTIVE) {
            boolean match;
            if (end instanceof Address.Line l) {
                match = line <= l.number();
                if (line >= l.number()) {
                    close(pc, ins);
                }
            } else if (end instanceof Address.Following || end instanceof Address.UpToMultiple) {
                match = true;
                if (line >= rangeEnd[pc]) {
                    close(pc, ins);
                }
            } else {
                match = true;
                if (matches(end)) {
                    close(pc, ins);
                }
            }
            return match;
        }
        boolean starts;
        if (ins.first instanceof Address.Line l) {
            starts = line == l.number()
                    || (line > l.number() && (!(end instanceof Address.Line e) || line <= e.number()));
        } else {
            starts = matches(ins.first);
        }
        if (!starts) {
            return false;
        }
        rangeState[pc] = ACTIVE;
        if (end instanceof Address.Line l) {
            if (l.number() <= line) {
                close(pc, ins);
            }
        } else if (end instanceof Address.Following f) {
            rangeEnd[pc] = line + f.count();
            if (f.count() == 0) {
                close(pc, ins);
            }
        } else if (end instanceof Address.UpToMultiple m) {
            long multiple = m.multiple();
            rangeEnd[pc] = multiple <= 0 ? line : line + multiple - line % multiple;
            if (multiple <= 0) {
                close(pc, ins);
            }
        } else if (end instanceof Address.Last && input.isLastLine()) {
            close(pc, ins);
        }
        return true;
    }

    /** Ends a range; one that starts at a line number can never start again. */
    private void close(int pc, Instruction ins) {
        rangeState[pc] = ins.first instanceof Address.Line ? CLOSED : INACTIVE;
    }

    private boolean matches(Address a) throws IOException, SedException {
        if (a instanceof Address.Line l) {
            return input.lineNumber() == l.number();
        }
        if (a instanceof Address.Last) {
            return input.isLastLine();
        }
        if (a instanceof Address.Match m) {
            return regex(m.regex()).matchesIn(pattern);
        }
        if (a instanceof Address.Step s) {
            long n = input.lineNumber();
            return n >= s.first() && (n - s.first()) % s.step() == 0;
        }
        return false;
    }

    private PosixRegex regex(SedRegex r) throws SedException {
        if (!r.isLast()) {
            lastRegex = r.regex();
            return lastRegex;
        }
        if (lastRegex == null) {
            throw new SedException("-e expression #1, char 0: no previous regular expression", 1);
        }
        return lastRegex;
    }

    // ---- s and y ----

    private void substitute(Instruction.Substitution sub) throws IOException, SedException {
        PosixRegex re = regex(sub.regex());
        PosixMatcher m = matchers.computeIfAbsent(re, r -> r.matcher(""));
        String subject = pattern.toString();
        m.reset(subject);
        int length = subject.length();
        StringBuilder result = null;
        int copied = 0;
        int from = 0;
        int previousEnd = -1;
        long count = 0;
        while (from <= length && m.find(from)) {
            int start = m.start();
            int end = m.end();
            if (start == end && start == previousEnd) {
                // no empty match right where the previous match ended
                if (start >= length) {
                    break;
                }
                from = start + Character.charCount(subject.codePointAt(start));
                continue;
            }
            count++;
            previousEnd = end;
            if (count >= sub.occurrence()) {
                if (result == null) {
                    result = new StringBuilder(length + 16);
                }
                result.append(subject, copied, start);
                sub.replacement().expand(m, subject, result);
                copied = end;
                if (!sub.global()) {
                    break;
                }
            }
            if (start == end) {
                if (end >= length) {
                    break;
                }
                from = end + Character.charCount(subject.codePointAt(end));
            } else {
                from = end;
            }
        }
        if (result == null) {
            return;
        }
        result.append(subject, copied, length);
        pattern = result;
        replaced = true;
        if (sub.print() == 1) {
            out.line(pattern, true, delimiter);
        }
        if (sub.evaluate()) {
            String output = runShell(pattern.toString());
            pattern.setLength(0);
            pattern.append(output.endsWith("\n") ? output.substring(0, output.length() - 1) : output);
        }
        if (sub.print() == 2) {
            out.line(pattern, true, delimiter);
        }
        if (sub.output() != null) {
            sub.output().line(pattern, true, delimiter);
        }
    }

    private void translate(Instruction ins) {
        StringBuilder result = new StringBuilder(pattern.length());
        pattern.codePoints().forEach(c -> result.appendCodePoint(ins.translation.getOrDefault(c, c)));
        pattern = result;
    }

    // ---- l ----

    /** GNU's {@code l}: escapes, octal for other bytes, lines wrapped with a backslash before {@code width}. */
    private void list(int width) throws IOException {
        StringBuilder sb = new StringBuilder();
        int column = 0;
        byte[] bytes = Text.encode(pattern);
        for (byte value : bytes) {
            int b = value & 0xff;
            String unit = switch (b) {
                case '\\' -> "\\\\";
                case 0x07 -> "\\a";
                case '\b' -> "\\b";
                case '\f' -> "\\f";
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                case '\t' -> "\\t";
                case 0x0b -> "\\v";
                default -> b >= 32 && b < 127 ? String.valueOf((char) b) : String.format("\\%03o", b);
            };
            if (width > 0 && column + unit.length() > width - 1) {
                sb.append("\\\n");
                column = 0;
            }
            sb.append(unit);
            column += unit.length();
        }
        sb.append('$');
        out.line(sb, true, delimiter);
    }

    // ---- files and commands ----

    /** An {@code r} file, read when the append queue is output. */
    private record FileToAppend(String name) {}

    private void dumpAppend() throws IOException {
        for (Object item : appendQueue) {
            if (item instanceof String text) {
                out.raw(Text.encode(text), delimiter);
            } else {
                String name = ((FileToAppend) item).name();
                try (InputStream in = ctx.openInput(name)) {
                    out.copy(in, delimiter);
                } catch (FsException e) {
                    // GNU sed silently ignores an r file it cannot read
                }
            }
        }
        appendQueue.clear();
    }

    private String readLineOf(String name) throws IOException {
        LineReader reader = rFiles.get(name);
        if (reader == null) {
            try {
                InputStream in = ctx.openInput(name);
                openStreams.add(in);
                reader = new LineReader(in, delimiter);
            } catch (FsException e) {
                reader = new LineReader(new ByteArrayInputStream(new byte[0]), delimiter);
            }
            rFiles.put(name, reader);
        }
        if (!reader.next()) {
            return null;
        }
        return reader.text() + "\n";
    }

    private void execute(Instruction ins) throws IOException {
        if (ins.text.isEmpty()) {
            String output = runShell(pattern.toString());
            pattern.setLength(0);
            pattern.append(output.endsWith("\n") ? output.substring(0, output.length() - 1) : output);
        } else {
            out.raw(Text.encode(runShell(ins.text)), delimiter);
        }
    }

    private String runShell(String command) throws IOException {
        out.flush();
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        CommandContext child = ctx.withStreams(InputStream.nullInputStream(), captured, ctx.stderr());
        child.run(List.of("sh", "-c", command));
        return Text.decode(captured.toByteArray());
    }

    /** Closes the files {@code R} opened. */
    void close() throws IOException {
        for (InputStream in : openStreams) {
            in.close();
        }
    }
}
