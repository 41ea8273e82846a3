package dev.shellbox.sandbox.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.shellbox.contracts.Problem;
import dev.shellbox.platform.problem.ProblemException;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.io.IOException;

/**
 * The body of a secret's PUT. Read by {@link #read} rather than by the framework, so that no error about it quotes
 * the value: Jackson's messages about text that is not JSON quote the token they stopped at, and its messages about a
 * value of the wrong type quote the value.
 *
 * @param value the secret, 1 to 16 KiB of UTF-8; never shown again
 * @param description what the secret is for, shown in listings
 */
@RegisterForReflection
public record SecretRequest(
        @JsonProperty(required = true) @JsonDeserialize(using = SecretRequest.ValueField.class)
        String value,

        String description) {

    static SecretRequest read(ObjectMapper mapper, byte[] body) throws JsonProcessingException {
        if (body == null || body.length == 0) {
            throw ProblemException.badField("/value", "a string", "the field '/value' is required");
        }
        try {
            SecretRequest request = mapper.readValue(body, SecretRequest.class);
            if (request == null) {
                throw ProblemException.badField("/value", "a string", "the field '/value' is required");
            }
            return request;
        } catch (StreamReadException e) {
            throw notJson(e);
        } catch (JsonProcessingException e) {
            if (e.getCause() instanceof StreamReadException read) {
                throw notJson(read);
            }
            // unknown, duplicate or missing fields, and wrong types of the description: nothing of the value
            throw e;
        } catch (IOException e) {
            throw ProblemException.badRequest("the request body cannot be read");
        }
    }

    /** Where the text stops being JSON, without the parser's message, which may quote part of the value. */
    private static ProblemException notJson(StreamReadException e) {
        JsonLocation at = e.getLocation();
        if (at == null || at.getLineNr() <= 0) {
            return ProblemException.badRequest("the request body is not valid JSON");
        }
        return new ProblemException(Problem.of(
                        400,
                        "the request body is not valid JSON at line " + at.getLineNr() + ", column " + at.getColumnNr())
                .with("line", at.getLineNr())
                .with("column", at.getColumnNr()));
    }

    @Override
    public String toString() {
        return "SecretRequest[value=(hidden), description=" + description + "]";
    }

    /** The value: a JSON string, or a 400 that says what came instead without quoting it. */
    public static final class ValueField extends JsonDeserializer<String> {
        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() == JsonToken.VALUE_STRING) {
                return p.getText();
            }
            p.skipChildren();
            throw MismatchedInputException.from(p, String.class, "a secret's value must be a JSON string");
        }
    }
}
