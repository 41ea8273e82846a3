package dev.shellbox.shell.commands.data.jq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.shellbox.shell.commands.data.JsonPrinter;
import dev.shellbox.shell.gnu.time.Strftime;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import net.thisptr.jackson.jq.Expression;
import net.thisptr.jackson.jq.Function;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/** The jq 1.7 builtins that jackson-jq lacks, implemented natively or in jq itself (see {@link #PRELUDE}). */
final class JqFunctions {
    private JqFunctions() {}

    /** Definitions prepended to every program: builtins that jq itself defines in jq. */
    static final String PRELUDE = String.join(
            " ",
            "def env: $ENV;",
            "def paths: path(..) | select(length > 0);",
            "def repeat(f): def _repeat: ., (f | _repeat); _repeat;",
            "def isempty(g): first((g | false), true);",
            "def IN(s): any(s == .; .);",
            "def IN(src; s): any(src == s; .);",
            "def INDEX(stream; idx_expr): reduce stream as $row ({}; .[$row | idx_expr | tostring] |= $row);",
            "def INDEX(idx_expr): INDEX(.[]; idx_expr);",
            "def ascii: [.] | implode;",
            "def abs: if type == \"number\" and . < 0 then - . else . end;",
            "def toarray: if type == \"array\" then . else [.] end;",
            "def todate: strftime(\"%Y-%m-%dT%H:%M:%SZ\");",
            "def fromdateiso8601: strptime(\"%Y-%m-%dT%H:%M:%SZ\") | mktime;",
            "def fromdate: fromdateiso8601;",
            "def date: todate;",
            "def dateadd(u; n): . + n;",
            "def datesub(u; n): . - n;",
            "def halt_error: halt_error(5);",
            "def debug(msg): (msg | debug | empty), .;",
            "def add(f): reduce f as $x (null; . + $x);",
            "def have_decnum: false;",
            "def have_literal_numbers: true;",
            "def tostream: path(def r: (.[]? | r), .; r) as $p | getpath($p)"
                    + " | reduce path(.[]?) as $q ([$p, .]; [$p + $q]);",
            "def fromstream(f): {x: null, e: false} as $init | foreach f as $i ($init;"
                    + " if .e then $init else . end"
                    + " | if $i | length == 2 then setpath([\"e\"]; $i[0] | length == 0)"
                    + " | setpath([\"x\"] + $i[0]; $i[1])"
                    + " else setpath([\"e\"]; $i[0] | length == 1) end;"
                    + " if .e then .x else empty end);",
            "def truncate_stream(stream): . as $n | null | stream | . as $input"
                    + " | if (.[0] | length) > $n then setpath([0]; .[0][$n:]) else empty end;");

    static void register(Scope scope, JqHost host) {
        scope.addFunction("input", 0, (s, args, in, path, out, version) -> {
            JsonNode next = host.nextInput();
            if (next == null) {
                throw new JsonQueryException("No more inputs");
            }
            out.emit(next, null);
        });
        scope.addFunction("inputs", 0, (s, args, in, path, out, version) -> {
            JsonNode next;
            while ((next = host.nextInput()) != null) {
                out.emit(next, null);
            }
        });
        scope.addFunction("debug", 0, (s, args, in, path, out, version) -> {
            writeError(host, "[\"DEBUG:\"," + JsonPrinter.compact().print(in) + "]\n");
            out.emit(in, path);
        });
        scope.addFunction("stderr", 0, (s, args, in, path, out, version) -> {
            writeError(host, JsonPrinter.compact().print(in));
            out.emit(in, path);
        });
        scope.addFunction("input_filename", 0, (s, args, in, path, out, version) -> {
            String name = host.currentFilename();
            out.emit(name == null ? NullNode.getInstance() : TextNode.valueOf(name), null);
        });
        scope.addFunction(
                "input_line_number", 0, (s, args, in, path, out, version) -> out.emit(LongNode.valueOf(0), null));
        scope.addFunction(
                "now",
                0,
                (s, args, in, path, out, version) -> out.emit(DoubleNode.valueOf(host.nowMillis() / 1000.0), null));
        scope.addFunction("halt", 0, (s, args, in, path, out, version) -> {
            throw new JqHalt(0, null);
        });
        scope.addFunction("halt_error", 1, (s, args, in, path, out, version) -> {
            List<JsonNode> codes = evaluate(s, args.get(0), in);
            JsonNode code = codes.isEmpty() ? LongNode.valueOf(5) : codes.get(0);
            if (!code.isNumber()) {
                throw new JsonQueryException("halt_error/1: number required");
            }
            String message =
                    in.isTextual() ? in.textValue() : JsonPrinter.compact().print(in) + "\n";
            throw new JqHalt(code.intValue(), message);
        });
        scope.addFunction(
                "gmtime",
                0,
                (s, args, in, path, out, version) -> out.emit(brokenDown(in, ZoneOffset.UTC, "gmtime"), null));
        scope.addFunction(
                "localtime",
                0,
                (s, args, in, path, out, version) -> out.emit(brokenDown(in, host.zone(), "localtime"), null));
        scope.addFunction(
                "mktime", 0, (s, args, in, path, out, version) -> out.emit(LongNode.valueOf(mktime(in)), null));
        scope.addFunction("strftime", 1, (s, args, in, path, out, version) -> {
            for (JsonNode format : evaluate(s, args.get(0), in)) {
                out.emit(TextNode.valueOf(strftime(in, format, ZoneOffset.UTC, "strftime")), null);
            }
        });
        scope.addFunction("strflocaltime", 1, (s, args, in, path, out, version) -> {
            for (JsonNode format : evaluate(s, args.get(0), in)) {
                out.emit(TextNode.valueOf(strftime(in, format, host.zone(), "strflocaltime")), null);
            }
        });
        scope.addFunction("strptime", 1, (s, args, in, path, out, version) -> {
            for (JsonNode format : evaluate(s, args.get(0), in)) {
                if (!in.isTextual() || !format.isTextual()) {
                    throw new JsonQueryException("strptime/1 requires string inputs and arguments");
                }
                out.emit(Strptime.parse(in.textValue(), format.textValue()), null);
            }
        });
        scope.addFunction("trim", 0, trimmer("trim", true, true));
        scope.addFunction("ltrim", 0, trimmer("trim", true, false));
        scope.addFunction("rtrim", 0, trimmer("trim", false, true));
        scope.addFunction(
                "@base32",
                0,
                (s, args, in, path, out, version) ->
                        out.emit(TextNode.valueOf(Base32.encode(text(in).getBytes(StandardCharsets.UTF_8))), null));
        scope.addFunction(
                "@base32d",
                0,
                (s, args, in, path, out, version) ->
                        out.emit(TextNode.valueOf(new String(Base32.decode(text(in)), StandardCharsets.UTF_8)), null));
    }

    private static void writeError(JqHost host, String text) {
        try {
            host.writeError(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The string form @formats work on: strings as they are, anything else as JSON. */
    private static String text(JsonNode in) {
        return in.isTextual() ? in.textValue() : JsonPrinter.compact().print(in);
    }

    static List<JsonNode> evaluate(Scope scope, Expression e, JsonNode in) throws JsonQueryException {
        List<JsonNode> values = new ArrayList<>();
        e.apply(scope, in, values::add);
        return values;
    }

    private static Function trimmer(String name, boolean left, boolean right) {
        return (s, args, in, path, out, version) -> {
            if (!in.isTextual()) {
                throw new JsonQueryException("trim input must be a string");
            }
            String v = in.textValue();
            int start = 0;
            int end = v.length();
            while (left && start < end && isSpace(v.charAt(start))) {
                start++;
            }
            while (right && end > start && isSpace(v.charAt(end - 1))) {
                end--;
            }
            out.emit(TextNode.valueOf(v.substring(start, end)), null);
        };
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0b;
    }

    private static ArrayNode brokenDown(JsonNode in, ZoneId zone, String name) throws JsonQueryException {
        if (!in.isNumber()) {
            throw new JsonQueryException(name + "() requires a number");
        }
        double seconds = in.doubleValue();
        long whole = (long) Math.floor(seconds);
        ZonedDateTime t = ZonedDateTime.ofInstant(Instant.ofEpochSecond(whole), zone);
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        a.add(t.getYear());
        a.add(t.getMonthValue() - 1);
        a.add(t.getDayOfMonth());
        a.add(t.getHour());
        a.add(t.getMinute());
        double fraction = seconds - whole;
        if (fraction == 0) {
            a.add(t.getSecond());
        } else {
            a.add(t.getSecond() + fraction);
        }
        a.add(t.getDayOfWeek().getValue() % 7);
        a.add(t.getDayOfYear() - 1);
        return a;
    }

    private static ZonedDateTime fromBrokenDown(JsonNode in, ZoneId zone, String name) throws JsonQueryException {
        if (!in.isArray() || in.size() < 6) {
            throw new JsonQueryException(name + " requires array of 6 numbers");
        }
        for (int i = 0; i < 6; i++) {
            if (!in.get(i).isNumber()) {
                throw new JsonQueryException(name + " requires parsed datetime inputs");
            }
        }
        LocalDateTime t = LocalDateTime.of(in.get(0).intValue(), 1, 1, 0, 0, 0)
                .plusMonths(in.get(1).intValue())
                .plusDays(in.get(2).intValue() - 1L)
                .plusHours(in.get(3).intValue())
                .plusMinutes(in.get(4).intValue())
                .plusSeconds((long) Math.floor(in.get(5).doubleValue()));
        return t.atZone(zone);
    }

    private static long mktime(JsonNode in) throws JsonQueryException {
        if (!in.isArray()) {
            throw new JsonQueryException("mktime requires array inputs");
        }
        return fromBrokenDown(in, ZoneOffset.UTC, "mktime").toEpochSecond();
    }

    private static String strftime(JsonNode in, JsonNode format, ZoneId zone, String name) throws JsonQueryException {
        if (!format.isTextual()) {
            throw new JsonQueryException(name + "/1 requires a string format");
        }
        JsonNode brokenDown = in.isNumber() ? brokenDown(in, zone, name) : in;
        if (!brokenDown.isArray()) {
            throw new JsonQueryException(name + "/1 requires parsed datetime inputs");
        }
        return Strftime.strftime(format.textValue(), fromBrokenDown(brokenDown, zone, name));
    }
}
