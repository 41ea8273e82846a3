package dev.shellbox.vfs.service;

import dev.shellbox.vfs.client.ChunkStoreClient;
import dev.shellbox.vfs.config.VfsConfig;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.StoredContent;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.repository.ChunkRepository;
import dev.shellbox.vfs.repository.ContentRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

/**
 * Moves file content between requests and S3 in chunks, never holding a whole large file: writes are cut into chunks
 * that are hashed, claimed and uploaded (skipping chunks S3 already holds) while the next chunk is read; reads stream
 * chunk after chunk. Memory is bounded by a pool of chunk buffers shared by all transfers.
 */
@ApplicationScoped
public class ContentService {
    private final ChunkStoreClient store;
    private final ChunkRepository chunks;
    private final ContentRepository contents;
    private final int chunkSize;
    private final int parallelism;
    private final Semaphore bufferPermits;
    private final ConcurrentLinkedQueue<byte[]> freeBuffers = new ConcurrentLinkedQueue<>();
    private final ExecutorService transfers;

    public ContentService(
            ChunkStoreClient store, ChunkRepository chunks, ContentRepository contents, VfsConfig config) {
        this.store = store;
        this.chunks = chunks;
        this.contents = contents;
        this.chunkSize = config.chunkSize();
        this.parallelism = Math.max(1, config.transferParallelism());
        this.bufferPermits = new Semaphore(Math.max(2, config.transferBuffers()));
        AtomicInteger threads = new AtomicInteger();
        this.transfers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "vfs-transfer-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    @PreDestroy
    void shutdown() {
        transfers.shutdownNow();
    }

    public int chunkSize() {
        return chunkSize;
    }

    /**
     * A writer that turns bytes into stored chunks. {@code sizeCheck} sees the running size and throws when it is too
     * large. Close it (try-with-resources) so that its buffers return to the pool even when the write fails.
     */
    public ChunkWriter newWriter(LongConsumer sizeCheck) {
        return new ChunkWriter(sizeCheck);
    }

    /** Stores all of {@code in} after {@code head} (bytes already read from the same stream). */
    public StoredContent store(byte[] head, int headLength, InputStream in, LongConsumer sizeCheck) {
        try (ChunkWriter writer = newWriter(sizeCheck)) {
            writer.write(head, 0, headLength);
            writer.transferFrom(in);
            return writer.finish();
        }
    }

    /**
     * Streams bytes {@code from} to {@code to} (inclusive) of a stored content. The chunk list is read in pages, so
     * that a huge file does not load all of it.
     */
    public InputStream open(String contentHash, long size, int contentChunkSize, long from, long to) {
        return new ChunkedInputStream(
                contentHash,
                size,
                contentChunkSize,
                from,
                to,
                (a, b) -> Await.result(() -> Panache.withSession(() -> contents.chunks(contentHash, a, b))));
    }

    /** Streams all of a content that is stored but not registered yet (its chunk list is at hand). */
    public InputStream open(StoredContent stored) {
        return new ChunkedInputStream(
                stored.sha256(),
                stored.size(),
                stored.chunkSize(),
                0,
                stored.size() - 1,
                (a, b) -> stored.chunks().subList(a, b + 1));
    }

    /** The chunk hashes {@code fromSeq}..{@code toSeq} of a registered content. */
    public List<String> chunks(String contentHash, int fromSeq, int toSeq) {
        return Await.result(() -> Panache.withSession(() -> contents.chunks(contentHash, fromSeq, toSeq)));
    }

    /** Streams one whole chunk. */
    public InputStream openChunk(String hash) {
        return store.open(hash, 0, -1);
    }

    // ---- writing ----

    /** Cuts a stream of bytes into chunks and stores them. Not thread-safe: one writer per request. */
    public final class ChunkWriter implements AutoCloseable {
        private final UUID uploadId = UUID.randomUUID();
        private final LongConsumer sizeCheck;
        private final MessageDigest digest = sha256();
        private final Deque<Future<String>> pending = new ArrayDeque<>();
        private final List<String> hashes = new ArrayList<>();
        private byte[] buffer;
        private int filled;
        private long size;
        private boolean finished;

        private ChunkWriter(LongConsumer sizeCheck) {
            this.sizeCheck = sizeCheck;
        }

        public void write(byte[] data, int offset, int length) {
            int written = 0;
            while (written < length) {
                ensureBuffer();
                int n = Math.min(length - written, chunkSize - filled);
                System.arraycopy(data, offset + written, buffer, filled, n);
                digest.update(data, offset + written, n);
                filled += n;
                written += n;
                grow(n);
                if (filled == chunkSize) {
                    flushChunk();
                }
            }
        }

        /** Reads {@code in} to its end. */
        public void transferFrom(InputStream in) {
            try {
                while (true) {
                    ensureBuffer();
                    int n = in.read(buffer, filled, chunkSize - filled);
                    if (n < 0) {
                        return;
                    }
                    digest.update(buffer, filled, n);
                    filled += n;
                    grow(n);
                    if (filled == chunkSize) {
                        flushChunk();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /**
         * Appends a chunk that S3 already holds (a full chunk of an existing file, at a chunk boundary), without
         * uploading it again; {@code bytes} are its bytes, read only to extend the whole-content hash.
         */
        public void reuseChunk(String hash, int length, InputStream bytes) {
            if (filled != 0) {
                throw new IllegalStateException("a chunk can only be reused at a chunk boundary");
            }
            claim(uploadId, hash, length);
            byte[] scratch = new byte[64 * 1024];
            long seen = 0;
            try (bytes) {
                int n;
                while ((n = bytes.read(scratch)) > 0) {
                    digest.update(scratch, 0, n);
                    seen += n;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (seen != length) {
                throw new VfsException(Errno.EIO, null, "a stored chunk has the wrong length");
            }
            grow(length);
            hashes.addAll(drain());
            hashes.add(hash);
        }

        public long size() {
            return size;
        }

        /** Uploads what is left and waits for every chunk; the content is claimed, not yet referenced. */
        public StoredContent finish() {
            if (filled > 0) {
                flushChunk();
            }
            hashes.addAll(drain());
            finished = true;
            return new StoredContent(uploadId, HexFormat.of().formatHex(digest.digest()), size, chunkSize, hashes);
        }

        private void grow(long n) {
            size += n;
            sizeCheck.accept(size);
        }

        private void ensureBuffer() {
            if (buffer == null) {
                buffer = acquireBuffer();
                filled = 0;
            }
        }

        private void flushChunk() {
            byte[] data = buffer;
            int length = filled;
            buffer = null;
            filled = 0;
            if (pending.size() >= parallelism) {
                hashes.add(await(pending.pollFirst()));
            }
            pending.addLast(transfers.submit(() -> upload(uploadId, data, length)));
        }

        private List<String> drain() {
            List<String> done = new ArrayList<>();
            while (!pending.isEmpty()) {
                done.add(await(pending.pollFirst()));
            }
            return done;
        }

        @Override
        public void close() {
            if (buffer != null) {
                releaseBuffer(buffer);
                buffer = null;
            }
            if (!finished) {
                for (Future<String> f : pending) {
                    try {
                        f.get();
                    } catch (Exception e) {
                        // the write failed already; the chunk is an orphan for the sweep
                    }
                }
                pending.clear();
            }
        }
    }

    private String upload(UUID uploadId, byte[] data, int length) {
        try {
            MessageDigest chunkDigest = sha256();
            chunkDigest.update(data, 0, length);
            String hash = HexFormat.of().formatHex(chunkDigest.digest());
            boolean created = claim(uploadId, hash, length);
            if (created || !store.exists(hash)) {
                store.put(hash, data, length);
            }
            return hash;
        } finally {
            releaseBuffer(data);
        }
    }

    /**
     * Claims a chunk for an upload; true when the claim created the chunk's row. When the sweep deletes the chunk's row
     * while the claim waits for it, the claim fails on the foreign key, and when it locks rows in the other order, on a
     * deadlock; the next attempt creates the row again.
     */
    private boolean claim(UUID uploadId, String hash, int length) {
        for (int attempt = 1; ; attempt++) {
            try {
                return Await.result(() -> Panache.withSession(() -> chunks.claim(uploadId, hash, length)));
            } catch (RuntimeException e) {
                String state = Await.sqlState(e);
                // the sweep deleted the row meanwhile (23503), or locked against this claim (40P01, 40001)
                if (attempt >= 5 || !"23503".equals(state) && !"40P01".equals(state) && !"40001".equals(state)) {
                    throw e;
                }
            }
        }
    }

    private static String await(Future<String> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VfsException(Errno.EIO, null, "interrupted while storing content");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private byte[] acquireBuffer() {
        try {
            bufferPermits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VfsException(Errno.EIO, null, "interrupted while waiting for a transfer buffer");
        }
        byte[] buffer = freeBuffers.poll();
        return buffer != null ? buffer : new byte[chunkSize];
    }

    private void releaseBuffer(byte[] buffer) {
        if (buffer.length == chunkSize) {
            freeBuffers.offer(buffer);
        }
        bufferPermits.release();
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- reading ----

    /** One chunk's part of a read: bytes {@code from}..{@code to} (inclusive) of chunk {@code hash}. */
    private record Segment(String hash, long from, long to, boolean whole) {
        int length() {
            return (int) (to - from + 1);
        }
    }

    /** A segment fetched ahead into a pooled buffer. */
    private record Fetched(byte[] buffer, int length) {}

    /**
     * The bytes of a range of a stored content, chunk after chunk. While the caller reads one chunk, the next ones are
     * fetched in parallel into pooled buffers, when the pool has some to spare; otherwise they stream straight from S3
     * when their turn comes. The chunk list is read in pages, so that a huge file does not load all of it.
     */
    private final class ChunkedInputStream extends InputStream {
        private static final int PAGE = 1024;
        private final String contentHash;
        private final java.util.function.BiFunction<Integer, Integer, List<String>> pages;
        private final int contentChunkSize;
        private final long from;
        private final long end;
        private final int lastSeq;
        private final Deque<Object> ahead = new ArrayDeque<>();
        private int nextSeq;
        private List<String> page = List.of();
        private int pageStart;
        private InputStream streaming;
        private Fetched fetched;
        private int offset;
        private boolean closed;

        ChunkedInputStream(
                String contentHash,
                long size,
                int contentChunkSize,
                long from,
                long to,
                java.util.function.BiFunction<Integer, Integer, List<String>> pages) {
            this.contentHash = contentHash;
            this.pages = pages;
            this.contentChunkSize = contentChunkSize;
            this.from = from;
            this.end = Math.min(to, size - 1);
            this.nextSeq = (int) (from / contentChunkSize);
            this.lastSeq = (int) (end / contentChunkSize);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (true) {
                if (fetched != null) {
                    if (offset < fetched.length()) {
                        int n = Math.min(len, fetched.length() - offset);
                        System.arraycopy(fetched.buffer(), offset, b, off, n);
                        offset += n;
                        return n;
                    }
                    releaseBuffer(fetched.buffer());
                    fetched = null;
                } else if (streaming != null) {
                    int n = streaming.read(b, off, len);
                    if (n > 0) {
                        return n;
                    }
                    streaming.close();
                    streaming = null;
                } else if (!advance()) {
                    return -1;
                }
            }
        }

        /** Makes the next segment current; false at the end. */
        private boolean advance() throws IOException {
            fillAhead();
            Object next = ahead.pollFirst();
            if (next == null) {
                return false;
            }
            if (next instanceof Segment segment) {
                streaming = store.open(segment.hash(), segment.from(), segment.whole() ? -1 : segment.to());
            } else {
                @SuppressWarnings("unchecked")
                Future<Fetched> future = (Future<Fetched>) next;
                try {
                    fetched = future.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while reading " + contentHash, e);
                } catch (ExecutionException e) {
                    throw new IOException("cannot read a chunk of " + contentHash, e.getCause());
                }
                offset = 0;
            }
            fillAhead();
            return true;
        }

        /** Schedules up to {@code parallelism} segments ahead; the first one unfetched when no buffer is free. */
        private void fillAhead() {
            while (!closed && ahead.size() < parallelism && nextSeq <= lastSeq) {
                Segment segment = segment(nextSeq);
                boolean first = ahead.isEmpty() && fetched == null && streaming == null;
                if (first || segment.length() > chunkSize || !bufferPermits.tryAcquire()) {
                    if (!ahead.isEmpty()) {
                        return;
                    }
                    ahead.addLast(segment);
                } else {
                    ahead.addLast(transfers.submit(() -> fetch(segment)));
                }
                nextSeq++;
            }
        }

        private Segment segment(int seq) {
            if (seq - pageStart >= page.size() || seq < pageStart) {
                pageStart = seq;
                page = pages.apply(seq, Math.min(lastSeq, seq + PAGE - 1));
                if (page.isEmpty()) {
                    throw new VfsException(Errno.EIO, null, "the chunk list of this file is missing");
                }
            }
            long chunkStart = (long) seq * contentChunkSize;
            long a = Math.max(from, chunkStart) - chunkStart;
            long z = Math.min(end, chunkStart + contentChunkSize - 1) - chunkStart;
            return new Segment(page.get(seq - pageStart), a, z, a == 0 && z == contentChunkSize - 1);
        }

        /** Runs on a transfer thread, holding a buffer permit the scheduler acquired. */
        private Fetched fetch(Segment segment) throws IOException {
            byte[] buffer = freeBuffers.poll();
            if (buffer == null) {
                buffer = new byte[chunkSize];
            }
            try (InputStream in = store.open(segment.hash(), segment.from(), segment.whole() ? -1 : segment.to())) {
                int n = in.readNBytes(buffer, 0, Math.min(buffer.length, segment.length()));
                if (n != segment.length()) {
                    throw new IOException("a stored chunk of " + contentHash + " is shorter than expected");
                }
                return new Fetched(buffer, n);
            } catch (IOException | RuntimeException e) {
                releaseBuffer(buffer);
                throw e;
            }
        }

        @Override
        public void close() throws IOException {
            closed = true;
            if (streaming != null) {
                streaming.close();
                streaming = null;
            }
            if (fetched != null) {
                releaseBuffer(fetched.buffer());
                fetched = null;
            }
            for (Object pending : ahead) {
                if (pending instanceof Future<?> future) {
                    try {
                        Object result = future.get();
                        releaseBuffer(((Fetched) result).buffer());
                    } catch (Exception e) {
                        // its buffer went back when it failed
                    }
                }
            }
            ahead.clear();
        }
    }
}
