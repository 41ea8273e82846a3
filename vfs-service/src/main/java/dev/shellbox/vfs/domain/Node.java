package dev.shellbox.vfs.domain;

import dev.shellbox.contracts.volume.EntryType;
import dev.shellbox.contracts.volume.VolumeEntry;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * One entry of a tree (a volume, or a snapshot's frozen copy). A regular file keeps its bytes inline when small, or
 * references a {@code content} (chunks in S3) when large; {@code sha256} is the hash of its bytes either way.
 */
@Entity
@Table(name = "node")
public class Node {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    /** The volume id, or {@code snapshot:<uuid>}. */
    public String tree;

    public String path;

    /** The parent directory's path; null for the root. */
    public String parent;

    public String name;

    @Convert(converter = NodeTypeConverter.class)
    public NodeType type;

    /** Permission bits (07777). */
    public int mode;

    public long size;

    public Instant mtime;

    public Instant ctime;

    public String sha256;

    @Column(name = "content_hash")
    public String contentHash;

    @Column(name = "inline_data")
    public byte[] inlineData;

    /** A symlink's target, as written. */
    public String target;

    /** The volume version that last changed this entry. */
    public long version;

    public boolean isDirectory() {
        return type == NodeType.DIRECTORY;
    }

    public boolean isFile() {
        return type == NodeType.FILE;
    }

    public boolean isSymlink() {
        return type == NodeType.SYMLINK;
    }

    /** The entry as a working view loads it, with a small file's bytes. */
    public VolumeEntry toEntry() {
        return new VolumeEntry(
                path, EntryType.valueOf(type.name()), mode, size, mtime, ctime, sha256, target, version, inlineData);
    }
}
