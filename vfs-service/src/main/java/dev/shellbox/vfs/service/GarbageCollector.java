package dev.shellbox.vfs.service;

import dev.shellbox.vfs.client.ChunkStoreClient;
import dev.shellbox.vfs.config.VfsConfig;
import dev.shellbox.vfs.repository.GcRepository;
import io.quarkus.scheduler.Scheduled;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.jboss.logging.Logger;

/**
 * Deletes what nothing references any more: contents no node uses, then chunks no content uses, from the database and
 * from S3. Runs after a volume is destroyed (on that volume's contents, at once) and as a periodic orphan sweep (on
 * everything, sparing what was claimed or released within the grace period).
 *
 * <p>Why a commit never loses a chunk to the sweep: an upload claims each chunk (a row) before it looks for it in S3
 * or stores it; the sweep only takes chunks with no references and no fresh claim, locks them (skipping locked ones),
 * deletes them from S3 and then their rows, in one transaction. A claim that comes while the sweep holds a chunk waits,
 * fails on the foreign key once the row is gone, and is retried, creating the row again and storing the chunk again.
 * A commit references chunks through foreign keys, which lock them against the sweep in the same way.
 */
@ApplicationScoped
public class GarbageCollector {
    private static final Logger LOG = Logger.getLogger(GarbageCollector.class);

    /** What one collection deleted. */
    public record Report(
            long claimsExpired, long contentsDeleted, long chunksDeleted, long objectsAdopted, long changeLogsTrimmed) {
        Report plus(Report o) {
            return new Report(
                    claimsExpired + o.claimsExpired,
                    contentsDeleted + o.contentsDeleted,
                    chunksDeleted + o.chunksDeleted,
                    objectsAdopted + o.objectsAdopted,
                    changeLogsTrimmed + o.changeLogsTrimmed);
        }
    }

    private final GcRepository gc;
    private final VolumeService volumes;
    private final long retainedVersions;
    private final ChunkStoreClient store;
    private final Duration grace;
    private final int batch;
    private final ReentrantLock sweeping = new ReentrantLock();

    public GarbageCollector(GcRepository gc, VolumeService volumes, ChunkStoreClient store, VfsConfig config) {
        this.gc = gc;
        this.volumes = volumes;
        this.store = store;
        this.grace = config.gc().grace();
        this.batch = config.gc().batchSize();
        this.retainedVersions = config.changes().retainVersions();
    }

    @Scheduled(
            every = "${vfs.gc.sweep-every}",
            delayed = "30s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduledSweep() {
        try {
            Report r = sweep(grace);
            if (r.contentsDeleted() + r.chunksDeleted() + r.objectsAdopted() > 0) {
                LOG.infof(
                        "orphan sweep: %d contents and %d chunks deleted, %d stray objects adopted",
                        r.contentsDeleted(), r.chunksDeleted(), r.objectsAdopted());
            }
        } catch (RuntimeException e) {
            LOG.errorf(e, "orphan sweep failed");
        }
    }

    /**
     * The full orphan sweep with a given grace period (the configured one unless a test or an operator says), after
     * trimming the change logs that grew too long.
     */
    public Report sweep(Duration graceToUse) {
        sweeping.lock();
        try {
            long trimmed = 0;
            int n;
            do {
                n = Await.transaction(() -> volumes.trimChangeLogs(retainedVersions, 100));
                trimmed += n;
            } while (n == 100);
            long claims = gc.expireClaims(graceToUse);
            long contents = sweepContents(graceToUse, null);
            long adopted = adoptStrayObjects(graceToUse);
            long chunks = sweepChunks(graceToUse, null);
            return new Report(claims, contents, chunks, adopted, trimmed);
        } finally {
            sweeping.unlock();
        }
    }

    /**
     * Destroys a volume: its metadata in one transaction, then at once the contents and chunks that only it used.
     * Destroying a volume that does not exist does nothing.
     */
    public Report destroyVolume(String volumeId) {
        List<String> referenced = Await.transaction(() -> volumes.destroyMetadata(volumeId));
        return collect(referenced);
    }

    /** Deletes at once the given contents (a destroyed volume's) if nothing else uses them, and then their chunks. */
    public Report collect(List<String> contentHashes) {
        if (contentHashes.isEmpty()) {
            return new Report(0, 0, 0, 0, 0);
        }
        Report total = new Report(0, 0, 0, 0, 0);
        for (int i = 0; i < contentHashes.size(); i += batch) {
            List<String> slice = contentHashes.subList(i, Math.min(contentHashes.size(), i + batch));
            List<String> chunks = gc.chunksOf(slice);
            long contents = sweepContents(grace, slice);
            long deleted = chunks.isEmpty() ? 0 : sweepChunks(grace, chunks);
            total = total.plus(new Report(0, contents, deleted, 0, 0));
        }
        return total;
    }

    private long sweepContents(Duration graceToUse, List<String> candidates) {
        long total = 0;
        while (true) {
            List<String> deleted = gc.sweepContents(graceToUse, candidates, batch);
            total += deleted.size();
            if (deleted.size() < batch) {
                return total;
            }
        }
    }

    private long sweepChunks(Duration graceToUse, List<String> candidates) {
        long total = 0;
        while (true) {
            int deleted = sweepChunkBatch(graceToUse, candidates);
            total += deleted;
            if (deleted < batch) {
                return total;
            }
        }
    }

    /** One transaction: lock unreferenced chunks, delete them from S3, delete their rows. */
    private int sweepChunkBatch(Duration graceToUse, List<String> candidates) {
        SqlConnection conn = gc.pool().getConnection().await().atMost(Duration.ofMinutes(1));
        try {
            var tx = conn.begin().await().atMost(Duration.ofMinutes(1));
            try {
                List<String> hashes = gc.lockUnreferencedChunks(conn, graceToUse, candidates, batch);
                if (!hashes.isEmpty()) {
                    store.delete(hashes);
                    gc.deleteChunkRows(conn, hashes);
                }
                tx.commit().await().atMost(Duration.ofMinutes(1));
                return hashes.size();
            } catch (RuntimeException e) {
                tx.rollback().await().atMost(Duration.ofMinutes(1));
                throw e;
            }
        } finally {
            conn.close().await().atMost(Duration.ofMinutes(1));
        }
    }

    /**
     * Gives a row to chunk objects in S3 that have none and are older than the grace period (left by a failure between
     * S3 and the database), so that the chunk sweep deletes them under the same locking as any other chunk.
     */
    private long adoptStrayObjects(Duration graceToUse) {
        Instant cutoff = Instant.now().minus(graceToUse);
        List<String> hashes = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        long[] adopted = {0};
        store.forEachChunk((hash, modified, size) -> {
            if (modified.isBefore(cutoff)) {
                hashes.add(hash);
                sizes.add((int) size);
            }
            if (hashes.size() >= 1000) {
                adopted[0] += adopt(hashes, sizes);
            }
        });
        adopted[0] += adopt(hashes, sizes);
        return adopted[0];
    }

    private long adopt(List<String> hashes, List<Integer> sizes) {
        if (hashes.isEmpty()) {
            return 0;
        }
        List<String> missing = gc.missingRows(hashes);
        long n = 0;
        if (!missing.isEmpty()) {
            List<Integer> missingSizes = new ArrayList<>();
            for (String h : missing) {
                missingSizes.add(sizes.get(hashes.indexOf(h)));
            }
            n = gc.adoptObjects(missing, missingSizes);
        }
        hashes.clear();
        sizes.clear();
        return n;
    }
}
