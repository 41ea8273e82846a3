package dev.shellbox.sandbox.client;

import dev.shellbox.platform.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/** Talks to vfs-service; retries its idempotent calls briefly and turns an outage into a 503 problem. */
@ApplicationScoped
public class VfsClient {
    private final VfsRestClient rest;

    public VfsClient(@RestClient VfsRestClient rest) {
        this.rest = rest;
    }

    /** Creates the sandbox's volume; idempotent. */
    public Uni<Void> createVolume(String volumeId, String userId) {
        return retrying(rest.createVolume(new VfsRestClient.CreateVolumeRequest(volumeId, userId)), "create");
    }

    public Uni<Void> deleteVolume(String volumeId) {
        return retrying(rest.deleteVolume(volumeId), "delete");
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
