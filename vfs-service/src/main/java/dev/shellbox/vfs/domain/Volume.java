package dev.shellbox.vfs.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A sandbox's file system. {@code entries} and {@code bytes} are maintained by the database (triggers on the nodes),
 * so the entity never writes them.
 */
@Entity
@Table(name = "volume")
public class Volume {
    @Id
    public String id;

    @Column(name = "user_id", nullable = false)
    public String userId;

    /** Bumped by every change; the change feed and commits refer to it. */
    public long version;

    /** The change log holds every change after this version. */
    @Column(name = "changes_floor")
    public long changesFloor;

    /** Files, directories and symlinks, the root excluded. */
    @Column(insertable = false, updatable = false)
    public long entries;

    /** Sum of the sizes of the regular files. */
    @Column(insertable = false, updatable = false)
    public long bytes;

    @Column(name = "created_at")
    public Instant createdAt;
}
