package dev.shellbox.vfs.client;

import dev.shellbox.vfs.config.VfsConfig;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;

/**
 * Asks usage-service for users' plans ({@code SHELLBOX_USAGE_URL}). When usage-service is not configured there is no
 * plan to ask for; when it fails repeatedly the circuit opens and calls fail fast for a while.
 */
@ApplicationScoped
public class UsageClient {
    private final UsageRestClient rest;

    public UsageClient(VfsConfig config) {
        this.rest = config.usage()
                .url()
                .map(url -> QuarkusRestClientBuilder.newBuilder()
                        .baseUri(url)
                        .connectTimeout(config.usage().timeout().toMillis(), TimeUnit.MILLISECONDS)
                        .readTimeout(config.usage().timeout().toMillis(), TimeUnit.MILLISECONDS)
                        .build(UsageRestClient.class))
                .orElse(null);
    }

    /** Whether usage-service is configured at all. */
    public boolean configured() {
        return rest != null;
    }

    /** The user's plan; empty when usage-service is not configured. Throws when it does not answer. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = 15_000)
    public Optional<PlanResponse> plan(String userId) {
        if (rest == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(rest.plan(userId));
    }
}
