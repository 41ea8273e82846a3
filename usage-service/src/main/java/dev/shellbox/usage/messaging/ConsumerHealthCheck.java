package dev.shellbox.usage.messaging;

import dev.shellbox.usage.config.UsageConfig;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/** Down when the consumer thread has died: a restart is the cure. */
@Liveness
@ApplicationScoped
public class ConsumerHealthCheck implements HealthCheck {
    private final UsageTopicsConsumer consumer;
    private final UsageConfig config;

    public ConsumerHealthCheck(UsageTopicsConsumer consumer, UsageConfig config) {
        this.consumer = consumer;
        this.config = config;
    }

    @Override
    public HealthCheckResponse call() {
        boolean up = !config.consumer().enabled() || consumer.isRunning();
        return HealthCheckResponse.named("usage consumer")
                .status(up)
                .withData("topics", String.join(",", UsageTopicsConsumer.TOPICS))
                .build();
    }
}
