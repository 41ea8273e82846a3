package dev.shellbox.vfs.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A chunk stored in S3 under its SHA-256; {@code refcount} (kept by the database) counts the contents using it. */
@Entity
@Table(name = "chunk")
public class Chunk {
    @Id
    public String hash;

    public int size;

    @Column(insertable = false, updatable = false)
    public long refcount;

    @Column(name = "created_at")
    public Instant createdAt;
}
