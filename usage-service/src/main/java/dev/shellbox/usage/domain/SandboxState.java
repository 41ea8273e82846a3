package dev.shellbox.usage.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * Whether a sandbox is live, from the lifecycle events. A destroyed sandbox keeps its row, so that a creation event
 * arriving after its destruction does not bring it back.
 */
@Entity
@Table(name = "sandbox_state", indexes = @Index(name = "sandbox_state_user", columnList = "user_id, live"))
public class SandboxState {
    @Id
    @Column(name = "sandbox_id")
    private String sandboxId;

    @Column(name = "user_id", nullable = false)
    private String userId;

    @Column(nullable = false)
    private boolean live;

    @Column(name = "changed_at", nullable = false)
    private Instant changedAt;

    protected SandboxState() {}

    public String getSandboxId() {
        return sandboxId;
    }

    public String getUserId() {
        return userId;
    }

    public boolean isLive() {
        return live;
    }

    public Instant getChangedAt() {
        return changedAt;
    }
}
