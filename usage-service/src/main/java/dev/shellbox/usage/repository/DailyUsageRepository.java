package dev.shellbox.usage.repository;

import dev.shellbox.usage.domain.DailyUsage;
import dev.shellbox.usage.domain.UsageDelta;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

@ApplicationScoped
@WithSession
public class DailyUsageRepository implements PanacheRepositoryBase<DailyUsage, DailyUsage.Key> {
    private static final int COLUMNS = 13;
    private static final int ROWS_PER_STATEMENT = 1000;

    private static final String UPSERT_HEAD = "INSERT INTO daily_usage (user_id, day, operation, events, op_count,"
            + " duration_ms, bytes_in, bytes_out, container_ms, worker_events, container_events, mixed_events,"
            + " updated_at) VALUES ";

    private static final String UPSERT_TAIL = " ON CONFLICT (user_id, day, operation) DO UPDATE SET"
            + " events = daily_usage.events + EXCLUDED.events,"
            + " op_count = daily_usage.op_count + EXCLUDED.op_count,"
            + " duration_ms = daily_usage.duration_ms + EXCLUDED.duration_ms,"
            + " bytes_in = daily_usage.bytes_in + EXCLUDED.bytes_in,"
            + " bytes_out = daily_usage.bytes_out + EXCLUDED.bytes_out,"
            + " container_ms = daily_usage.container_ms + EXCLUDED.container_ms,"
            + " worker_events = daily_usage.worker_events + EXCLUDED.worker_events,"
            + " container_events = daily_usage.container_events + EXCLUDED.container_events,"
            + " mixed_events = daily_usage.mixed_events + EXCLUDED.mixed_events,"
            + " updated_at = EXCLUDED.updated_at";

    /** Adds each delta to its row (created when missing). The deltas must have distinct keys. */
    public Uni<Void> add(List<UsageDelta> deltas, Instant now) {
        Uni<Void> result = Uni.createFrom().voidItem();
        for (int from = 0; from < deltas.size(); from += ROWS_PER_STATEMENT) {
            List<UsageDelta> chunk = deltas.subList(from, Math.min(deltas.size(), from + ROWS_PER_STATEMENT));
            result = result.chain(() -> addChunk(chunk, now));
        }
        return result;
    }

    private Uni<Void> addChunk(List<UsageDelta> chunk, Instant now) {
        StringBuilder sql = new StringBuilder(UPSERT_HEAD);
        List<Object> params = new ArrayList<>(chunk.size() * COLUMNS);
        for (UsageDelta d : chunk) {
            if (!params.isEmpty()) {
                sql.append(',');
            }
            sql.append('(');
            for (int i = 0; i < COLUMNS; i++) {
                sql.append(i == 0 ? "" : ",").append('?').append(params.size() + i + 1);
            }
            sql.append(')');
            params.add(d.userId());
            params.add(d.day());
            params.add(d.operation());
            params.add(d.events());
            params.add(d.count());
            params.add(d.durationMs());
            params.add(d.bytesIn());
            params.add(d.bytesOut());
            params.add(d.containerMs());
            params.add(d.workerEvents());
            params.add(d.containerEvents());
            params.add(d.mixedEvents());
            params.add(now);
        }
        sql.append(UPSERT_TAIL);
        return getSession().chain(session -> {
            var query = session.createNativeQuery(sql.toString());
            for (int i = 0; i < params.size(); i++) {
                query.setParameter(i + 1, params.get(i));
            }
            return query.executeUpdate().replaceWithVoid();
        });
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
