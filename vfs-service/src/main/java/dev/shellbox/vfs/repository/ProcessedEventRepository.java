package dev.shellbox.vfs.repository;

import dev.shellbox.vfs.domain.ProcessedEvent;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

@ApplicationScoped
public class ProcessedEventRepository implements PanacheRepositoryBase<ProcessedEvent, UUID> {
    /** Remembers an event id; false when it was handled before. */
    public Uni<Boolean> markProcessed(UUID id) {
        return getSession()
                .flatMap(s -> s.createNativeQuery("INSERT INTO processed_event (id, processed_at) VALUES (:id, now())"
                                + " ON CONFLICT (id) DO NOTHING")
                        .setParameter("id", id)
                        .executeUpdate())
                .map(n -> n > 0);
    }
}
