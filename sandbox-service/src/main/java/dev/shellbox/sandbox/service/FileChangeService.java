package dev.shellbox.sandbox.service;

import dev.shellbox.sandbox.client.VolumeClient;
import dev.shellbox.sandbox.runtime.SandboxRuntimes;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.InputStream;
import java.util.Map;

/**
 * The Files API's changes to a sandbox's files (write, append, delete, mkdir, move, copy, upload). vfs-service applies
 * them; while the sandbox runs here they go through its view (see {@link SandboxRuntimes#writeFiles}), so that a
 * change made during an exec is what the exec reads next and is never overwritten by what the exec had before.
 */
@ApplicationScoped
public class FileChangeService {
    /** The changes: the last part of their path (after {@code /files}) and whether their result depends on content. */
    public enum Kind {
        WRITE("", false),
        DELETE("", false),
        APPEND("/append", true),
        MKDIR("/mkdir", false),
        MOVE("/move", true),
        COPY("/copy", true),
        UPLOAD("/upload", false);

        private final String subPath;
        private final boolean readsCurrent;

        Kind(String subPath, boolean readsCurrent) {
            this.subPath = subPath;
            this.readsCurrent = readsCurrent;
        }
    }

    /** One change as it came: method, query string, the headers vfs-service needs, and the body (may be null). */
    public record FileChange(
            Kind kind, String method, String query, Map<String, String> headers, InputStream body, long length) {}

    private final SandboxRuntimes runtimes;
    private final VolumeClient volumes;

    public FileChangeService(SandboxRuntimes runtimes, VolumeClient volumes) {
        this.runtimes = runtimes;
        this.volumes = volumes;
    }

    /** Applies the change and returns vfs-service's answer; blocking. */
    public VolumeClient.FileResponse apply(String sandboxId, FileChange change) {
        VolumeClient.FileRequest request = new VolumeClient.FileRequest(
                change.method(),
                sandboxId,
                "/files" + change.kind().subPath,
                change.query(),
                change.headers(),
                change.body(),
                change.length());
        return runtimes.writeFiles(
                sandboxId,
                runtime -> runtime == null
                        ? volumes.forward(request)
                        : runtime.view()
                                .writeThrough(
                                        () -> volumes.forward(request),
                                        VolumeClient.FileResponse::successful,
                                        change.kind().readsCurrent));
    }
}
