package dev.shellbox.platform.plans;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/** Where users' plans come from, under {@code shellbox.plans.} in a service's application.properties. */
@ConfigMapping(prefix = "shellbox.plans")
public interface PlanConfig {
    /** Base URL of usage-service; without it there is no plan to ask for and the configured limits apply. */
    Optional<URI> url();

    /** How long a user's plan (or the failure to get it) is remembered. */
    @WithDefault("PT10S")
    Duration cache();

    /** How long connecting to usage-service may take. */
    @WithDefault("PT2S")
    Duration connectTimeout();

    /** How long usage-service may take to answer once connected. */
    @WithDefault("PT2S")
    Duration readTimeout();
}
