package dev.shellbox.vfs.domain;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;

/** The metadata of one entry, without its content. */
@RegisterForReflection
public record NodeInfo(
        String path,
        String name,
        NodeType type,
        int mode,
        long size,
        Instant mtime,
        Instant ctime,
        String sha256,
        String target,
        long version) {

    public static NodeInfo of(Node n) {
        return new NodeInfo(n.path, n.name, n.type, n.mode, n.size, n.mtime, n.ctime, n.sha256, n.target, n.version);
    }

    /** The same entry seen under another path (a symlink's name, for example). */
    public NodeInfo withPath(String newPath) {
        return new NodeInfo(newPath, VfsPaths.name(newPath), type, mode, size, mtime, ctime, sha256, target, version);
    }
}
