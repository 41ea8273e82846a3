package dev.shellbox.usage.service;

import dev.shellbox.contracts.Limit;
import dev.shellbox.usage.domain.QuotaDecision;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The service's own meters. Their Prometheus names (after Micrometer's conversion) are what the Grafana dashboard in
 * {@code k8s/grafana/} queries; change them together.
 */
@ApplicationScoped
public class UsageMetrics {
    /** {@code shellbox_usage_operations_total{operation,location,plan,outcome}}: allowed (folded) and refused. */
    public static final String OPERATIONS = "shellbox.usage.operations";
    /** {@code shellbox_usage_events_total{topic,outcome}}: folded, duplicate, late, rejected. */
    public static final String EVENTS = "shellbox.usage.events";
    /** {@code shellbox_usage_fold_delay_seconds}: from an event's occurredAt to its fold. */
    public static final String FOLD_DELAY = "shellbox.usage.fold.delay";
    /** {@code shellbox_usage_fold_batches_seconds}: one transaction folding one polled batch. */
    public static final String FOLD_BATCHES = "shellbox.usage.fold.batches";
    /** {@code shellbox_usage_consumer_lag{topic,partition}}: records not consumed yet. */
    public static final String CONSUMER_LAG = "shellbox.usage.consumer.lag";
    /** {@code shellbox_usage_top_users{user,limit}}: today's counters of the heaviest users, per daily limit. */
    public static final String TOP_USERS = "shellbox.usage.top.users";
    /** {@code shellbox_usage_live_sandboxes{plan}}. */
    public static final String LIVE_SANDBOXES = "shellbox.usage.live.sandboxes";
    /** {@code shellbox_quota_decisions_seconds{limit,outcome}}: time to decide, with histogram buckets. */
    public static final String DECISIONS = "shellbox.quota.decisions";
    /** {@code shellbox_quota_refusals_total{limit,plan}}. */
    public static final String REFUSALS = "shellbox.quota.refusals";
    /** {@code shellbox_quota_reservations}: reservations held. */
    public static final String RESERVATIONS = "shellbox.quota.reservations";

    public static final String ALLOWED = "allowed";
    public static final String REFUSED = "refused";
    public static final String NO_LOCATION = "none";

    private final MeterRegistry registry;
    private final Map<Limit, Timer> allowedTimers = new EnumMap<>(Limit.class);
    private final Map<Limit, Timer> refusedTimers = new EnumMap<>(Limit.class);
    private final Map<String, AtomicLong> lags = new ConcurrentHashMap<>();
    private final DistributionSummary foldDelay;
    private final Timer foldBatches;
    private final MultiGauge topUsers;
    private final MultiGauge liveSandboxes;

    public UsageMetrics(MeterRegistry registry) {
        this.registry = registry;
        for (Limit limit : Limit.values()) {
            allowedTimers.put(limit, decisionTimer(limit, ALLOWED));
            refusedTimers.put(limit, decisionTimer(limit, REFUSED));
        }
        this.foldDelay = DistributionSummary.builder(FOLD_DELAY)
                .description("Seconds from an event's occurrence to its fold")
                .baseUnit("seconds")
                .publishPercentiles(0.5, 0.99)
                .register(registry);
        this.foldBatches = Timer.builder(FOLD_BATCHES)
                .description("Transactions folding one polled batch")
                .publishPercentiles(0.5, 0.99)
                .register(registry);
        this.topUsers = MultiGauge.builder(TOP_USERS)
                .description("Today's counter of the heaviest users, per daily limit")
                .register(registry);
        this.liveSandboxes = MultiGauge.builder(LIVE_SANDBOXES)
                .description("Live sandboxes per plan")
                .register(registry);
    }

    private Timer decisionTimer(Limit limit, String outcome) {
        return Timer.builder(DECISIONS)
                .description("Quota decisions and the time they took")
                .tags("limit", limit.key(), "outcome", outcome)
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofNanos(500))
                .maximumExpectedValue(Duration.ofMillis(100))
                .register(registry);
    }

    /** A quota decision and how long it took. */
    public void decided(QuotaDecision decision, String operation, long nanos) {
        (decision.allowed() ? allowedTimers : refusedTimers)
                .get(decision.limit())
                .record(Duration.ofNanos(nanos));
        if (!decision.allowed()) {
            registry.counter(REFUSALS, "limit", decision.limit().key(), "plan", decision.plan())
                    .increment();
            operation(operation, NO_LOCATION, decision.plan(), REFUSED, 1);
        }
    }

    public void operation(String operation, String location, String plan, String outcome, long amount) {
        if (amount > 0) {
            Counter.builder(OPERATIONS)
                    .description("Operations by type, location, plan and outcome")
                    .tags("operation", operation, "location", location, "plan", plan, "outcome", outcome)
                    .register(registry)
                    .increment(amount);
        }
    }

    public void events(String topic, String outcome, long amount) {
        if (amount > 0) {
            Counter.builder(EVENTS)
                    .description("Events consumed, by outcome")
                    .tags("topic", topic, "outcome", outcome)
                    .register(registry)
                    .increment(amount);
        }
    }

    public void foldBatch(long nanos) {
        foldBatches.record(Duration.ofNanos(nanos));
    }

    public void foldDelay(Duration delay) {
        foldDelay.record(Math.max(0, delay.toMillis()) / 1000.0);
    }

    public void consumerLag(String topic, int partition, long lag) {
        lags.computeIfAbsent(topic + "/" + partition, key -> {
                    AtomicLong value = new AtomicLong();
                    Gauge.builder(CONSUMER_LAG, value, AtomicLong::get)
                            .description("Records of the partition not consumed yet")
                            .tags("topic", topic, "partition", Integer.toString(partition))
                            .register(registry);
                    return value;
                })
                .set(lag);
    }

    public void reservationsGauge(java.util.function.Supplier<Number> held) {
        Gauge.builder(RESERVATIONS, held).description("Reservations held").register(registry);
    }

    public void topUsers(List<MultiGauge.Row<?>> rows) {
        topUsers.register(rows, true);
    }

    public void liveSandboxes(List<MultiGauge.Row<?>> rows) {
        liveSandboxes.register(rows, true);
    }

    public static MultiGauge.Row<Number> row(Tags tags, long value) {
        return MultiGauge.Row.of(tags, value);
    }
}
