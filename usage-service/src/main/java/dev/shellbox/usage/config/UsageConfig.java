package dev.shellbox.usage.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The settings of usage-service ({@code shellbox.usage.*}). */
@ConfigMapping(prefix = "shellbox.usage")
public interface UsageConfig {
    /** The plan of users no admin assigned one to. */
    @WithDefault("free")
    String defaultPlan();

    /** How long raw usage events are kept for audit; an event older than this is too late to be folded. */
    @WithDefault("P90D")
    Duration rawRetention();

    /** How often raw events past the retention are deleted. */
    @WithDefault("1h")
    Duration retentionSweepEvery();

    /** How long an allowed check's reservation waits for its usage event before it lapses. */
    @WithDefault("PT2M")
    Duration reservationTtl();

    /** How long callers may cache a plan or a refusal (the {@code Cache-Control} max-age of those answers). */
    @WithDefault("PT5S")
    Duration callerCacheTtl();

    /** How many users per limit the top-users gauge shows. */
    @WithDefault("10")
    int topUsers();

    /** How often the gauges derived from the counters (top users, live sandboxes per plan) are recomputed. */
    @WithDefault("15s")
    Duration gaugeRefreshEvery();

    /** The consumer of the usage and lifecycle topics. */
    Consumer consumer();

    /** The Kafka consumer that folds the usage and lifecycle topics. */
    interface Consumer {
        /** Whether the service consumes at all (a replica serving only reads could turn it off). */
        @WithDefault("true")
        boolean enabled();

        /** The consumer group; every replica of usage-service shares it. */
        @WithDefault("usage-service")
        String groupId();

        /** The most records folded in one database transaction. */
        @WithDefault("500")
        int maxBatch();

        /** How long one poll waits for records. */
        @WithDefault("PT0.5S")
        Duration pollTimeout();

        /** The pause before a batch whose fold failed (database unavailable, for example) is tried again. */
        @WithDefault("PT1S")
        Duration retryBackoff();
    }
}
