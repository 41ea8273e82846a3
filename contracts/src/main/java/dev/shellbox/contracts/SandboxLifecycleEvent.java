package dev.shellbox.contracts;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.util.UUID;

/**
 * A change in a sandbox's life, published on {@link Topics#SANDBOX_LIFECYCLE} keyed by sandbox id.
 *
 * @param id unique event id
 * @param type {@code sandbox.created}, {@code sandbox.paused}, {@code sandbox.resumed} or {@code sandbox.destroyed}
 * @param version schema version, {@value #VERSION}
 * @param occurredAt when it happened
 * @param sandboxId the sandbox (also its volume id)
 * @param userId its owner
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SandboxLifecycleEvent(
        UUID id, String type, int version, Instant occurredAt, String sandboxId, String userId) {
    public static final int VERSION = 1;
    public static final String CREATED = "sandbox.created";
    public static final String PAUSED = "sandbox.paused";
    public static final String RESUMED = "sandbox.resumed";
    public static final String DESTROYED = "sandbox.destroyed";

    public static SandboxLifecycleEvent of(String type, String sandboxId, String userId) {
        return new SandboxLifecycleEvent(UUID.randomUUID(), type, VERSION, Instant.now(), sandboxId, userId);
    }
}
