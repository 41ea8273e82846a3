package dev.shellbox.usage.repository;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.usage.domain.RecordedUsageEvent;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

@ApplicationScoped
@WithSession
public class UsageEventRepository implements PanacheRepositoryBase<RecordedUsageEvent, UUID> {
    /**
     * One statement for any batch: the rows travel as one jsonb parameter, so the text never changes and PostgreSQL
     * prepares it once.
     */
    private static final String INSERT_NEW = """
            INSERT INTO usage_event (id, user_id, sandbox_id, operation, location, op_count, duration_ms, bytes_in,
                                     bytes_out, container_ms, occurred_at, received_at)
            SELECT id, user_id, sandbox_id, operation, location, op_count, duration_ms, bytes_in,
                   bytes_out, container_ms, occurred_at, CAST(?2 AS timestamptz)
            FROM jsonb_to_recordset(CAST(CAST(?1 AS text) AS jsonb)) AS e(id uuid, user_id text, sandbox_id text, operation text,
                 location text, op_count bigint, duration_ms bigint, bytes_in bigint, bytes_out bigint,
                 container_ms bigint, occurred_at timestamptz)
            ON CONFLICT (id) DO NOTHING
            RETURNING id""";

    private final ObjectMapper json;

    public UsageEventRepository(ObjectMapper json) {
        this.json = json;
    }

    /**
     * Records the events whose id is not recorded yet and returns those ids: the events to fold. Ids already present
     * (duplicates, redeliveries) are left alone.
     */
    public Uni<Set<UUID>> insertNew(List<UsageEvent> events, Instant receivedAt) {
        ArrayNode rows = json.createArrayNode();
        for (UsageEvent e : events) {
            ObjectNode row = rows.addObject();
            row.put("id", e.id().toString());
            row.put("user_id", e.userId());
            row.put("sandbox_id", e.sandboxId());
            row.put("operation", e.operation());
            row.put("location", e.location() == null ? null : e.location().json());
            row.put("op_count", e.count());
            row.put("duration_ms", e.durationMs());
            row.put("bytes_in", e.bytesIn());
            row.put("bytes_out", e.bytesOut());
            row.put("container_ms", e.containerMs());
            row.put("occurred_at", e.occurredAt().toString());
        }
        return getSession()
                .chain(session -> session.createNativeQuery(INSERT_NEW, UUID.class)
                        .setParameter(1, rows.toString())
                        .setParameter(2, receivedAt)
                        .getResultList())
                .map(HashSet::new);
    }

    /** A user's raw events that occurred in [{@code from}, {@code to}), newest first, at most {@code limit}. */
    public Uni<List<RecordedUsageEvent>> forUser(String userId, Instant from, Instant to, int limit) {
        return find(
                        "userId = ?1 and occurredAt >= ?2 and occurredAt < ?3",
                        Sort.descending("occurredAt").and("id"),
                        userId,
                        from,
                        to)
                .page(0, limit)
                .list();
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
