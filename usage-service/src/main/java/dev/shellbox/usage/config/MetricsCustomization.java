package dev.shellbox.usage.config;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;

/** Histogram buckets for HTTP server latency, so that dashboards can show percentiles across replicas. */
public class MetricsCustomization {
    private static final String HTTP_SERVER_REQUESTS = "http.server.requests";

    @Produces
    @Singleton
    MeterFilter httpServerHistograms() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (!HTTP_SERVER_REQUESTS.equals(id.getName())) {
                    return config;
                }
                return DistributionStatisticConfig.builder()
                        .percentilesHistogram(true)
                        .minimumExpectedValue((double) Duration.ofMillis(1).toNanos() / 10)
                        .maximumExpectedValue((double) Duration.ofSeconds(10).toNanos())
                        .build()
                        .merge(config);
            }
        };
    }
}
