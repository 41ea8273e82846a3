package dev.shellbox.vfs.domain;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;

/**
 * An entry as sandbox-service loads it into its working view: metadata, the content hash, and the bytes of small
 * files ({@code content}, base64 in JSON).
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TreeEntry(
        String path,
        NodeType type,
        int mode,
        long size,
        Instant mtime,
        Instant ctime,
        String sha256,
        String target,
        long version,
        byte[] content) {
    public static TreeEntry of(Node n) {
        return new TreeEntry(
                n.path, n.type, n.mode, n.size, n.mtime, n.ctime, n.sha256, n.target, n.version, n.inlineData);
    }
}
