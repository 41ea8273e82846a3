package dev.shellbox.usage.repository;

import dev.shellbox.usage.domain.UserPlan;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

@ApplicationScoped
@WithSession
public class UserPlanRepository implements PanacheRepositoryBase<UserPlan, String> {
    /** How many users an admin put on the plan. */
    public Uni<Long> countOn(String planName) {
        return count("planName", planName);
    }

    /** Puts a user on a plan; returns the assignment's new version. */
    public Uni<Long> assign(String userId, String planName, Instant at) {
        return getSession()
                .chain(session -> session.createNativeQuery(
                                "INSERT INTO user_plan (user_id, plan_name, version, assigned_at) VALUES (?1, ?2, 1, ?3)"
                                        + " ON CONFLICT (user_id) DO UPDATE SET plan_name = EXCLUDED.plan_name,"
                                        + " version = user_plan.version + 1, assigned_at = EXCLUDED.assigned_at"
                                        + " RETURNING version",
                                Long.class)
                        .setParameter(1, userId)
                        .setParameter(2, planName)
                        .setParameter(3, at)
                        .getSingleResult());
    }
}
