package dev.shellbox.shell.commands.data.jq;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NumericNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.ValueNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import net.thisptr.jackson.jq.BuiltinFunctionLoader;
import net.thisptr.jackson.jq.JsonQuery;
import net.thisptr.jackson.jq.Scope;
import net.thisptr.jackson.jq.Versions;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/** Compiles jq filters (jq 1.7 language, through jackson-jq) with Shellbox's additions, for jq and yq. */
public final class JqEngine {
    /** Reads JSON keeping number literals as written (jq 1.7 prints 1.0 as 1.0). */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .setNodeFactory(new LiteralNumbers());

    /**
     * Keeps decimals exactly as written, and integers beyond 2^53 as decimals: their digits print as written (jq 1.7
     * keeps literals) while jackson-jq computes with them as doubles, as jq does, instead of wrapping around a long.
     */
    private static final class LiteralNumbers extends JsonNodeFactory {
        private static final long MAX_EXACT_DOUBLE = 1L << 53;

        LiteralNumbers() {
            super(true);
        }

        @Override
        public NumericNode numberNode(long v) {
            return Math.abs(v) > MAX_EXACT_DOUBLE ? DecimalNode.valueOf(BigDecimal.valueOf(v)) : super.numberNode(v);
        }

        @Override
        public ValueNode numberNode(BigInteger v) {
            return v == null ? nullNode() : DecimalNode.valueOf(new BigDecimal(v));
        }
    }

    private static volatile Scope builtins;

    private JqEngine() {}

    private static Scope builtins() {
        Scope scope = builtins;
        if (scope == null) {
            synchronized (JqEngine.class) {
                scope = builtins;
                if (scope == null) {
                    scope = Scope.newEmptyScope();
                    BuiltinFunctionLoader.getInstance().loadFunctions(Versions.JQ_1_7, scope);
                    builtins = scope;
                }
            }
        }
        return scope;
    }

    /** A scope for one run: the builtins, the host functions, $ENV and the named variables. */
    static Scope scope(JqHost host, Map<String, String> env, Map<String, JsonNode> variables) {
        Scope scope = Scope.newChildScope(builtins());
        JqFunctions.register(scope, host);
        ObjectNode envObject = MAPPER.createObjectNode();
        env.forEach(envObject::put);
        scope.setValue("ENV", envObject);
        variables.forEach(scope::setValue);
        return scope;
    }

    /** Compiles a filter with the jq-defined builtins in front of it. */
    static JsonQuery compile(String filter) throws JsonQueryException {
        return JsonQuery.compile(JqFunctions.PRELUDE + "\n(\n" + JqSource.rewrite(filter) + "\n)", Versions.JQ_1_7);
    }
}
