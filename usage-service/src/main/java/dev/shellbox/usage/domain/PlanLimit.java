package dev.shellbox.usage.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

/** The maximum a plan sets for one limit. */
@Entity
@Table(name = "plan_limit")
@IdClass(PlanLimit.Key.class)
public class PlanLimit {
    @Id
    @Column(name = "plan_name", length = 64)
    private String planName;

    @Id
    @Column(name = "limit_key", length = 64)
    private String limitKey;

    @Column(name = "max_value", nullable = false)
    private long maximum;

    protected PlanLimit() {}

    public PlanLimit(String planName, String limitKey, long maximum) {
        this.planName = planName;
        this.limitKey = limitKey;
        this.maximum = maximum;
    }

    public String getPlanName() {
        return planName;
    }

    public String getLimitKey() {
        return limitKey;
    }

    public long getMaximum() {
        return maximum;
    }

    public void setMaximum(long maximum) {
        this.maximum = maximum;
    }

    /** The composite key: plan, limit. */
    public static class Key implements Serializable {
        private String planName;
        private String limitKey;

        public Key() {}

        public Key(String planName, String limitKey) {
            this.planName = planName;
            this.limitKey = limitKey;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(planName, k.planName) && Objects.equals(limitKey, k.limitKey);
        }

        @Override
        public int hashCode() {
            return Objects.hash(planName, limitKey);
        }
    }
}
