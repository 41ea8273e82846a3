package dev.shellbox.platform.outbox;

import io.quarkus.arc.properties.IfBuildProperty;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Not ready while events cannot reach Kafka for over a minute: they pile up in the outbox, nothing is lost. */
@Readiness
@ApplicationScoped
@IfBuildProperty(name = "shellbox.outbox.enabled", stringValue = "true")
public class OutboxHealthCheck implements HealthCheck {
    private static final Duration TOLERATED = Duration.ofMinutes(1);

    private final OutboxRelay relay;

    public OutboxHealthCheck(OutboxRelay relay) {
        this.relay = relay;
    }

    @Override
    public HealthCheckResponse call() {
        boolean healthy =
                relay.lastError() == null || relay.lastSuccess().plus(TOLERATED).isAfter(Instant.now());
        var response = HealthCheckResponse.named("Outbox relay to Kafka")
                .status(healthy)
                .withData("lastSuccess", relay.lastSuccess().toString());
        if (relay.lastError() != null) {
            response.withData("lastError", relay.lastError());
        }
        return response.build();
    }
}
