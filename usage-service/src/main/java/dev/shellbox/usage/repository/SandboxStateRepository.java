package dev.shellbox.usage.repository;

import dev.shellbox.usage.domain.SandboxState;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

@ApplicationScoped
@WithSession
public class SandboxStateRepository implements PanacheRepositoryBase<SandboxState, String> {
    /** Records a sandbox as live unless it is known already (live or destroyed); true when it became live now. */
    public Uni<Boolean> markCreated(String sandboxId, String userId, Instant at) {
        return getSession()
                .chain(session -> session.createNativeQuery("INSERT INTO sandbox_state (sandbox_id, user_id, live,"
                                + " changed_at) VALUES (?1, ?2, true, ?3) ON CONFLICT (sandbox_id) DO NOTHING")
                        .setParameter(1, sandboxId)
                        .setParameter(2, userId)
                        .setParameter(3, at)
                        .executeUpdate())
                .map(rows -> rows == 1);
    }

    /**
     * Records a sandbox as destroyed, keeping a row for it even when its creation was never seen; true when a live
     * sandbox ended now.
     */
    public Uni<Boolean> markDestroyed(String sandboxId, String userId, Instant at) {
        return getSession()
                .chain(session -> session.createNativeQuery(
                                "UPDATE sandbox_state SET live = false, changed_at = ?2 WHERE sandbox_id = ?1 AND live")
                        .setParameter(1, sandboxId)
                        .setParameter(2, at)
                        .executeUpdate()
                        .chain(updated -> {
                            if (updated == 1) {
                                return Uni.createFrom().item(true);
                            }
                            return session.createNativeQuery(
                                            "INSERT INTO sandbox_state (sandbox_id, user_id, live,"
                                                    + " changed_at) VALUES (?1, ?2, false, ?3) ON CONFLICT (sandbox_id) DO NOTHING")
                                    .setParameter(1, sandboxId)
                                    .setParameter(2, userId)
                                    .setParameter(3, at)
                                    .executeUpdate()
                                    .replaceWith(false);
                        }));
    }

    /** Live sandboxes per user. */
    public Uni<Map<String, Long>> liveByUser() {
        return getSession()
                .chain(session -> session.createSelectionQuery(
                                "select s.userId, count(s) from SandboxState s where s.live = true group by s.userId",
                                Object[].class)
                        .getResultList())
                .map(rows -> {
                    Map<String, Long> live = new HashMap<>();
                    for (Object[] row : rows) {
                        live.put((String) row[0], ((Number) row[1]).longValue());
                    }
                    return live;
                });
    }
}
