package dev.shellbox.sandbox.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.volume.CommitConflict;
import dev.shellbox.contracts.volume.CommitRequest;
import dev.shellbox.contracts.volume.CommitResponse;
import dev.shellbox.contracts.volume.StoredBlob;
import dev.shellbox.contracts.volume.VolumeChanges;
import dev.shellbox.contracts.volume.VolumeTree;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.sandbox.provider.ContentStore;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * sandbox-service's one client of vfs-service: volumes as wholes (create, delete, with brief retries), what a working
 * view loads and commits (blocking, called from the threads that run scripts), content streamed into blobs, and the
 * Files API's changes to a volume forwarded as they came (see {@code rest/FileChangeResource}).
 *
 * <p>Bodies of unknown size go through the JDK's HTTP client, which streams them; the REST client would hold them in
 * memory.
 */
@ApplicationScoped
public class VolumeClient {
    private static final String USER = VolumeRestClient.USER;

    private final VolumeRestClient rest;
    private final ObjectMapper json;
    private final URI vfs;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    VolumeClient(
            @RestClient VolumeRestClient rest,
            ObjectMapper json,
            @ConfigProperty(name = "quarkus.rest-client.vfs.url") String vfsUrl) {
        this.rest = rest;
        this.json = json;
        this.vfs = URI.create(vfsUrl.endsWith("/") ? vfsUrl : vfsUrl + "/");
    }

    /** Creates the sandbox's volume; idempotent. */
    public Uni<Void> createVolume(String volumeId, String userId) {
        return retrying(rest.createVolume(new VolumeRestClient.CreateVolumeRequest(volumeId, userId)), "create");
    }

    public Uni<Void> deleteVolume(String volumeId) {
        return retrying(rest.deleteVolume(volumeId), "delete");
    }

    public VolumeTree tree(String volumeId, String path, String userId) {
        return rest.tree(volumeId, path, userId);
    }

    public VolumeChanges changes(String volumeId, long since, String userId) {
        return rest.changes(volumeId, since, userId);
    }

    public byte[] content(String volumeId, String sha256, String userId) {
        return rest.content(volumeId, sha256, userId);
    }

    /** Commits; a 409 becomes a {@link VolumeConflictException} carrying the conflicting paths. */
    public CommitResponse commit(String volumeId, String userId, CommitRequest request) {
        try {
            return rest.commit(volumeId, userId, request);
        } catch (WebApplicationException e) {
            if (e.getResponse().getStatus() != 409) {
                throw e;
            }
            CommitConflict conflict = e.getResponse().readEntity(CommitConflict.class);
            throw new VolumeConflictException(conflict, e.getMessage());
        }
    }

    /** Stores {@code content} as a blob of the volume, for a commit to reference; streamed. */
    public StoredBlob storeBlob(String volumeId, String userId, InputStream content) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(vfs.resolve("internal/v1/volumes/" + volumeId + "/blobs"))
                .header(USER, userId)
                .header("Content-Type", "application/octet-stream")
                .timeout(Duration.ofMinutes(5))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> content))
                .build();
        HttpResponse<byte[]> response = send(request);
        if (response.statusCode() != 200) {
            throw new IOException("vfs-service did not store the content (" + response.statusCode() + "): "
                    + new String(response.body(), java.nio.charset.StandardCharsets.UTF_8));
        }
        return json.readValue(response.body(), StoredBlob.class);
    }

    public StoredBlob storeBlob(String volumeId, String userId, byte[] content) throws IOException {
        return storeBlob(volumeId, userId, new ByteArrayInputStream(content));
    }

    /** A store that uploads into the volume, for its user: where large files programs wrote go. */
    public ContentStore contentStore(String volumeId, String userId) {
        return content -> {
            StoredBlob blob = storeBlob(volumeId, userId, content);
            return new ContentStore.Stored(blob.sha256(), blob.size());
        };
    }

    /** A Files API request as it reached this service, to be applied by vfs-service. */
    public record FileRequest(
            String method,
            String volumeId,
            String subPath,
            String query,
            Map<String, String> headers,
            InputStream body,
            long contentLength) {}

    /** vfs-service's answer to a forwarded request, passed back to the client as it is. */
    public record FileResponse(int status, String contentType, byte[] body) {
        public boolean successful() {
            return status >= 200 && status < 300;
        }
    }

    /**
     * Sends a Files API request to vfs-service's {@code /v1/volumes/{id}/files...}, streaming its body, and returns
     * the answer; a 503 problem when vfs-service does not answer.
     */
    public FileResponse forward(FileRequest r) {
        String target = "v1/volumes/" + r.volumeId() + r.subPath() + (r.query() == null ? "" : "?" + r.query());
        HttpRequest.Builder b = HttpRequest.newBuilder(vfs.resolve(target)).timeout(Duration.ofMinutes(30));
        r.headers().forEach(b::header);
        HttpRequest.BodyPublisher body;
        if (r.body() == null) {
            body = HttpRequest.BodyPublishers.noBody();
        } else if (r.contentLength() >= 0) {
            body = HttpRequest.BodyPublishers.fromPublisher(
                    HttpRequest.BodyPublishers.ofInputStream(r::body), r.contentLength());
        } else {
            body = HttpRequest.BodyPublishers.ofInputStream(r::body);
        }
        b.method(r.method(), body);
        HttpResponse<byte[]> response;
        try {
            response = send(b.build());
        } catch (IOException e) {
            throw ProblemException.unavailable("the file system service did not answer; try again shortly");
        }
        return new FileResponse(
                response.statusCode(),
                response.headers().firstValue("Content-Type").orElse(null),
                response.body());
    }

    private HttpResponse<byte[]> send(HttpRequest request) throws IOException {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for vfs-service");
        }
    }

    private static Uni<Void> retrying(Uni<Void> call, String what) {
        return call.onFailure()
                .retry()
                .withBackOff(Duration.ofMillis(100), Duration.ofSeconds(1))
                .atMost(3)
                .onFailure()
                .transform(e -> ProblemException.unavailable(
                        "the file system service did not answer (" + what + " volume); try again shortly"));
    }
}
