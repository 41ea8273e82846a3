package dev.shellbox.shell.commands.data.jq;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.ZoneId;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/** What the jq functions that reach outside the filter need from the command running it. */
interface JqHost {
    /** The next input value for {@code input}/{@code inputs}; null when there are no more. */
    JsonNode nextInput() throws JsonQueryException;

    /** The name of the file the current input came from, or null for stdin. */
    String currentFilename();

    /** Writes to stderr (debug, stderr). */
    void writeError(String text) throws IOException;

    long nowMillis();

    ZoneId zone();
}
