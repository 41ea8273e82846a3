package dev.shellbox.usage.repository;

import dev.shellbox.usage.domain.Plan;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

@ApplicationScoped
@WithSession
public class PlanRepository implements PanacheRepositoryBase<Plan, String> {
    /** The plan, locked until the transaction ends so that concurrent changes apply one after the other. */
    public Uni<Plan> findForUpdate(String name) {
        return findById(name, LockModeType.PESSIMISTIC_WRITE);
    }

    /**
     * The plan, locked against deletion (but not against other readers) until the transaction ends: a user is never
     * put on a plan that is being deleted.
     */
    public Uni<Plan> findForShare(String name) {
        return findById(name, LockModeType.PESSIMISTIC_READ);
    }
}
