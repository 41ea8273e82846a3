package dev.shellbox.vfs.repository;

import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The statements of garbage collection. They run on plain connections of the reactive pool (not Hibernate sessions)
 * because a chunk sweep keeps its transaction open while it deletes objects from S3. Blocking: call from workers.
 */
@ApplicationScoped
public class GcRepository {
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    private final Pool pool;

    public GcRepository(Pool pool) {
        this.pool = pool;
    }

    public Pool pool() {
        return pool;
    }

    /** Drops upload claims and blob claims older than the grace period. */
    public long expireClaims(Duration grace) {
        Tuple cutoff = Tuple.of(grace.toMillis() / 1000.0);
        long chunks = pool.preparedQuery("DELETE FROM chunk_claim WHERE claimed_at < now() - make_interval(secs => $1)")
                .execute(cutoff)
                .await()
                .atMost(TIMEOUT)
                .rowCount();
        long blobs = pool.preparedQuery("DELETE FROM blob_claim WHERE claimed_at < now() - make_interval(secs => $1)")
                .execute(cutoff)
                .await()
                .atMost(TIMEOUT)
                .rowCount();
        return chunks + blobs;
    }

    /**
     * Deletes up to {@code limit} contents that no node uses, that no fresh blob claim holds, and that were not
     * released within the grace period (restricted to {@code candidates} when not null); their chunk references go
     * with them. Locked rows (a commit is referencing them) are skipped. The hashes deleted.
     */
    public List<String> sweepContents(Duration grace, List<String> candidates, int limit) {
        String only = candidates == null ? "" : " AND c.hash = ANY($3)";
        Tuple args = candidates == null
                ? Tuple.of(grace.toMillis() / 1000.0, limit)
                : Tuple.of(grace.toMillis() / 1000.0, limit, candidates.toArray(new String[0]));
        return pool
                .withTransaction(conn -> conn.preparedQuery(
                                "WITH victims AS (SELECT c.hash FROM content c WHERE c.refcount = 0"
                                        + " AND (c.released_at IS NULL OR c.released_at < now() - make_interval(secs"
                                        + " => $1)) AND NOT EXISTS (SELECT 1 FROM blob_claim b WHERE b.content_hash ="
                                        + " c.hash AND b.claimed_at >= now() - make_interval(secs => $1))"
                                        + only + " ORDER BY c.hash LIMIT $2 FOR UPDATE SKIP LOCKED),"
                                        + " cc AS (DELETE FROM content_chunk WHERE content_hash IN (SELECT hash FROM"
                                        + " victims)), bc AS (DELETE FROM blob_claim WHERE content_hash IN (SELECT"
                                        + " hash FROM victims))"
                                        + " DELETE FROM content WHERE hash IN (SELECT hash FROM victims) RETURNING hash")
                        .execute(args))
                .await()
                .atMost(TIMEOUT)
                .stream()
                .map(r -> r.getString(0))
                .toList();
    }

    /**
     * Locks up to {@code limit} chunks that no content uses and no fresh upload claims (restricted to
     * {@code candidates} when not null), in a transaction the caller ends after deleting them from S3.
     */
    public List<String> lockUnreferencedChunks(SqlConnection conn, Duration grace, List<String> candidates, int limit) {
        String only = candidates == null ? "" : " AND c.hash = ANY($3)";
        Tuple args = candidates == null
                ? Tuple.of(grace.toMillis() / 1000.0, limit)
                : Tuple.of(grace.toMillis() / 1000.0, limit, candidates.toArray(new String[0]));
        List<String> hashes = new ArrayList<>();
        for (Row r : conn.preparedQuery("SELECT c.hash FROM chunk c WHERE c.refcount = 0 AND NOT EXISTS (SELECT 1"
                        + " FROM chunk_claim cl WHERE cl.chunk_hash = c.hash AND cl.claimed_at >= now() -"
                        + " make_interval(secs => $1))" + only + " ORDER BY c.hash LIMIT $2 FOR UPDATE SKIP LOCKED")
                .execute(args)
                .await()
                .atMost(TIMEOUT)) {
            hashes.add(r.getString(0));
        }
        return hashes;
    }

    public void deleteChunkRows(SqlConnection conn, List<String> hashes) {
        conn.preparedQuery("DELETE FROM chunk_claim WHERE chunk_hash = ANY($1)")
                .execute(Tuple.of(hashes.toArray(new String[0])))
                .await()
                .atMost(TIMEOUT);
        conn.preparedQuery("DELETE FROM chunk WHERE hash = ANY($1)")
                .execute(Tuple.of(hashes.toArray(new String[0])))
                .await()
                .atMost(TIMEOUT);
    }

    /** The chunks of the given contents (to sweep after the contents go). */
    public List<String> chunksOf(List<String> contentHashes) {
        List<String> hashes = new ArrayList<>();
        for (Row r : pool.preparedQuery("SELECT DISTINCT chunk_hash FROM content_chunk WHERE content_hash = ANY($1)")
                .execute(Tuple.of(contentHashes.toArray(new String[0])))
                .await()
                .atMost(TIMEOUT)) {
            hashes.add(r.getString(0));
        }
        return hashes;
    }

    /**
     * Of the given chunk hashes (objects found in S3), creates rows for those that have none, so that the chunk sweep
     * considers them; the number adopted.
     */
    public long adoptObjects(List<String> hashes, List<Integer> sizes) {
        return pool.preparedQuery("INSERT INTO chunk (hash, size) SELECT * FROM unnest($1::text[], $2::int[])"
                        + " ON CONFLICT (hash) DO NOTHING")
                .execute(Tuple.of(hashes.toArray(new String[0]), sizes.toArray(new Integer[0])))
                .await()
                .atMost(TIMEOUT)
                .rowCount();
    }

    /** Which of the given chunk hashes have no row. */
    public List<String> missingRows(List<String> hashes) {
        List<String> missing = new ArrayList<>();
        for (Row r : pool.preparedQuery("SELECT h FROM unnest($1::text[]) AS h WHERE NOT EXISTS"
                        + " (SELECT 1 FROM chunk c WHERE c.hash = h)")
                .execute(Tuple.of(hashes.toArray(new String[0])))
                .await()
                .atMost(TIMEOUT)) {
            missing.add(r.getString(0));
        }
        return missing;
    }
}
