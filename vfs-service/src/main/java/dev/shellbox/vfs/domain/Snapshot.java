package dev.shellbox.vfs.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** A frozen copy of a volume (or of one directory) taken at {@code version}; its entries are in tree {@link #tree}. */
@Entity
@Table(name = "snapshot")
public class Snapshot {
    public static final String TREE_PREFIX = "snapshot:";

    @Id
    public UUID id;

    @Column(name = "volume_id")
    public String volumeId;

    public String path;

    public long version;

    public long entries;

    public long bytes;

    @Column(name = "created_at")
    public Instant createdAt;

    /** The tree its entries are stored under. */
    public String tree() {
        return treeOf(id);
    }

    public static String treeOf(UUID id) {
        return TREE_PREFIX + id;
    }
}
