package dev.shellbox.vfs.repository;

import dev.shellbox.vfs.domain.Content;
import dev.shellbox.vfs.domain.StoredContent;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Large-file contents, their chunk lists, and the blobs volumes uploaded for their commits. */
@ApplicationScoped
public class ContentRepository implements PanacheRepositoryBase<Content, String> {

    /**
     * Makes a stored content known, so that nodes can reference it. When it is known already, the (empty) update locks
     * it: a sweep that selected it either finishes first (and the content is created again) or skips it.
     */
    public Uni<Void> register(StoredContent stored) {
        return getSession()
                .flatMap(s -> s.createNativeQuery(
                                "INSERT INTO content (hash, size, chunk_size) VALUES (:hash, :size, :cs)"
                                        + " ON CONFLICT (hash) DO UPDATE SET chunk_size = content.chunk_size"
                                        + " RETURNING (xmax = 0)",
                                Boolean.class)
                        .setParameter("hash", stored.sha256())
                        .setParameter("size", stored.size())
                        .setParameter("cs", stored.chunkSize())
                        .getSingleResult()
                        .flatMap(inserted -> !inserted
                                ? Uni.createFrom().voidItem()
                                : s.createNativeQuery("INSERT INTO content_chunk (content_hash, seq, chunk_hash)"
                                                + " SELECT :hash, t.ord - 1, t.h FROM"
                                                + " unnest(string_to_array(:chunks, ',')) WITH ORDINALITY AS t(h, ord)")
                                        .setParameter("hash", stored.sha256())
                                        .setParameter("chunks", String.join(",", stored.chunks()))
                                        .executeUpdate()
                                        .replaceWithVoid()));
    }

    /** The chunks of a content from {@code fromSeq} to {@code toSeq} inclusive, in order. */
    public Uni<List<String>> chunks(String hash, int fromSeq, int toSeq) {
        return getSession()
                .flatMap(s -> s.createNativeQuery(
                                "SELECT chunk_hash FROM content_chunk WHERE content_hash = :hash AND seq BETWEEN :a AND"
                                        + " :b ORDER BY seq",
                                String.class)
                        .setParameter("hash", hash)
                        .setParameter("a", fromSeq)
                        .setParameter("b", toSeq)
                        .getResultList());
    }

    /** Records that a volume uploaded this content through the blobs endpoint (so its commits may use it). */
    public Uni<Void> claimBlob(String volumeId, String hash) {
        return getSession()
                .flatMap(s -> s.createNativeQuery("INSERT INTO blob_claim (volume_id, content_hash, claimed_at)"
                                + " VALUES (:v, :h, now()) ON CONFLICT (volume_id, content_hash) DO UPDATE"
                                + " SET claimed_at = now()")
                        .setParameter("v", volumeId)
                        .setParameter("h", hash)
                        .executeUpdate())
                .replaceWithVoid();
    }

    /** Whether a volume uploaded this content through the blobs endpoint (and it has not been swept since). */
    public Uni<Boolean> isClaimedBy(String volumeId, String hash) {
        return getSession()
                .flatMap(s -> s.createNativeQuery(
                                "SELECT EXISTS (SELECT 1 FROM blob_claim WHERE volume_id = :v AND content_hash = :h)",
                                Boolean.class)
                        .setParameter("v", volumeId)
                        .setParameter("h", hash)
                        .getSingleResult());
    }

    public Uni<Integer> deleteClaims(String volumeId) {
        return getSession()
                .flatMap(s -> s.createNativeQuery("DELETE FROM blob_claim WHERE volume_id = :v")
                        .setParameter("v", volumeId)
                        .executeUpdate());
    }
}
