package dev.shellbox.vfs.client;

import dev.shellbox.vfs.config.VfsConfig;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.VfsException;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jboss.logging.Logger;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.BucketAlreadyOwnedByYouException;
import software.amazon.awssdk.services.s3.model.Delete;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The chunks in S3, one object per chunk under {@code chunks/<2 hex>/<sha256>}. Blocking: call it from worker threads.
 * S3 failures become EIO (503) for the client.
 */
@ApplicationScoped
public class ChunkStoreClient {
    private static final Logger LOG = Logger.getLogger(ChunkStoreClient.class);
    private static final String PREFIX = "chunks/";

    private final S3Client s3;
    private final String bucket;

    public ChunkStoreClient(S3Client s3, VfsConfig config) {
        this.s3 = s3;
        this.bucket = config.s3().bucket();
    }

    void createBucketOnStart(@Observes StartupEvent event) {
        try {
            ensureBucket();
        } catch (SdkException e) {
            LOG.warnf("cannot reach S3 bucket %s at start (%s); will retry on first use", bucket, e.getMessage());
        }
    }

    /** Creates the bucket unless it exists. */
    public void ensureBucket() {
        try {
            s3.headBucket(b -> b.bucket(bucket));
        } catch (NoSuchBucketException e) {
            try {
                s3.createBucket(b -> b.bucket(bucket));
                LOG.infof("created S3 bucket %s", bucket);
            } catch (BucketAlreadyOwnedByYouException raced) {
                // created concurrently
            }
        } catch (S3Exception e) {
            if (e.statusCode() != 404) {
                throw e;
            }
            s3.createBucket(b -> b.bucket(bucket));
            LOG.infof("created S3 bucket %s", bucket);
        }
    }

    public static String key(String hash) {
        return PREFIX + hash.substring(0, 2) + "/" + hash;
    }

    /** The chunk hash of an object key, or null when the key is not a chunk's. */
    public static String hashOf(String key) {
        if (!key.startsWith(PREFIX)) {
            return null;
        }
        String hash = key.substring(key.lastIndexOf('/') + 1);
        return hash.length() == 64 ? hash : null;
    }

    /** Whether S3 holds the chunk. */
    public boolean exists(String hash) {
        try {
            request(() -> s3.headObject(b -> b.bucket(bucket).key(key(hash))));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return false;
            }
            throw unavailable(e);
        } catch (SdkException e) {
            throw unavailable(e);
        }
    }

    /** Stores {@code length} bytes of {@code data} as a chunk. */
    public void put(String hash, byte[] data, int length) {
        try {
            putOnce(hash, data, length);
        } catch (NoSuchBucketException e) {
            ensureBucket();
            putOnce(hash, data, length);
        } catch (SdkException e) {
            throw unavailable(e);
        }
    }

    private void putOnce(String hash, byte[] data, int length) {
        request(() -> s3.putObject(
                b -> b.bucket(bucket).key(key(hash)).contentLength((long) length),
                RequestBody.fromContentProvider(
                        () -> new ByteArrayInputStream(data, 0, length), length, "application/octet-stream")));
    }

    /**
     * Runs a chunk request, and once more when the connection broke before an answer came: the URL-connection HTTP
     * client reports a kept-alive connection the server had closed as an UncheckedIOException, which the SDK's own
     * retries do not take for an I/O error. Chunk requests are idempotent (content-addressed keys).
     */
    private static <T> T request(Supplier<T> call) {
        try {
            return call.get();
        } catch (SdkClientException e) {
            if (!brokenConnection(e)) {
                throw e;
            }
            LOG.debugf("S3 connection broke (%s); retrying once", e.getMessage());
            return call.get();
        }
    }

    private static boolean brokenConnection(Throwable e) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException || cause instanceof UncheckedIOException) {
                return true;
            }
        }
        return false;
    }

    /** Streams bytes {@code from} to {@code to} (inclusive) of a chunk; the whole chunk when {@code to < 0}. */
    public InputStream open(String hash, long from, long to) {
        try {
            return request(() -> s3.getObject(b -> {
                b.bucket(bucket).key(key(hash));
                if (from > 0 || to >= 0) {
                    b.range("bytes=" + from + "-" + (to >= 0 ? Long.toString(to) : ""));
                }
            }));
        } catch (NoSuchKeyException e) {
            throw new VfsException(Errno.EIO, null, "a chunk of this file is missing from storage");
        } catch (SdkException e) {
            throw unavailable(e);
        }
    }

    /** Deletes chunks; deleting one that is not there is not an error. */
    public void delete(List<String> hashes) {
        for (int i = 0; i < hashes.size(); i += 500) {
            List<ObjectIdentifier> ids = new ArrayList<>();
            for (String hash : hashes.subList(i, Math.min(hashes.size(), i + 500))) {
                ids.add(ObjectIdentifier.builder().key(key(hash)).build());
            }
            try {
                var response = request(() -> s3.deleteObjects(b -> b.bucket(bucket)
                        .delete(Delete.builder().objects(ids).quiet(true).build())));
                if (response.hasErrors() && !response.errors().isEmpty()) {
                    throw new VfsException(
                            Errno.EIO,
                            null,
                            "storage refused to delete " + response.errors().size() + " chunks: "
                                    + response.errors().get(0).message());
                }
            } catch (SdkException e) {
                throw unavailable(e);
            }
        }
    }

    /** One chunk object found by {@link #forEachChunk}. */
    @FunctionalInterface
    public interface ChunkObjectConsumer {
        void accept(String hash, Instant lastModified, long size);
    }

    /** Calls {@code each} with the hash, last-modified time and size of every chunk object in the bucket. */
    public void forEachChunk(ChunkObjectConsumer each) {
        try {
            for (S3Object object : s3.listObjectsV2Paginator(
                            b -> b.bucket(bucket).prefix(PREFIX))
                    .contents()) {
                String hash = hashOf(object.key());
                if (hash != null) {
                    each.accept(hash, object.lastModified(), object.size());
                }
            }
        } catch (NoSuchBucketException e) {
            // nothing stored yet
        } catch (SdkException e) {
            throw unavailable(e);
        }
    }

    private static VfsException unavailable(SdkException e) {
        LOG.errorf("S3 request failed: %s", e.getMessage());
        return new VfsException(Errno.EIO, null, "file storage is unavailable; retry later");
    }
}
