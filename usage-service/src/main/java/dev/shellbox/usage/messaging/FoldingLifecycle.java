package dev.shellbox.usage.messaging;

import dev.shellbox.platform.reactive.Blocking;
import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.service.LedgerLoader;
import dev.shellbox.usage.service.PlanService;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Brings the service up in order: plans (seeded when missing), then the in-memory counters, then the consumer, so the
 * consumer never folds into counters that are not loaded yet.
 */
@ApplicationScoped
public class FoldingLifecycle {
    private final PlanService plans;
    private final LedgerLoader loader;
    private final UsageTopicsConsumer consumer;
    private final UsageConfig config;

    public FoldingLifecycle(PlanService plans, LedgerLoader loader, UsageTopicsConsumer consumer, UsageConfig config) {
        this.plans = plans;
        this.loader = loader;
        this.consumer = consumer;
        this.config = config;
    }

    void onStart(@Observes StartupEvent event) {
        Blocking.await(() -> plans.load().chain(loader::load));
        if (config.consumer().enabled()) {
            consumer.start();
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        consumer.stop();
    }
}
