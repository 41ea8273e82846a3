package dev.shellbox.usage.service;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready once the counters are loaded and quota decisions can be answered. */
@Readiness
@ApplicationScoped
public class LedgerHealthCheck implements HealthCheck {
    private final LedgerLoader loader;

    public LedgerHealthCheck(LedgerLoader loader) {
        this.loader = loader;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("quota counters")
                .status(loader.ready())
                .build();
    }
}
