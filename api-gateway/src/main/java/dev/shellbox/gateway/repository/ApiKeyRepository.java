package dev.shellbox.gateway.repository;

import dev.shellbox.gateway.domain.ApiKey;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
@WithSession
public class ApiKeyRepository implements PanacheRepositoryBase<ApiKey, UUID> {

    /** The key with this hash unless revoked, or null. */
    public Uni<ApiKey> findActiveByHash(String keyHash) {
        return find("keyHash = ?1 and revokedAt is null", keyHash).firstResult();
    }

    public Uni<List<ApiKey>> listFor(String userId) {
        return userId == null ? listAll(Sort.by("createdAt")) : list("userId", Sort.by("createdAt"), userId);
    }

    public Uni<Integer> markUsed(UUID id, Instant at) {
        return update("lastUsedAt = ?1 where id = ?2", at, id);
    }
}
