package dev.shellbox.sandbox.rest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import dev.shellbox.egress.PolicySpec;
import dev.shellbox.sandbox.egress.NetworkPolicies;
import java.io.IOException;

/** The {@code network} of a new sandbox: a policy object, or the boolean it was before policies existed. */
public final class NetworkField extends JsonDeserializer<PolicySpec> {
    @Override
    public PolicySpec deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_TRUE) {
            return NetworkPolicies.OPEN;
        }
        if (p.currentToken() == JsonToken.VALUE_FALSE) {
            return NetworkPolicies.NONE;
        }
        if (p.currentToken() != JsonToken.START_OBJECT) {
            // named as a boolean, the shape most clients send; the problem's detail says what came instead
            ctxt.handleUnexpectedToken(Boolean.class, p);
        }
        return ctxt.readValue(p, PolicySpec.class);
    }
}
