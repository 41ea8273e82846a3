package dev.shellbox.gateway.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** Settings of the gateway (prefix {@code shellbox.gateway}). */
@ConfigMapping(prefix = "shellbox.gateway")
public interface GatewayConfig {
    /** An admin API key accepted without a database row: the local stack's bootstrap key. Unset disables it. */
    Optional<String> bootstrapAdminKey();

    /** The user id the bootstrap admin key authenticates as. */
    @WithDefault("admin")
    String bootstrapAdminUser();

    /** Base URL of sandbox-service. */
    @WithDefault("http://127.0.0.1:8081")
    String sandboxUrl();

    /** Base URL of vfs-service. */
    @WithDefault("http://127.0.0.1:8082")
    String vfsUrl();

    /** Base URL of usage-service. */
    @WithDefault("http://127.0.0.1:8083")
    String usageUrl();

    /** Requests per second each caller may sustain before 429 {@code requests_per_second}. */
    @WithDefault("50")
    double requestsPerSecond();

    /** Requests a caller may burst above the sustained rate. */
    @WithDefault("100")
    int requestBurst();

    /** Largest body of a JSON request, in bytes. */
    @WithDefault("10485760")
    long maxJsonBodyBytes();

    /** Largest body of a file upload (PUT files, tar upload), in bytes. */
    @WithDefault("5368709120")
    long maxUploadBytes();

    /**
     * Longest request line target (path and query) the gateway accepts, in bytes; longer ones answer 414. The HTTP
     * layer's own limit ({@code quarkus.http.limits.max-initial-line-length}) stays above it, so that clients get a
     * problem+json answer rather than the HTTP layer's empty one.
     */
    @WithDefault("8192")
    int maxUrlBytes();

    /**
     * Largest total size of the request headers, in bytes; larger ones answer 431. Kept below
     * {@code quarkus.http.limits.max-header-size} for the same reason.
     */
    @WithDefault("20480")
    int maxHeaderBytes();

    /** How long a refusal from usage-service is remembered before asking again. */
    @WithDefault("2s")
    Duration quotaDenialCacheTtl();

    /** How long an authenticated API key is remembered; a revoked key stops working within this time everywhere. */
    @WithDefault("10s")
    Duration apiKeyCacheTtl();

    /** How long a downstream service may stay silent on a non-streaming request before the gateway answers 504. */
    @WithDefault("120s")
    Duration downstreamTimeout();
}
