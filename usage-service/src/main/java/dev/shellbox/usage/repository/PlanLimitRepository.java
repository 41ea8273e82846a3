package dev.shellbox.usage.repository;

import dev.shellbox.usage.domain.PlanLimit;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

@ApplicationScoped
@WithSession
public class PlanLimitRepository implements PanacheRepositoryBase<PlanLimit, PlanLimit.Key> {
    public Uni<List<PlanLimit>> forPlan(String planName) {
        return list("planName", planName);
    }

    public Uni<Long> deleteForPlan(String planName) {
        return delete("planName", planName);
    }
}
