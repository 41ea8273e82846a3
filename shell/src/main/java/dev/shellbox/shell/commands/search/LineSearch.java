package dev.shellbox.shell.commands.search;

import dev.shellbox.shell.command.CommandContext;
import java.io.IOException;
import java.io.OutputStream;

/**
 * What a line searcher (grep's, ripgrep's) keeps across the files it searches: the command's context, how lines are
 * matched, where results go, the block lines are read into (reused from file to file), and whether anything was
 * printed yet, which decides group separators.
 */
public abstract class LineSearch {
    protected final CommandContext ctx;
    protected final LineMatcher matcher;
    protected final OutputStream out;
    protected final byte[] block = LineBuffer.newBlock();
    protected boolean printedAnything;

    protected LineSearch(CommandContext ctx, LineMatcher matcher, OutputStream out) {
        this.ctx = ctx;
        this.matcher = matcher;
        this.out = out;
    }

    /** What every searcher keeps of the file it searches: its name, the lines selected so far, the context held. */
    protected static class FileRun {
        public final String name;
        public final boolean withFilename;
        public long selected;
        public final ContextLines context;

        protected FileRun(String name, boolean withFilename, int before) {
            this.name = name;
            this.withFilename = withFilename;
            this.context = new ContextLines(before);
        }
    }

    /**
     * Moves {@code lines} to the next line to look at, first skipping in bulk the lines that cannot match when {@code
     * skip}; returns how many lines it moved, 0 at the end of the input.
     */
    protected long advance(LineBuffer lines, boolean skip) throws IOException {
        long skipped = skip ? lines.skipToCandidate(matcher) : 0;
        if (!lines.next()) {
            return 0;
        }
        ctx.checkCancelled();
        return skipped + 1;
    }
}
