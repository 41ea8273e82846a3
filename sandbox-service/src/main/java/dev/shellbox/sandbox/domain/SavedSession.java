package dev.shellbox.sandbox.domain;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A shell session's state as its last exec left it (directory, variables, functions, aliases, options; the engine's
 * {@code Shell.saveState}), so that it comes back after a pause or a restart of the service.
 */
@Entity
@Table(name = "saved_session", indexes = @Index(name = "saved_session_sandbox", columnList = "sandbox_id"))
public class SavedSession extends PanacheEntityBase {
    /** The sandbox's id, a slash, and the session's name. */
    @Id
    @Column(length = 110)
    public String id;

    @Column(name = "sandbox_id", nullable = false, length = 40)
    public String sandboxId;

    @Column(nullable = false, length = 64)
    public String name;

    @Column(nullable = false, columnDefinition = "text")
    public String state;

    @Column(name = "saved_at", nullable = false)
    public Instant savedAt;

    public static String idOf(String sandboxId, String name) {
        return sandboxId + "/" + name;
    }
}
