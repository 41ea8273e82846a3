package dev.shellbox.shell.commands.data.jq;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.data.JsonPrinter;
import dev.shellbox.shell.commands.data.LocalZone;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.thisptr.jackson.jq.JsonQuery;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/** jq: the JSON processor, jq 1.7 language and output format. */
public final class JqCommand implements Command {

    @Override
    public String name() {
        return "jq";
    }

    @Override
    public String help() {
        return """
                Usage:	jq [OPTIONS] FILTER [FILES...]
                	jq [OPTIONS] --args FILTER [ARGUMENTS...]
                	jq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]

                jq is a tool for processing JSON inputs, applying the given filter to
                its JSON text inputs and producing the filter's results as JSON on
                standard output.

                Command options:
                  -n, --null-input          use `null` as the single input value;
                  -R, --raw-input           read each line as string instead of JSON;
                  -s, --slurp               read all inputs into an array and use it as
                                            the single input value;
                  -c, --compact-output      compact instead of pretty-printed output;
                  -r, --raw-output          output strings without escapes and quotes;
                  -j, --join-output         implies -r and output without newline after
                                            each output;
                  -a, --ascii-output        output strings by only ASCII characters
                                            using escape sequences;
                  -S, --sort-keys           sort keys of each object on output;
                  -C, --color-output        colorize JSON output;
                  -M, --monochrome-output   disable colored output;
                      --tab                 use tabs for indentation;
                      --indent n            use n spaces for indentation (max 7 spaces);
                      --seq                 parse input/output as application/json-seq;
                  -f, --from-file file      load filter from the file;
                      --arg name value      set $name to the string value;
                      --argjson name value  set $name to the JSON value;
                      --slurpfile name file set $name to an array of JSON values read
                                            from the file;
                      --rawfile name file   set $name to string contents of file;
                      --args                consume remaining arguments as positional
                                            string values;
                      --jsonargs            consume remaining arguments as positional
                                            JSON values;
                  -e, --exit-status         set exit status code based on the output;
                  -h, --help                show the help;
                  --                        terminates argument processing;
                """;
    }

    /** The command line, parsed. */
    private static final class Options {
        boolean nullInput;
        boolean rawInput;
        boolean slurp;
        boolean compact;
        boolean raw;
        boolean join;
        boolean ascii;
        boolean sortKeys;
        boolean tab;
        int indent = 2;
        boolean seq;
        boolean exitStatus;
        String filterFile;
        String filter;
        final List<String> files = new ArrayList<>();
        final Map<String, JsonNode> named = new LinkedHashMap<>();
        final List<JsonNode> positional = new ArrayList<>();
    }

    /** A usage problem: jq prints the message and exits 2. */
    private static final class UsageError extends Exception {
        UsageError(String message) {
            super(message, null, false, false);
        }
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        Options o;
        try {
            o = parse(ctx, args);
        } catch (UsageError e) {
            ctx.stderr().write(Text.encode("jq: " + e.getMessage() + "\n"));
            return 2;
        }
        if (o == null) {
            ctx.print(help());
            return 0;
        }
        String filter = o.filter;
        if (o.filterFile != null) {
            try (InputStream in = ctx.openInput(o.filterFile)) {
                filter = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (FsException e) {
                ctx.stderr()
                        .write(Text.encode("jq: error: Could not open " + o.filterFile + ": "
                                + e.errno().message() + "\n"));
                return 2;
            }
        }
        if (filter == null) {
            filter = ".";
        }
        JsonQuery query;
        try {
            query = JqEngine.compile(filter);
        } catch (JsonQueryException e) {
            ctx.stderr().write(Text.encode(JqErrors.compileError(e, filter)));
            return 3;
        }
        return new Run(ctx, o, query, filter).execute();
    }

    private static Options parse(CommandContext ctx, List<String> args) throws UsageError, IOException {
        Options o = new Options();
        boolean positionalStrings = false;
        boolean positionalJson = false;
        boolean filterSeen = false;
        boolean optionsEnded = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!optionsEnded && a.equals("--")) {
                optionsEnded = true;
                continue;
            }
            if (optionsEnded || !a.startsWith("-") || a.equals("-")) {
                if (!filterSeen && o.filterFile == null) {
                    o.filter = a;
                    filterSeen = true;
                } else if (positionalStrings) {
                    o.positional.add(TextNode.valueOf(a));
                } else if (positionalJson) {
                    o.positional.add(parseJsonArgument(a, "--jsonargs"));
                } else {
                    o.files.add(a);
                }
                continue;
            }
            if (a.startsWith("--")) {
                switch (a) {
                    case "--null-input" -> o.nullInput = true;
                    case "--raw-input" -> o.rawInput = true;
                    case "--slurp" -> o.slurp = true;
                    case "--compact-output" -> o.compact = true;
                    case "--raw-output" -> o.raw = true;
                    case "--join-output" -> o.raw = o.join = true;
                    case "--ascii-output" -> o.ascii = true;
                    case "--sort-keys" -> o.sortKeys = true;
                    case "--color-output", "--monochrome-output" -> {}
                    case "--tab" -> o.tab = true;
                    case "--seq" -> o.seq = true;
                    case "--exit-status" -> o.exitStatus = true;
                    case "--help" -> {
                        return null;
                    }
                    case "--indent" -> {
                        String n = argument(args, ++i, a);
                        try {
                            o.indent = Integer.parseInt(n);
                        } catch (NumberFormatException e) {
                            throw new UsageError("--indent takes a number");
                        }
                        if (o.indent > 7) {
                            throw new UsageError("Cannot indent more than 7 characters");
                        }
                        if (o.indent < 0) {
                            throw new UsageError("Cannot indent less than 0 characters");
                        }
                    }
                    case "--from-file" -> o.filterFile = argument(args, ++i, a);
                    case "--arg" -> {
                        String name = argument(args, ++i, a);
                        o.named.put(name, TextNode.valueOf(argument(args, ++i, a)));
                    }
                    case "--argjson" -> {
                        String name = argument(args, ++i, a);
                        String text = argument(args, ++i, a);
                        o.named.put(name, parseJsonArgument(text, "--argjson"));
                    }
                    case "--slurpfile", "--rawfile" -> {
                        String name = argument(args, ++i, a);
                        String file = argument(args, ++i, a);
                        o.named.put(name, readFileArgument(ctx, file, a.equals("--rawfile")));
                    }
                    case "--args" -> {
                        positionalStrings = true;
                        positionalJson = false;
                    }
                    case "--jsonargs" -> {
                        positionalJson = true;
                        positionalStrings = false;
                    }
                    default -> throw unknown(a);
                }
                continue;
            }
            for (int k = 1; k < a.length(); k++) {
                char c = a.charAt(k);
                switch (c) {
                    case 'n' -> o.nullInput = true;
                    case 'R' -> o.rawInput = true;
                    case 's' -> o.slurp = true;
                    case 'c' -> o.compact = true;
                    case 'r' -> o.raw = true;
                    case 'j' -> o.raw = o.join = true;
                    case 'a' -> o.ascii = true;
                    case 'S' -> o.sortKeys = true;
                    case 'C', 'M' -> {}
                    case 'e' -> o.exitStatus = true;
                    case 'h' -> {
                        return null;
                    }
                    case 'f' -> o.filterFile = argument(args, ++i, "-f");
                    default -> throw unknown(a);
                }
            }
        }
        if (o.filterFile != null && o.filter != null) {
            // With -f every positional argument is an input file.
            o.files.add(0, o.filter);
            o.filter = null;
        }
        return o;
    }

    private static UsageError unknown(String option) {
        return new UsageError("Unknown option: " + option + "\nUse jq --help for help with command-line options,\n"
                + "or see the jq manpage, or online docs  at https://jqlang.github.io/jq");
    }

    private static String argument(List<String> args, int i, String option) throws UsageError {
        if (i >= args.size()) {
            throw new UsageError("error: " + option + " takes "
                    + (option.equals("--indent") || option.equals("-f") || option.equals("--from-file")
                            ? "one parameter"
                            : "two parameters (e.g. " + option + " varname value)"));
        }
        return args.get(i);
    }

    private static JsonNode parseJsonArgument(String text, String option) throws UsageError {
        try {
            return JqEngine.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UsageError("Invalid JSON text passed to " + option);
        }
    }

    private static JsonNode readFileArgument(CommandContext ctx, String file, boolean raw)
            throws UsageError, IOException {
        byte[] bytes;
        try (InputStream in = ctx.openInput(file)) {
            bytes = in.readAllBytes();
        } catch (FsException e) {
            throw new UsageError(
                    "error: Could not open " + file + ": " + e.errno().message());
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (raw) {
            return TextNode.valueOf(text);
        }
        ArrayNode values = JqEngine.MAPPER.createArrayNode();
        try (var parser = JqEngine.MAPPER.createParser(text)) {
            while (parser.nextToken() != null) {
                values.add((JsonNode) JqEngine.MAPPER.readTree(parser));
            }
        } catch (JsonProcessingException e) {
            throw new UsageError("Bad JSON in --slurpfile " + file + ": " + e.getOriginalMessage());
        }
        return values;
    }

    /** A call of an undefined function, which jq reports as a compile error. */
    private static final class UndefinedFunction extends RuntimeException {
        final JsonQueryException cause;

        UndefinedFunction(JsonQueryException cause) {
            super(cause.getMessage(), null, false, false);
            this.cause = cause;
        }
    }

    /** One execution over the inputs. */
    private static final class Run implements JqHost {
        private final CommandContext ctx;
        private final Options o;
        private final JsonQuery query;
        private final String filter;
        private final OutputStream out;
        private final JsonPrinter printer;
        private final JsonInputs inputs;
        /** The status of the last input processed (jq keeps only the last), 5 after an error. */
        private int status;
        /** Set when an input file could not be opened: exit 2 whatever else happened. */
        private boolean inputFailed;
        /** -1 before any output, then whether the last input's last output was neither null nor false. */
        private int lastResult = -1;

        private int outputs;
        private boolean lastOutputTruthy;

        Run(CommandContext ctx, Options o, JsonQuery query, String filter) {
            this.ctx = ctx;
            this.o = o;
            this.query = query;
            this.filter = filter;
            this.out = new BufferedOutputStream(ctx.stdout(), 65536);
            String indent = o.compact || (o.indent == 0 && !o.tab) ? null : o.tab ? "\t" : " ".repeat(o.indent);
            this.printer = new JsonPrinter(indent, o.sortKeys, o.ascii);
            this.inputs = new JsonInputs(ctx, JqEngine.MAPPER, o.files, o.rawInput);
        }

        int execute() throws IOException {
            Map<String, JsonNode> variables = new LinkedHashMap<>(o.named);
            ObjectNode argsObject = JqEngine.MAPPER.createObjectNode();
            argsObject.putArray("positional").addAll(o.positional);
            ObjectNode namedObject = argsObject.putObject("named");
            o.named.forEach(namedObject::set);
            variables.put("ARGS", argsObject);
            Scope scope = JqEngine.scope(this, ctx.env(), variables);
            try {
                if (o.nullInput) {
                    apply(scope, NullNode.getInstance(), "<unknown>");
                } else if (o.slurp) {
                    apply(scope, slurp(), "<unknown>");
                } else {
                    JsonInputs.Value v;
                    while ((v = nextValue()) != null) {
                        apply(scope, v.node(), v.source() + ":" + v.line());
                    }
                }
            } catch (JqHalt halt) {
                out.flush();
                if (halt.message != null) {
                    ctx.stderr().write(Text.encode(halt.message));
                }
                return halt.status;
            } catch (UndefinedFunction e) {
                out.flush();
                ctx.stderr().write(Text.encode(JqErrors.compileError(e.cause, filter)));
                return 3;
            } catch (UncheckedIOException e) {
                throw e.getCause();
            } finally {
                out.flush();
            }
            if (inputFailed) {
                return 2;
            }
            if (status != 0) {
                return status;
            }
            if (o.exitStatus) {
                return lastResult == -1 ? 4 : lastResult == 0 ? 1 : 0;
            }
            return 0;
        }

        private JsonInputs.Value nextValue() throws IOException {
            while (true) {
                try {
                    return inputs.next();
                } catch (JsonInputs.InputError e) {
                    out.flush();
                    ctx.stderr().write(Text.encode("jq: " + (e.fatal ? "" : "error: ") + e.getMessage() + "\n"));
                    if (e.fatal) {
                        status = 5;
                        return null;
                    }
                    inputFailed = true;
                }
            }
        }

        private JsonNode slurp() throws IOException {
            if (o.rawInput) {
                try {
                    return TextNode.valueOf(inputs.readAllText());
                } catch (JsonInputs.InputError e) {
                    ctx.stderr().write(Text.encode("jq: error: " + e.getMessage() + "\n"));
                    inputFailed = true;
                    return TextNode.valueOf("");
                }
            }
            ArrayNode all = JqEngine.MAPPER.createArrayNode();
            JsonInputs.Value v;
            while ((v = nextValue()) != null) {
                all.add(v.node());
            }
            return all;
        }

        private void apply(Scope scope, JsonNode input, String where) throws IOException {
            status = 0;
            outputs = 0;
            try {
                query.apply(scope, input, this::emit);
                if (outputs > 0) {
                    lastResult = lastOutputTruthy ? 1 : 0;
                }
            } catch (JqHalt halt) {
                throw halt;
            } catch (JsonQueryException e) {
                if (JqErrors.isUndefinedFunction(e)) {
                    // jq rejects these when compiling; jackson-jq finds them when running
                    throw new UndefinedFunction(e);
                }
                out.flush();
                ctx.stderr().write(Text.encode(JqErrors.runtimeError(e, where)));
                status = 5;
            }
        }

        private void emit(JsonNode value) {
            try {
                ctx.checkCancelled();
                outputs++;
                lastOutputTruthy = !value.isNull() && !(value.isBoolean() && !value.booleanValue());
                if (o.seq) {
                    out.write(0x1e);
                }
                String text = o.raw && value.isTextual() ? value.textValue() : printer.print(value);
                out.write(text.getBytes(StandardCharsets.UTF_8));
                if (!o.join) {
                    out.write('\n');
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        // ---- JqHost ----

        @Override
        public JsonNode nextInput() throws JsonQueryException {
            try {
                JsonInputs.Value v = nextValue();
                return v == null ? null : v.node();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String currentFilename() {
            return inputs.currentFilename();
        }

        @Override
        public void writeError(String text) throws IOException {
            out.flush();
            ctx.stderr().write(text.getBytes(StandardCharsets.UTF_8));
            ctx.stderr().flush();
        }

        @Override
        public long nowMillis() {
            return ctx.clock().millis();
        }

        @Override
        public ZoneId zone() {
            return LocalZone.of(ctx);
        }
    }
}
