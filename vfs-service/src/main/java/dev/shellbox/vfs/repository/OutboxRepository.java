package dev.shellbox.vfs.repository;

import dev.shellbox.vfs.domain.OutboxEvent;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/** Events waiting for the relay; written with persist() inside the transaction of the change they describe. */
@ApplicationScoped
public class OutboxRepository implements PanacheRepositoryBase<OutboxEvent, UUID> {}
