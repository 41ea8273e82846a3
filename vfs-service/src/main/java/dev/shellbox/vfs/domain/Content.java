package dev.shellbox.vfs.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** The bytes of a large file: chunks of {@code chunkSize} in S3, addressed by the SHA-256 of the whole. */
@Entity
@Table(name = "content")
public class Content {
    @Id
    public String hash;

    public long size;

    @Column(name = "chunk_size")
    public int chunkSize;

    /** Nodes using it, maintained by the database. */
    @Column(insertable = false, updatable = false)
    public long refcount;

    /** When a node last stopped using it. */
    @Column(name = "released_at")
    public Instant releasedAt;
}
