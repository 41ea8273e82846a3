package dev.shellbox.usage.repository;

import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.usage.domain.RecordedUsageEvent;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

@ApplicationScoped
@WithSession
public class UsageEventRepository implements PanacheRepositoryBase<RecordedUsageEvent, UUID> {
    /** Rows per INSERT statement; 12 parameters a row stays far below PostgreSQL's 32767. */
    private static final int ROWS_PER_STATEMENT = 1000;

    private static final String INSERT = "INSERT INTO usage_event (id, user_id, sandbox_id, operation, location,"
            + " op_count, duration_ms, bytes_in, bytes_out, container_ms, occurred_at, received_at) VALUES ";

    /**
     * Records the events whose id is not recorded yet and returns those ids: the events to fold. Ids already present
     * (duplicates, redeliveries) are left alone.
     */
    public Uni<Set<UUID>> insertNew(List<UsageEvent> events, Instant receivedAt) {
        Uni<Set<UUID>> result = Uni.createFrom().item(new HashSet<>());
        for (int from = 0; from < events.size(); from += ROWS_PER_STATEMENT) {
            List<UsageEvent> chunk = events.subList(from, Math.min(events.size(), from + ROWS_PER_STATEMENT));
            result = result.chain(inserted -> insertChunk(chunk, receivedAt).map(ids -> {
                inserted.addAll(ids);
                return inserted;
            }));
        }
        return result;
    }

    private Uni<List<UUID>> insertChunk(List<UsageEvent> chunk, Instant receivedAt) {
        StringBuilder sql = new StringBuilder(INSERT);
        List<Object> params = new ArrayList<>(chunk.size() * 12);
        for (UsageEvent e : chunk) {
            if (!params.isEmpty()) {
                sql.append(',');
            }
            sql.append('(');
            for (int i = 0; i < 12; i++) {
                sql.append(i == 0 ? "" : ",").append('?').append(params.size() + i + 1);
            }
            sql.append(')');
            params.add(e.id());
            params.add(e.userId());
            params.add(e.sandboxId());
            params.add(e.operation());
            params.add(e.location() == null ? null : e.location().json());
            params.add(e.count());
            params.add(e.durationMs());
            params.add(e.bytesIn());
            params.add(e.bytesOut());
            params.add(e.containerMs());
            params.add(e.occurredAt());
            params.add(receivedAt);
        }
        sql.append(" ON CONFLICT (id) DO NOTHING RETURNING id");
        return getSession().chain(session -> {
            var query = session.createNativeQuery(sql.toString(), UUID.class);
            for (int i = 0; i < params.size(); i++) {
                query.setParameter(i + 1, params.get(i));
            }
            return query.getResultList();
        });
    }

    /** Deletes at most {@code batch} events that occurred before {@code cutoff}; returns how many. */
    public Uni<Integer> deleteOccurredBefore(Instant cutoff, int batch) {
        return getSession()
                .chain(session -> session.createNativeQuery("DELETE FROM usage_event WHERE id IN"
                                + " (SELECT id FROM usage_event WHERE occurred_at < ?1 LIMIT ?2)")
                        .setParameter(1, cutoff)
                        .setParameter(2, batch)
                        .executeUpdate());
    }
}
