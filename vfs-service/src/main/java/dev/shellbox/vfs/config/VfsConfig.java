package dev.shellbox.vfs.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Every setting of vfs-service, under the {@code vfs.} prefix of application.properties. */
@ConfigMapping(prefix = "vfs")
public interface VfsConfig {
    /** Regular files up to this many bytes are stored inline in PostgreSQL; larger ones are chunked into S3. */
    @WithDefault("16384")
    int inlineThreshold();

    /** Size of the chunks that larger files are split into (the last chunk of a file may be shorter). */
    @WithDefault("4194304")
    int chunkSize();

    /** Chunks of one file uploaded to (or prefetched from) S3 concurrently. */
    @WithDefault("3")
    int transferParallelism();

    /**
     * Chunk buffers shared by all transfers; with {@link #chunkSize} it bounds the memory that streaming uses, however
     * many requests run (writers wait for a free buffer).
     */
    @WithDefault("16")
    int transferBuffers();

    /** The S3 bucket holding the chunks. */
    S3 s3();

    /** Per-volume limits that apply when the user's plan does not set them. */
    Limits limits();

    /** Garbage collection of contents and chunks no longer referenced. */
    Gc gc();

    /** The change feed and commit conflict detection. */
    Changes changes();

    /** Content search and name search. */
    Search search();

    interface S3 {
        /** Bucket name; created on start when missing. */
        @WithDefault("shellbox-vfs")
        String bucket();
    }

    interface Limits {
        /** Bytes of regular-file content a volume may hold when the plan does not say ({@code storage_bytes}). */
        @WithDefault("10737418240")
        long maxBytes();

        /** Entries (files, directories, symlinks) a volume may hold. */
        @WithDefault("1000000")
        long maxEntries();

        /** Size of a single file; larger writes fail with EFBIG. */
        @WithDefault("5368709120")
        long maxFileBytes();
    }

    interface Gc {
        /**
         * How long unreferenced content is kept: uploads not yet committed, and content just released while a reader
         * may still stream it.
         */
        @WithDefault("PT1H")
        Duration grace();

        /** How often the orphan sweep runs. */
        @WithDefault("5m")
        String sweepEvery();

        /** Rows handled per sweep transaction. */
        @WithDefault("500")
        int batchSize();
    }

    interface Changes {
        /** Versions of the change log kept per volume; older bases get {@code truncated} feeds and conflicts. */
        @WithDefault("10000")
        long retainVersions();

        /** Most paths one change-feed answer lists before it says {@code truncated}. */
        @WithDefault("10000")
        int maxPaths();
    }

    interface Search {
        /** Matches a search returns when the request does not ask for fewer. */
        @WithDefault("1000")
        int maxResults();

        /** Files larger than this are skipped by content search. */
        @WithDefault("104857600")
        long maxFileBytes();

        /** Entries a search visits at most before answering {@code truncated}. */
        @WithDefault("100000")
        int maxEntries();

        /** How long one search may run before answering {@code truncated} (a guard against runaway regexes). */
        @WithDefault("PT20S")
        Duration timeout();
    }
}
