package dev.shellbox.vfs.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

/** One path a volume version touched (the change log). */
@Entity
@Table(name = "change")
@IdClass(Change.Key.class)
public class Change {
    @Id
    @Column(name = "volume_id")
    public String volumeId;

    @Id
    public long version;

    @Id
    public String path;

    /** A {@link ChangeKind} letter. */
    public String kind;

    public Change() {}

    public Change(String volumeId, long version, String path, ChangeKind kind) {
        this.volumeId = volumeId;
        this.version = version;
        this.path = path;
        this.kind = kind.code();
    }

    /** The composite key. */
    public static class Key implements Serializable {
        public String volumeId;
        public long version;
        public String path;

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k
                    && version == k.version
                    && Objects.equals(volumeId, k.volumeId)
                    && Objects.equals(path, k.path);
        }

        @Override
        public int hashCode() {
            return Objects.hash(volumeId, version, path);
        }
    }
}
