package dev.shellbox.usage.service;

import dev.shellbox.contracts.Limit;
import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.domain.QuotaLedger;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Recomputes the gauges that summarize the ledger, and sweeps lapsed reservations and old days out of it. */
@ApplicationScoped
public class GaugeRefresher {
    private final QuotaLedger ledger;
    private final PlanService plans;
    private final UsageMetrics metrics;
    private final UsageConfig config;
    private final LedgerLoader loader;

    public GaugeRefresher(
            QuotaLedger ledger, PlanService plans, UsageMetrics metrics, UsageConfig config, LedgerLoader loader) {
        this.ledger = ledger;
        this.plans = plans;
        this.metrics = metrics;
        this.config = config;
        this.loader = loader;
        metrics.reservationsGauge(ledger::reservationCount);
    }

    @Scheduled(
            every = "${shellbox.usage.gauge-refresh-every:15s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void refresh() {
        if (!loader.ready()) {
            return;
        }
        ledger.sweep();
        List<MultiGauge.Row<?>> top = new ArrayList<>();
        for (Map.Entry<Limit, List<QuotaLedger.UserCount>> entry :
                ledger.topToday(config.topUsers()).entrySet()) {
            for (QuotaLedger.UserCount count : entry.getValue()) {
                top.add(UsageMetrics.row(
                        Tags.of("user", count.user(), "limit", entry.getKey().key()), count.value()));
            }
        }
        metrics.topUsers(top);
        Map<String, Long> livePerPlan = new HashMap<>();
        plans.all().forEach(p -> livePerPlan.put(p.name(), 0L));
        ledger.liveByUser()
                .forEach((user, live) -> livePerPlan.merge(plans.planOf(user).name(), live, Long::sum));
        List<MultiGauge.Row<?>> live = new ArrayList<>();
        livePerPlan.forEach((plan, count) -> live.add(UsageMetrics.row(Tags.of("plan", plan), count)));
        metrics.liveSandboxes(live);
    }
}
