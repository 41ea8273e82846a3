package dev.shellbox.shell.commands.data.jq;

import com.fasterxml.jackson.databind.JsonNode;
import dev.shellbox.shell.commands.data.JsonPrinter;
import java.util.regex.Pattern;
import net.thisptr.jackson.jq.exception.JsonQueryException;
import net.thisptr.jackson.jq.exception.JsonQueryUserException;

/** jq's wording of compile and runtime errors. */
final class JqErrors {
    private JqErrors() {}

    private static final Pattern UNDEFINED =
            Pattern.compile("[Ff]unction (\\S+/\\d+) (?:is not defined|does not exist)");

    static boolean isUndefinedFunction(JsonQueryException e) {
        return e.getMessage() != null && UNDEFINED.matcher(e.getMessage()).find();
    }

    /** jq's report of a filter that does not compile; the parser's own detail is not jq's, so it stays generic. */
    static String compileError(JsonQueryException e, String filter) {
        String message = e.getMessage() == null ? "" : e.getMessage();
        String detail = "syntax error, unexpected token (Unix shell quoting issues?)";
        java.util.regex.Matcher undefined = java.util.regex.Pattern.compile(
                        "[Ff]unction (\\S+/\\d+) (?:is not defined|does not exist)")
                .matcher(message);
        if (undefined.find()) {
            detail = undefined.group(1) + " is not defined";
        }
        return "jq: error: " + detail + " at <top-level>, line 1:\n" + filter + "\njq: 1 compile error\n";
    }

    static String runtimeError(JsonQueryException e, String where) {
        if (e instanceof JsonQueryUserException user) {
            JsonNode value = user.getMessageAsJsonNode();
            if (value != null && value.isTextual()) {
                return "jq: error (at " + where + "): " + value.textValue() + "\n";
            }
            return "jq: error (at " + where + ") (not a string): "
                    + JsonPrinter.compact().print(value) + "\n";
        }
        return "jq: error (at " + where + "): " + e.getMessage() + "\n";
    }
}
