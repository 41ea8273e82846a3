package dev.shellbox.sandbox.rest;

import dev.shellbox.sandbox.domain.Secret;
import java.time.Instant;

/**
 * A secret as the API shows it: never its value.
 *
 * @param fingerprint the first 8 hex digits of a keyed hash of the value: it changes when the value does
 */
public record SecretResponse(
        String name, String description, Instant createdAt, Instant updatedAt, String fingerprint) {
    public static SecretResponse of(Secret s) {
        return new SecretResponse(s.name, s.description, s.createdAt, s.updatedAt, s.fingerprint);
    }
}
