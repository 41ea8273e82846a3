package dev.shellbox.shell.commands.data.jq;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The input values of jq, read one at a time from the files in turn (or stdin): JSON texts, or lines with
 * {@code --raw-input}. Keeps one value of look-ahead so that error messages can give jq's line number.
 */
final class JsonInputs {
    /** An input value with where it came from, for error messages. */
    record Value(JsonNode node, String source, long line) {}

    /** A file that could not be opened or a JSON text that could not be parsed. */
    static final class InputError extends Exception {
        final boolean fatal;

        InputError(String message, boolean fatal) {
            super(message, null, false, false);
            this.fatal = fatal;
        }
    }

    private final CommandContext ctx;
    private final ObjectMapper mapper;
    private final List<String> files;
    private final boolean raw;
    private int nextFile;
    private InputStream stream;
    private String currentName;
    private JsonParser parser;
    private LineReader lines;
    private JsonNode ahead;
    private long aheadEndLine;
    private boolean aheadLoaded;
    private boolean failed;
    private InputError pendingError;

    JsonInputs(CommandContext ctx, ObjectMapper mapper, List<String> files, boolean raw) {
        this.ctx = ctx;
        this.mapper = mapper;
        this.files = files.isEmpty() ? List.of("-") : files;
        this.raw = raw;
    }

    /** The file name of the value last returned, or null for stdin. */
    String currentFilename() {
        return currentName == null || currentName.equals("-") ? null : currentName;
    }

    /** The next value, or null at the end of all inputs. */
    Value next() throws IOException, InputError {
        while (true) {
            ctx.checkCancelled();
            if (failed) {
                return null;
            }
            if (stream == null && !openNext()) {
                return null;
            }
            Value v = raw ? nextLine() : nextJson();
            if (v != null) {
                return v;
            }
            close();
        }
    }

    private boolean openNext() throws InputError {
        if (nextFile >= files.size()) {
            return false;
        }
        String name = files.get(nextFile++);
        try {
            stream = name.equals("-") ? ctx.stdin() : ctx.openInput(name);
        } catch (FsException e) {
            throw new InputError(
                    "Could not open file " + name + ": " + e.errno().message(), false);
        }
        currentName = name;
        aheadLoaded = false;
        ahead = null;
        return true;
    }

    private void close() throws IOException {
        if (stream != ctx.stdin()) {
            stream.close();
        }
        stream = null;
        parser = null;
        lines = null;
    }

    private String sourceName() {
        return currentName.equals("-") ? "<stdin>" : currentName;
    }

    private Value nextLine() throws IOException {
        if (lines == null) {
            lines = new LineReader(stream);
        }
        if (!lines.next()) {
            return null;
        }
        String text = new String(lines.buffer(), 0, lines.length(), StandardCharsets.UTF_8);
        return new Value(mapper.getNodeFactory().textNode(text), sourceName(), 0);
    }

    private Value nextJson() throws IOException, InputError {
        if (pendingError != null) {
            InputError e = pendingError;
            pendingError = null;
            failed = true;
            throw e;
        }
        if (parser == null) {
            parser = mapper.createParser(new InputStreamReader(stream, StandardCharsets.UTF_8));
        }
        if (!aheadLoaded) {
            loadAhead();
            if (pendingError != null) {
                return nextJson();
            }
        }
        if (ahead == null) {
            return null;
        }
        JsonNode value = ahead;
        long endLine = aheadEndLine;
        loadAhead();
        // jq counts the newline that follows a value once it has looked past it.
        long line = parser.currentLocation().getLineNr() > endLine ? endLine : endLine - 1;
        return new Value(value, sourceName(), line);
    }

    private void loadAhead() throws IOException {
        aheadLoaded = true;
        ahead = null;
        try {
            JsonToken token = parser.nextToken();
            if (token == null) {
                return;
            }
            ahead = mapper.readTree(parser);
            aheadEndLine = parser.currentLocation().getLineNr();
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String message = e.getOriginalMessage();
            String what = message != null && message.contains("end-of-input")
                    ? "Unfinished JSON term at EOF"
                    : "Invalid numeric literal";
            pendingError = new InputError(
                    "parse error: " + what + " at line " + (at == null ? 0 : at.getLineNr()) + ", column "
                            + (at == null ? 0 : Math.max(0, at.getColumnNr() - 1)),
                    true);
        }
    }

    /** Reads everything that is left as one string (--raw-input --slurp). */
    String readAllText() throws IOException, InputError {
        StringBuilder sb = new StringBuilder();
        while (nextFile < files.size() || stream != null) {
            if (stream == null && !openNext()) {
                break;
            }
            sb.append(new String(stream.readAllBytes(), StandardCharsets.UTF_8));
            close();
        }
        return sb.toString();
    }
}
