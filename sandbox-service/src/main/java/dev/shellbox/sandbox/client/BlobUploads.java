package dev.shellbox.sandbox.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.sandbox.provider.ContentStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Uploads content to vfs-service's blob endpoint as a stream (the REST client would hold the whole body in memory),
 * for the large files escalated programs write.
 */
@ApplicationScoped
public class BlobUploads {
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ObjectMapper json;
    private final URI vfs;

    BlobUploads(ObjectMapper json, @ConfigProperty(name = "quarkus.rest-client.vfs.url") String vfsUrl) {
        this.json = json;
        this.vfs = URI.create(vfsUrl.endsWith("/") ? vfsUrl : vfsUrl + "/");
    }

    /** A store that uploads into the volume, for its user. */
    public ContentStore forVolume(String volumeId, String userId) {
        return content -> upload(volumeId, userId, content);
    }

    private ContentStore.Stored upload(String volumeId, String userId, InputStream content) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(vfs.resolve("internal/v1/volumes/" + volumeId + "/blobs"))
                .header(VolumeApi.USER, userId)
                .header("Content-Type", "application/octet-stream")
                .timeout(Duration.ofMinutes(5))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> content))
                .build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while storing content in vfs-service");
        }
        if (response.statusCode() != 200) {
            throw new IOException(
                    "vfs-service did not store the content (" + response.statusCode() + "): " + response.body());
        }
        JsonNode blob = json.readTree(response.body());
        return new ContentStore.Stored(
                blob.path("sha256").asText(), blob.path("size").asLong());
    }
}
