package dev.shellbox.usage.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A plan; its limits are {@link PlanLimit} rows. */
@Entity
@Table(name = "plan")
public class Plan {
    @Id
    @Column(length = 64)
    private String name;

    /** Bumped by every change of the plan or its limits. */
    @Column(nullable = false)
    private long version;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    protected Plan() {}

    public Plan(String name, Instant now) {
        this.name = name;
        this.version = 0;
        this.createdAt = now;
        this.updatedAt = now;
    }

    public String getName() {
        return name;
    }

    public long getVersion() {
        return version;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public void changed(Instant now) {
        version++;
        updatedAt = now;
    }
}
