package dev.shellbox.vfs.repository;

import dev.shellbox.vfs.domain.Chunk;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/** Chunks in S3 and the claims of uploads in progress. */
@ApplicationScoped
public class ChunkRepository implements PanacheRepositoryBase<Chunk, String> {

    /**
     * Claims a chunk for an upload, before the upload looks for it in S3 or stores it: the sweep spares claimed chunks.
     * True when this claim created the chunk's row (no upload had it, so there is nothing to look for in S3). When the
     * sweep is deleting the chunk right now, the claim waits and then fails on the foreign key; claim again.
     */
    public Uni<Boolean> claim(UUID uploadId, String hash, int size) {
        return getSession()
                .flatMap(s -> s.createNativeQuery(
                                "WITH created AS (INSERT INTO chunk (hash, size) VALUES (:h, :size)"
                                        + " ON CONFLICT (hash) DO NOTHING RETURNING hash),"
                                        + " claimed AS (INSERT INTO chunk_claim (upload_id, chunk_hash, claimed_at)"
                                        + " VALUES (:u, :h, now()) ON CONFLICT (upload_id, chunk_hash)"
                                        + " DO UPDATE SET claimed_at = now() RETURNING chunk_hash)"
                                        + " SELECT EXISTS (SELECT 1 FROM created) FROM claimed",
                                Boolean.class)
                        .setParameter("h", hash)
                        .setParameter("size", size)
                        .setParameter("u", uploadId)
                        .getSingleResult());
    }

    /** Drops the claims of an upload whose chunks a commit now references (or that gave up). */
    public Uni<Integer> releaseClaims(UUID uploadId) {
        return getSession()
                .flatMap(s -> s.createNativeQuery("DELETE FROM chunk_claim WHERE upload_id = :u")
                        .setParameter("u", uploadId)
                        .executeUpdate());
    }
}
