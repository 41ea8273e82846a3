package dev.shellbox.shell.commands.data.jq;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.data.JsonPrinter;
import dev.shellbox.shell.commands.data.LocalZone;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.thisptr.jackson.jq.JsonQuery;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/**
 * yq in the style of mikefarah's yq v4 ({@code yq '.a.b' file.yaml}, {@code -o json}, {@code -i}): YAML (or JSON)
 * documents through the jq engine, written back as YAML or JSON. Expressions are jq's language.
 */
public final class YqCommand implements Command {
    private static final YAMLMapper YAML = YAMLMapper.builder(YAMLFactory.builder()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                    .disable(YAMLGenerator.Feature.SPLIT_LINES)
                    .build())
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();

    @Override
    public String name() {
        return "yq";
    }

    @Override
    public String help() {
        return """
                Usage:
                  yq [eval] [expression] [yaml_file1]... [flags]

                Flags:
                  -e, --exit-status            set exit status if there are no matches or null or false is returned
                  -h, --help                   help for yq
                  -I, --indent int             sets indent level for output (default 2)
                  -i, --inplace                update the file in place of first file given.
                  -p, --input-format string    [yaml|y|json|j] parse format for input. (default "yaml")
                  -n, --null-input             Don't read input, simply evaluate the expression given.
                  -o, --output-format string   [yaml|y|json|j] output format type. (default "yaml")
                  -P, --prettyPrint            pretty print, shorthand for '... style = ""'
                  -r, --unwrapScalar           unwrap scalar, print the value with no quotes (default true)
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        String output = "yaml";
        int indent = 2;
        boolean inPlace = false;
        boolean nullInput = false;
        boolean exitStatus = false;
        boolean unwrap = true;
        String expression = null;
        List<String> files = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "-o", "--output-format" -> output = value(args, ++i);
                case "-p", "--input-format" -> value(args, ++i);
                case "-I", "--indent" -> indent = Integer.parseInt(value(args, ++i));
                case "-i", "--inplace" -> inPlace = true;
                case "-n", "--null-input" -> nullInput = true;
                case "-e", "--exit-status" -> exitStatus = true;
                case "-P", "--prettyPrint", "-C", "-M", "--no-colors", "--colors" -> {}
                case "-r", "--unwrapScalar" -> unwrap = true;
                case "-j", "--tojson" -> output = "json";
                default -> {
                    if (a.startsWith("--output-format=") || a.startsWith("-o=")) {
                        output = a.substring(a.indexOf('=') + 1);
                    } else if (a.startsWith("-o") && a.length() > 2) {
                        output = a.substring(2);
                    } else if (a.startsWith("--unwrapScalar=")) {
                        unwrap = !a.endsWith("false");
                    } else if (a.startsWith("-") && a.length() > 1) {
                        ctx.stderr()
                                .write(Text.encode(
                                        "Error: unknown shorthand flag: '" + a.substring(1) + "' in " + a + "\n"));
                        return 1;
                    } else if (expression == null && files.isEmpty() && (a.equals("eval") || a.equals("e"))) {
                        continue;
                    } else if (expression == null && !(ctx.fs().exists(ctx.resolve(a)) && args.size() == 1)) {
                        expression = a;
                    } else {
                        files.add(a);
                    }
                }
            }
        }
        boolean json = output.equals("json") || output.equals("j");
        if (!json && !output.equals("yaml") && !output.equals("y")) {
            ctx.stderr().write(Text.encode("Error: unknown print format: " + output + "\n"));
            return 1;
        }
        JsonQuery query;
        try {
            query = JqEngine.compile(expression == null ? "." : expression);
        } catch (JsonQueryException e) {
            ctx.stderr().write(Text.encode("Error: invalid input text \"" + expression + "\"\n"));
            return 1;
        }
        List<JsonNode> documents = new ArrayList<>();
        if (nullInput) {
            documents.add(NullNode.getInstance());
        } else {
            for (String file : files.isEmpty() ? List.of("-") : files) {
                try (InputStream in = file.equals("-") ? null : ctx.openInput(file)) {
                    byte[] bytes = in == null ? ctx.stdin().readAllBytes() : in.readAllBytes();
                    documents.addAll(parse(bytes));
                } catch (FsException e) {
                    ctx.stderr()
                            .write(Text.encode("Error: open " + file + ": "
                                    + e.errno().message().toLowerCase() + "\n"));
                    return 1;
                } catch (JsonProcessingException e) {
                    ctx.stderr().write(Text.encode("Error: bad file '" + file + "': " + e.getOriginalMessage() + "\n"));
                    return 1;
                }
            }
        }
        Scope scope = JqEngine.scope(new NoInputs(ctx), ctx.env(), Map.of());
        List<JsonNode> results = new ArrayList<>();
        try {
            for (JsonNode doc : documents) {
                ctx.checkCancelled();
                query.apply(scope, doc, results::add);
            }
        } catch (JsonQueryException e) {
            ctx.stderr().write(Text.encode("Error: " + e.getMessage() + "\n"));
            return 1;
        }
        StringBuilder text = new StringBuilder();
        JsonPrinter printer = new JsonPrinter(indent == 0 ? null : " ".repeat(indent), false, false);
        for (int i = 0; i < results.size(); i++) {
            JsonNode r = results.get(i);
            if (json) {
                text.append(printer.print(r)).append('\n');
            } else {
                if (i > 0) {
                    text.append("---\n");
                }
                text.append(yaml(r, unwrap));
            }
        }
        if (inPlace && !files.isEmpty()) {
            try (OutputStream out = ctx.openOutput(files.get(0), WriteMode.TRUNCATE)) {
                out.write(text.toString().getBytes(StandardCharsets.UTF_8));
            }
        } else {
            ctx.stdout().write(text.toString().getBytes(StandardCharsets.UTF_8));
            ctx.stdout().flush();
        }
        if (exitStatus) {
            JsonNode last = results.isEmpty() ? null : results.get(results.size() - 1);
            if (last == null || last.isNull() || (last.isBoolean() && !last.booleanValue())) {
                return 1;
            }
        }
        return 0;
    }

    private static String value(List<String> args, int i) {
        return i < args.size() ? args.get(i) : "";
    }

    /** Every document of a YAML stream (JSON is YAML too); an empty input has none. */
    private static List<JsonNode> parse(byte[] bytes) throws IOException {
        List<JsonNode> docs = new ArrayList<>();
        try (JsonParser parser = YAML.getFactory().createParser(bytes)) {
            while (parser.nextToken() != null) {
                JsonNode node = YAML.readTree(parser);
                docs.add(node == null || node.isMissingNode() ? NullNode.getInstance() : node);
            }
        }
        return docs;
    }

    /** A value as yq writes YAML: scalars bare (unwrapped), collections in block style. */
    static String yaml(JsonNode node, boolean unwrap) throws IOException {
        if (node.isValueNode()) {
            if (node.isTextual() && unwrap) {
                return node.textValue() + "\n";
            }
            if (node.isNull()) {
                return "null\n";
            }
            if (node.isNumber()) {
                return JsonPrinter.number(node) + "\n";
            }
        }
        if (node.isContainerNode() && node.isEmpty()) {
            return node.isArray() ? "[]\n" : "{}\n";
        }
        StringWriter w = new StringWriter();
        YAML.writeValue(w, node);
        return w.toString();
    }

    /** yq has no input/inputs: the documents are evaluated one by one. */
    private record NoInputs(CommandContext ctx) implements JqHost {
        @Override
        public JsonNode nextInput() throws JsonQueryException {
            throw new JsonQueryException("No more inputs");
        }

        @Override
        public String currentFilename() {
            return null;
        }

        @Override
        public void writeError(String text) throws IOException {
            ctx.stderr().write(text.getBytes(StandardCharsets.UTF_8));
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
