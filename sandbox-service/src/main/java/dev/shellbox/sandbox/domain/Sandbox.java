package dev.shellbox.sandbox.domain;

import dev.shellbox.egress.PolicySpec;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import jakarta.persistence.UniqueConstraint;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A sandbox: its owner, settings and state. Its volume in vfs-service has the same id. A destroyed sandbox keeps its
 * row (without its name, which the owner may reuse).
 */
@Entity
@Table(
        name = "sandbox",
        uniqueConstraints =
                @UniqueConstraint(
                        name = "sandbox_user_name",
                        columnNames = {"user_id", "name"}),
        indexes = {
            @Index(name = "sandbox_user_state", columnList = "user_id, state"),
            @Index(name = "sandbox_state_activity", columnList = "state, last_activity_at")
        })
public class Sandbox extends PanacheEntityBase {
    @Id
    @Column(length = 40)
    public String id;

    @Column(name = "user_id", nullable = false)
    public String userId;

    /** Unique among the owner's live sandboxes; null when unnamed or destroyed. */
    @Column(name = "name")
    public String name;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public Provider provider;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public SandboxState state;

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public Map<String, String> env = new HashMap<>();

    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public Map<String, String> labels = new HashMap<>();

    /** Whether escalated programs may use the network (its policy's mode is not none). */
    @Column(name = "network", nullable = false, columnDefinition = "boolean not null default false")
    public boolean network;

    /** The network policy as the user gave it; null for sandboxes made before policies ({@link #network} says). */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "network_policy")
    public PolicySpec networkPolicy;

    @Column(name = "idle_timeout_seconds", nullable = false)
    public int idleTimeoutSeconds;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "last_activity_at", nullable = false)
    public Instant lastActivityAt;

    @Column(name = "destroyed_at")
    public Instant destroyedAt;

    @Version
    public long version;
}
