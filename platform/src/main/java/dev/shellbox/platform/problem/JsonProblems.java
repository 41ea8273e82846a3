package dev.shellbox.platform.problem;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import dev.shellbox.contracts.Problem;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.temporal.Temporal;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns what Jackson reports about a request body into a 400 that names the field (as a JSON pointer in
 * {@code pointer}), the JSON type it must have ({@code expected}), and, for text that is not JSON at all, the
 * {@code line} and {@code column}. The messages never name a Java class.
 */
final class JsonProblems {
    private static final Pattern MISSING = Pattern.compile("Missing required creator property '([^']+)'");
    private static final Pattern SHAPE = Pattern.compile(
            "(?:Cannot coerce|from) (empty String|String|Integer|Floating-point|Boolean|Array|Object|Null)" + " value");
    private static final Pattern SOURCE = Pattern.compile("\\s*\\(?(start marker )?at \\[Source:.*", Pattern.DOTALL);

    private JsonProblems() {}

    static Problem of(JsonProcessingException e) {
        // Text that is not JSON, also when a deserializer wrapped the parser's error with where it was
        if (e instanceof StreamReadException read) {
            return malformed(read);
        }
        if (e.getCause() instanceof StreamReadException read) {
            return malformed(read);
        }
        if (e instanceof UnrecognizedPropertyException u) {
            return unknownField(u);
        }
        if (e instanceof MismatchedInputException m) {
            return mismatched(m);
        }
        if (e instanceof ValueInstantiationException v && v.getCause() instanceof ProblemException p) {
            return p.problem();
        }
        if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
            String pointer = pointer(m.getPath());
            return Problem.of(400, where(pointer) + ": " + clean(m.getOriginalMessage()))
                    .with("pointer", pointer);
        }
        return Problem.of(400, "the request body cannot be read: " + clean(e.getOriginalMessage()));
    }

    private static Problem unknownField(UnrecognizedPropertyException u) {
        String pointer = pointer(u.getPath());
        Collection<Object> known = u.getKnownPropertyIds();
        String detail = "unknown field '" + u.getPropertyName() + "' at " + where(pointer);
        if (known != null && !known.isEmpty()) {
            detail += "; the fields here are: "
                    + known.stream().map(String::valueOf).sorted().collect(Collectors.joining(", "));
        }
        return Problem.of(400, detail).with("pointer", pointer);
    }

    private static Problem mismatched(MismatchedInputException m) {
        Matcher missing = MISSING.matcher(String.valueOf(m.getOriginalMessage()));
        if (missing.find()) {
            String pointer = pointer(m.getPath());
            String field = "/" + escape(missing.group(1));
            if (!pointer.endsWith(field)) {
                pointer += field;
            }
            return Problem.of(400, "the field " + where(pointer) + " is required")
                    .with("pointer", pointer);
        }
        String pointer = pointer(m.getPath());
        String expected = expected(m.getTargetType());
        String got = m instanceof InvalidFormatException f ? describe(f.getValue()) : null;
        if (got == null) {
            got = shapeIn(m.getOriginalMessage());
        }
        StringBuilder detail = new StringBuilder(where(pointer)).append(": expected ");
        detail.append(expected == null ? "another type of value" : expected);
        if (got != null) {
            detail.append(", got ").append(got);
        }
        return Problem.of(400, detail.toString()).with("pointer", pointer).with("expected", expected);
    }

    private static Problem malformed(StreamReadException e) {
        JsonLocation at = e.getLocation();
        String why = clean(e.getOriginalMessage());
        StringBuilder detail = new StringBuilder("the request body is not valid JSON");
        if (at != null && at.getLineNr() > 0) {
            detail.append(" at line ")
                    .append(at.getLineNr())
                    .append(", column ")
                    .append(at.getColumnNr());
        }
        if (!why.isEmpty()) {
            detail.append(": ").append(why);
        }
        Problem problem = Problem.of(400, detail.toString());
        if (at != null && at.getLineNr() > 0) {
            problem = problem.with("line", at.getLineNr()).with("column", at.getColumnNr());
        }
        return problem;
    }

    /** A JSON pointer (RFC 6901) to where the error is; "" for the whole body. */
    static String pointer(List<JsonMappingException.Reference> path) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : path) {
            b.append('/');
            b.append(r.getFieldName() != null ? escape(r.getFieldName()) : String.valueOf(r.getIndex()));
        }
        return b.toString();
    }

    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }

    private static String where(String pointer) {
        return pointer.isEmpty() ? "the request body" : "'" + pointer + "'";
    }

    /** The JSON shape a Java type is written as, in words. */
    static String expected(Class<?> type) {
        if (type == null) {
            return null;
        }
        if (type == String.class || type == Character.class || type == char.class) {
            return "a string";
        }
        if (type.isEnum()) {
            return "one of the accepted strings";
        }
        if (type == Integer.class
                || type == int.class
                || type == Long.class
                || type == long.class
                || type == Short.class
                || type == short.class
                || type == BigInteger.class) {
            return "an integer";
        }
        if (type == Double.class
                || type == double.class
                || type == Float.class
                || type == float.class
                || type == BigDecimal.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "a boolean (true or false)";
        }
        if (type == UUID.class) {
            return "a string holding a UUID";
        }
        if (Temporal.class.isAssignableFrom(type)) {
            return "a string holding an ISO-8601 date or time";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (Map.class.isAssignableFrom(type) || !type.isPrimitive()) {
            return "an object";
        }
        return null;
    }

    static String expected(JavaType type) {
        return type == null ? null : expected(type.getRawClass());
    }

    /** The JSON shape of the offending value, as Jackson names it in its message ("from Array value"). */
    private static String shapeIn(String message) {
        Matcher shape = SHAPE.matcher(String.valueOf(message));
        if (!shape.find()) {
            return null;
        }
        return switch (shape.group(1)) {
            case "String", "empty String" -> "a string";
            case "Integer" -> "an integer";
            case "Floating-point" -> "a number with a fraction";
            case "Boolean" -> "a boolean";
            case "Array" -> "an array";
            case "Object" -> "an object";
            case "Null" -> "null";
            default -> null;
        };
    }

    private static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            return "the string \"" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "\"";
        }
        if (value instanceof Number n) {
            return "the number " + n;
        }
        if (value instanceof Boolean b) {
            return "the boolean " + b;
        }
        return null;
    }

    /** Jackson's own words without the source excerpt and location it appends. */
    private static String clean(String message) {
        if (message == null) {
            return "";
        }
        String first = SOURCE.matcher(message).replaceFirst("").replaceAll("`[^`]*`", "a value");
        int newline = first.indexOf('\n');
        return (newline < 0 ? first : first.substring(0, newline)).trim();
    }
}
