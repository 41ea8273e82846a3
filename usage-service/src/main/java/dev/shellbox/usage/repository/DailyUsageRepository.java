package dev.shellbox.usage.repository;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.shellbox.usage.domain.DailyUsage;
import dev.shellbox.usage.domain.UsageDelta;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

@ApplicationScoped
@WithSession
public class DailyUsageRepository implements PanacheRepositoryBase<DailyUsage, DailyUsage.Key> {
    /** One statement for any batch, the deltas as one jsonb parameter (see {@link UsageEventRepository}). */
    private static final String ADD = """
            INSERT INTO daily_usage (user_id, day, operation, events, op_count, duration_ms, bytes_in, bytes_out,
                                     container_ms, worker_events, container_events, mixed_events, updated_at)
            SELECT user_id, day, operation, events, op_count, duration_ms, bytes_in, bytes_out,
                   container_ms, worker_events, container_events, mixed_events, CAST(?2 AS timestamptz)
            FROM jsonb_to_recordset(CAST(CAST(?1 AS text) AS jsonb)) AS d(user_id text, day date, operation text, events bigint,
                 op_count bigint, duration_ms bigint, bytes_in bigint, bytes_out bigint, container_ms bigint,
                 worker_events bigint, container_events bigint, mixed_events bigint)
            ON CONFLICT (user_id, day, operation) DO UPDATE SET
                events = daily_usage.events + EXCLUDED.events,
                op_count = daily_usage.op_count + EXCLUDED.op_count,
                duration_ms = daily_usage.duration_ms + EXCLUDED.duration_ms,
                bytes_in = daily_usage.bytes_in + EXCLUDED.bytes_in,
                bytes_out = daily_usage.bytes_out + EXCLUDED.bytes_out,
                container_ms = daily_usage.container_ms + EXCLUDED.container_ms,
                worker_events = daily_usage.worker_events + EXCLUDED.worker_events,
                container_events = daily_usage.container_events + EXCLUDED.container_events,
                mixed_events = daily_usage.mixed_events + EXCLUDED.mixed_events,
                updated_at = EXCLUDED.updated_at""";

    private final ObjectMapper json;

    public DailyUsageRepository(ObjectMapper json) {
        this.json = json;
    }

    /** Adds each delta to its row (created when missing). The deltas must have distinct keys. */
    public Uni<Void> add(List<UsageDelta> deltas, Instant now) {
        ArrayNode rows = json.createArrayNode();
        for (UsageDelta d : deltas) {
            rows.addObject()
                    .put("user_id", d.userId())
                    .put("day", d.day().toString())
                    .put("operation", d.operation())
                    .put("events", d.events())
                    .put("op_count", d.count())
                    .put("duration_ms", d.durationMs())
                    .put("bytes_in", d.bytesIn())
                    .put("bytes_out", d.bytesOut())
                    .put("container_ms", d.containerMs())
                    .put("worker_events", d.workerEvents())
                    .put("container_events", d.containerEvents())
                    .put("mixed_events", d.mixedEvents());
        }
        return getSession()
                .chain(session -> session.createNativeQuery(ADD)
                        .setParameter(1, rows.toString())
                        .setParameter(2, now)
                        .executeUpdate())
                .replaceWithVoid();
    }

    /** A user's rows from {@code from} to {@code to} (inclusive), by day and operation. */
    public Uni<List<DailyUsage>> forUser(String userId, LocalDate from, LocalDate to) {
        return list("userId = ?1 and day >= ?2 and day <= ?3 order by day, operation", userId, from, to);
    }

    /** Every row of {@code day} or later: what the in-memory counters start from. */
    public Uni<List<DailyUsage>> since(LocalDate day) {
        return list("day >= ?1", day);
    }
}
