package dev.shellbox.platform.json;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * The one Jackson configuration of every service: JSON is read as written. A value of the wrong JSON type is an error,
 * never converted (no number becomes a string, no "1" becomes 1, no 1.5 becomes 1, no 0 becomes false); unknown
 * fields, duplicate fields, null for a primitive and text after the value are errors too. Records that read another
 * process's JSON (events, answers of other services) say {@code @JsonIgnoreProperties(ignoreUnknown = true)} to
 * tolerate fields added later. {@code dev.shellbox.platform.problem.ProblemAnswers} turns the errors into 400s naming
 * the field. Applied after Quarkus's own settings (lowest priority), so that they cannot loosen it.
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {
    @Override
    public void customize(ObjectMapper mapper) {
        configure(mapper);
    }

    /** Makes {@code mapper} strict; also for mappers made outside CDI. */
    public static ObjectMapper configure(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
        for (LogicalType scalar : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
            mapper.coercionConfigFor(scalar)
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        }
        mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        for (LogicalType structured : new LogicalType[] {LogicalType.POJO, LogicalType.Map, LogicalType.Collection}) {
            mapper.coercionConfigFor(structured)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        }
        return mapper;
    }

    @Override
    public int priority() {
        return MINIMUM_PRIORITY;
    }
}
