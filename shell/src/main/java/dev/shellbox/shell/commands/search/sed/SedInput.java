package dev.shellbox.shell.commands.search.sed;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * The lines sed reads: the input files one after another (or each on its own with -s and -i), with the lookahead
 * that {@code $} needs. Missing files are reported and skipped; a directory is a fatal read error, as in GNU sed.
 */
final class SedInput {
    /** Told when a file starts and ends, so -i can switch its output. */
    interface FileListener {
        /** A file is about to be read; false to skip it. */
        boolean started(String name) throws IOException, SedException;

        void finished(String name) throws IOException, SedException;
    }

    private final CommandContext ctx;
    private final List<String> files;
    private final boolean separate;
    private final byte delimiter;
    private final FileListener listener;
    private int nextFile;
    private InputStream stream;
    private LineReader reader;
    private String fileName = "-";
    private boolean fileOpen;
    private boolean badFile;

    private boolean lookahead;
    private boolean lookaheadValid;
    private String aheadText;
    private boolean aheadNewline;

    private String text;
    private boolean newline;
    private long lineNumber;

    SedInput(CommandContext ctx, List<String> files, boolean separate, byte delimiter, FileListener listener) {
        this.ctx = ctx;
        this.files = files;
        this.separate = separate;
        this.delimiter = delimiter;
        this.listener = listener;
    }

    /** Whether a file could not be read (exit status 2). */
    boolean hadBadFile() {
        return badFile;
    }

    String text() {
        return text;
    }

    boolean hadNewline() {
        return newline;
    }

    long lineNumber() {
        return lineNumber;
    }

    /** The current file's name, {@code -} for standard input. */
    String fileName() {
        return fileName;
    }

    /** Reads the next line; false at the end of the input (in separate mode: of all files). */
    boolean next() throws IOException, SedException {
        while (true) {
            if (fileOpen && fetch()) {
                text = aheadText;
                newline = aheadNewline;
                lookaheadValid = false;
                lineNumber++;
                return true;
            }
            if (fileOpen) {
                closeFile();
            }
            if (!openNextFile()) {
                return false;
            }
        }
    }

    /**
     * Whether no line follows the current one, in this file when files are separate, otherwise in all the files
     * still to come.
     */
    boolean isLastLine() throws IOException, SedException {
        if (fileOpen && fetch()) {
            return false;
        }
        if (separate) {
            return true;
        }
        while (true) {
            if (fileOpen && fetch()) {
                return false;
            }
            if (fileOpen) {
                closeFile();
            }
            if (!openNextFile()) {
                return true;
            }
        }
    }

    /** Whether a next line exists where n and N may take it from (the current file in separate mode). */
    boolean hasNextLine() throws IOException, SedException {
        return !isLastLine();
    }

    private boolean fetch() throws IOException {
        if (lookaheadValid) {
            return lookahead;
        }
        ctx.checkCancelled();
        lookahead = reader.next();
        if (lookahead) {
            aheadText = reader.text();
            aheadNewline = reader.hasDelimiter();
        }
        lookaheadValid = true;
        return lookahead;
    }

    private boolean openNextFile() throws IOException, SedException {
        while (nextFile < files.size()) {
            String name = files.get(nextFile++);
            if (!listener.started(name)) {
                continue;
            }
            InputStream in;
            if (name.equals("-")) {
                in = new java.io.FilterInputStream(ctx.stdin()) {
                    @Override
                    public void close() {}
                };
            } else {
                try {
                    in = ctx.openInput(name);
                } catch (FsException e) {
                    if (e.errno() == Errno.EISDIR) {
                        throw new SedException(
                                "read error on " + name + ": " + e.errno().message(), 4);
                    }
                    ctx.error("can't read " + name + ": " + e.errno().message());
                    badFile = true;
                    listener.finished(null);
                    continue;
                }
            }
            stream = in;
            reader = new LineReader(in, delimiter);
            fileName = name;
            fileOpen = true;
            lookaheadValid = false;
            if (separate) {
                lineNumber = 0;
            }
            return true;
        }
        return false;
    }

    private void closeFile() throws IOException, SedException {
        stream.close();
        fileOpen = false;
        listener.finished(fileName);
    }

    /** Ends the input early (q): the current file is finished as it stands. */
    void close() throws IOException, SedException {
        if (fileOpen) {
            closeFile();
        }
    }
}
