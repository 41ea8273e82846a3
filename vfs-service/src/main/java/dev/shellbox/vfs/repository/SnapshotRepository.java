package dev.shellbox.vfs.repository;

import dev.shellbox.vfs.domain.Snapshot;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

@ApplicationScoped
public class SnapshotRepository implements PanacheRepositoryBase<Snapshot, UUID> {
    public Uni<List<Snapshot>> ofVolume(String volumeId) {
        return list("volumeId = ?1 order by createdAt, id", volumeId);
    }
}
