package dev.shellbox.sandbox.repository;

import dev.shellbox.sandbox.domain.Secret;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
@WithSession
public class SecretRepository implements PanacheRepositoryBase<Secret, UUID> {

    /** The user's secret of that name, or null. */
    public Uni<Secret> findByName(String userId, String name) {
        return find("userId = ?1 and name = ?2", userId, name).firstResult();
    }

    public Uni<List<Secret>> listOf(String userId) {
        return list("userId", Sort.by("name"), userId);
    }

    public Uni<Long> countOf(String userId) {
        return count("userId", userId);
    }

    /** Deletes the user's secret of that name; call inside a transaction. True when there was one. */
    public Uni<Boolean> deleteByName(String userId, String name) {
        return delete("userId = ?1 and name = ?2", userId, name).map(deleted -> deleted > 0);
    }
}
