package dev.shellbox.sandbox.repository;

import dev.shellbox.sandbox.domain.Sandbox;
import dev.shellbox.sandbox.domain.SandboxState;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

@ApplicationScoped
@WithSession
public class SandboxRepository implements PanacheRepositoryBase<Sandbox, String> {

    /** A live (not destroyed) sandbox of the user, or null. */
    public Uni<Sandbox> findLive(String userId, String id) {
        return find("id = ?1 and userId = ?2 and state != ?3", id, userId, SandboxState.DESTROYED)
                .firstResult();
    }

    public Uni<Sandbox> findLiveByName(String userId, String name) {
        return find("userId = ?1 and name = ?2 and state != ?3", userId, name, SandboxState.DESTROYED)
                .firstResult();
    }

    public Uni<List<Sandbox>> listLive(String userId) {
        return list("userId = ?1 and state != ?2", Sort.by("createdAt"), userId, SandboxState.DESTROYED);
    }

    /** Running sandboxes whose last activity is older than their own idle timeout. */
    public Uni<List<Sandbox>> findIdle(Instant now) {
        return find("state = ?1", SandboxState.RUNNING)
                .list()
                .map(candidates -> candidates.stream()
                        .filter(s -> s.lastActivityAt
                                .plusSeconds(s.idleTimeoutSeconds)
                                .isBefore(now))
                        .toList());
    }
}
