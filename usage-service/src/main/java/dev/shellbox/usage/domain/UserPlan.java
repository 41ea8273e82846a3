package dev.shellbox.usage.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A user's plan when an admin assigned one; users without a row are on the default plan. */
@Entity
@Table(name = "user_plan")
public class UserPlan {
    @Id
    @Column(name = "user_id")
    private String userId;

    @Column(name = "plan_name", nullable = false, length = 64)
    private String planName;

    /** Bumped by every assignment. */
    @Column(nullable = false)
    private long version;

    @Column(name = "assigned_at", nullable = false)
    private Instant assignedAt;

    protected UserPlan() {}

    public String getUserId() {
        return userId;
    }

    public String getPlanName() {
        return planName;
    }

    public long getVersion() {
        return version;
    }

    public Instant getAssignedAt() {
        return assignedAt;
    }
}
