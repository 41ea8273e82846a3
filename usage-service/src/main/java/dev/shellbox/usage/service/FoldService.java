package dev.shellbox.usage.service;

import dev.shellbox.contracts.SandboxLifecycleEvent;
import dev.shellbox.contracts.Topics;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.domain.DailyUsage;
import dev.shellbox.usage.domain.Metering;
import dev.shellbox.usage.domain.QuotaLedger;
import dev.shellbox.usage.domain.UsageDelta;
import dev.shellbox.usage.repository.DailyUsageRepository;
import dev.shellbox.usage.repository.SandboxStateRepository;
import dev.shellbox.usage.repository.UsageEventRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Folds a batch of consumed events into PostgreSQL in one transaction, exactly once per event id: the raw events are
 * recorded (an id already recorded is a duplicate and skipped), the new ones are added to their {@link DailyUsage}
 * rows, and lifecycle events move sandboxes between live and destroyed. Only after the commit are the in-memory
 * counters and the metrics updated, so memory never runs ahead of the database.
 */
@ApplicationScoped
public class FoldService {
    private static final Logger LOG = Logger.getLogger(FoldService.class);
    private static final int MAX_ID_LENGTH = 255;
    private static final int MAX_OPERATION_LENGTH = 64;

    private final UsageEventRepository events;
    private final DailyUsageRepository dailyUsage;
    private final SandboxStateRepository sandboxes;
    private final QuotaLedger ledger;
    private final PlanService plans;
    private final UsageMetrics metrics;
    private final UsageConfig config;

    /** A sandbox that became live or stopped being live. */
    public record Transition(String userId, boolean created) {}

    /**
     * What a batch did.
     *
     * @param folded the events counted now
     * @param deltas their sums per user, day and operation
     * @param duplicates events already counted before (or twice in the batch)
     * @param late events older than the raw-event retention, not counted
     * @param invalid usage events missing required fields, not counted
     * @param transitions sandboxes that became live or ended
     * @param lifecycleEvents valid lifecycle events consumed
     * @param invalidLifecycle lifecycle events missing required fields, ignored
     */
    public record FoldOutcome(
            List<UsageEvent> folded,
            List<UsageDelta> deltas,
            int duplicates,
            int late,
            int invalid,
            List<Transition> transitions,
            int lifecycleEvents,
            int invalidLifecycle) {}

    public FoldService(
            UsageEventRepository events,
            DailyUsageRepository dailyUsage,
            SandboxStateRepository sandboxes,
            QuotaLedger ledger,
            PlanService plans,
            UsageMetrics metrics,
            UsageConfig config) {
        this.events = events;
        this.dailyUsage = dailyUsage;
        this.sandboxes = sandboxes;
        this.ledger = ledger;
        this.plans = plans;
        this.metrics = metrics;
        this.config = config;
    }

    /** Folds one batch; the returned outcome is applied to memory and metrics once the transaction committed. */
    public Uni<FoldOutcome> fold(List<UsageEvent> usage, List<SandboxLifecycleEvent> lifecycle) {
        long start = System.nanoTime();
        Instant now = Instant.now();
        Screened screened = screen(usage, now.minus(config.rawRetention()));
        List<SandboxLifecycleEvent> changes =
                lifecycle.stream().filter(FoldService::isValid).toList();
        List<UsageEvent> candidates = screened.candidates();
        return Panache.withTransaction(() -> recordNew(candidates, now)
                        .chain(folded -> addToDaily(folded, now)
                                .chain(deltas -> applyLifecycle(changes)
                                        .map(transitions -> new FoldOutcome(
                                                folded,
                                                deltas,
                                                screened.duplicates() + candidates.size() - folded.size(),
                                                screened.late(),
                                                screened.invalid(),
                                                transitions,
                                                changes.size(),
                                                lifecycle.size() - changes.size())))))
                .invoke(outcome -> {
                    apply(outcome, now);
                    metrics.foldBatch(System.nanoTime() - start);
                });
    }

    /**
     * The events of a batch that may count: valid, within the retention, one per id.
     *
     * @param duplicates events whose id came earlier in the same batch
     */
    private record Screened(List<UsageEvent> candidates, int invalid, int late, int duplicates) {}

    private Screened screen(List<UsageEvent> usage, Instant cutoff) {
        Map<UUID, UsageEvent> unique = new LinkedHashMap<>();
        int invalid = 0;
        int late = 0;
        int duplicates = 0;
        for (UsageEvent e : usage) {
            String problem = problemOf(e);
            if (problem != null) {
                invalid++;
                LOG.warnf("usage event %s not counted: %s", e.id(), problem);
            } else if (e.occurredAt().isBefore(cutoff)) {
                late++;
                LOG.warnf(
                        "usage event %s of %s not counted: it occurred at %s, before the retention of %s",
                        e.id(), e.userId(), e.occurredAt(), config.rawRetention());
            } else if (unique.putIfAbsent(e.id(), e) != null) {
                duplicates++;
            }
        }
        return new Screened(new ArrayList<>(unique.values()), invalid, late, duplicates);
    }

    private static boolean isValid(SandboxLifecycleEvent e) {
        if (e.sandboxId() == null || e.userId() == null || e.type() == null) {
            LOG.warnf("lifecycle event %s ignored: sandboxId, userId and type are required", e.id());
            return false;
        }
        return true;
    }

    private Uni<List<UsageEvent>> recordNew(List<UsageEvent> candidates, Instant now) {
        if (candidates.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return events.insertNew(candidates, now)
                .map((Set<UUID> inserted) -> candidates.stream()
                        .filter(e -> inserted.contains(e.id()))
                        .toList());
    }

    private Uni<List<UsageDelta>> addToDaily(List<UsageEvent> folded, Instant now) {
        Map<String, UsageDelta> byKey = new LinkedHashMap<>();
        for (UsageEvent e : folded) {
            LocalDate day = UsageDelta.dayOf(e);
            byKey.computeIfAbsent(
                            e.userId() + '\n' + day + '\n' + e.operation(),
                            k -> new UsageDelta(e.userId(), day, e.operation()))
                    .add(e);
        }
        List<UsageDelta> deltas = new ArrayList<>(byKey.values());
        if (deltas.isEmpty()) {
            return Uni.createFrom().item(deltas);
        }
        return dailyUsage.add(deltas, now).replaceWith(deltas);
    }

    private Uni<List<Transition>> applyLifecycle(List<SandboxLifecycleEvent> changes) {
        List<Transition> transitions = new ArrayList<>();
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (SandboxLifecycleEvent e : changes) {
            if (SandboxLifecycleEvent.CREATED.equals(e.type())) {
                chain = chain.chain(() -> sandboxes
                        .markCreated(e.sandboxId(), e.userId(), e.occurredAt() == null ? Instant.now() : e.occurredAt())
                        .invoke(live -> {
                            if (live) {
                                transitions.add(new Transition(e.userId(), true));
                            }
                        })
                        .replaceWithVoid());
            } else if (SandboxLifecycleEvent.DESTROYED.equals(e.type())) {
                chain = chain.chain(() -> sandboxes
                        .markDestroyed(
                                e.sandboxId(), e.userId(), e.occurredAt() == null ? Instant.now() : e.occurredAt())
                        .invoke(ended -> {
                            if (ended) {
                                transitions.add(new Transition(e.userId(), false));
                            }
                        })
                        .replaceWithVoid());
            }
        }
        return chain.replaceWith(transitions);
    }

    private void apply(FoldOutcome outcome, Instant now) {
        for (UsageDelta d : outcome.deltas()) {
            ledger.folded(d.userId(), d.day(), d.counters());
        }
        for (Transition t : outcome.transitions()) {
            if (t.created()) {
                ledger.sandboxCreated(t.userId());
            } else {
                ledger.sandboxDestroyed(t.userId());
            }
        }
        for (UsageEvent e : outcome.folded()) {
            String location = e.location() == null
                    ? UsageMetrics.NO_LOCATION
                    : e.location().json();
            metrics.operation(
                    e.operation(),
                    location,
                    plans.planOf(e.userId()).name(),
                    UsageMetrics.ALLOWED,
                    Metering.operations(e.operation(), e.count()));
            metrics.foldDelay(Duration.between(e.occurredAt(), now));
        }
        metrics.events(Topics.USAGE, "folded", outcome.folded().size());
        metrics.events(Topics.USAGE, "duplicate", outcome.duplicates());
        metrics.events(Topics.USAGE, "late", outcome.late());
        metrics.events(Topics.USAGE, "invalid", outcome.invalid());
        metrics.events(Topics.SANDBOX_LIFECYCLE, "folded", outcome.lifecycleEvents());
        metrics.events(Topics.SANDBOX_LIFECYCLE, "invalid", outcome.invalidLifecycle());
    }

    private static String problemOf(UsageEvent e) {
        if (e.id() == null) {
            return "no id";
        }
        if (e.userId() == null || e.userId().isBlank() || e.userId().length() > MAX_ID_LENGTH) {
            return "userId must be 1 to " + MAX_ID_LENGTH + " characters";
        }
        if (e.sandboxId() != null && e.sandboxId().length() > MAX_ID_LENGTH) {
            return "sandboxId is longer than " + MAX_ID_LENGTH + " characters";
        }
        if (e.operation() == null || e.operation().isBlank() || e.operation().length() > MAX_OPERATION_LENGTH) {
            return "operation must be 1 to " + MAX_OPERATION_LENGTH + " characters";
        }
        if (e.occurredAt() == null) {
            return "no occurredAt";
        }
        if (e.count() < 0 || e.durationMs() < 0 || e.bytesIn() < 0 || e.bytesOut() < 0 || e.containerMs() < 0) {
            return "count, durationMs, bytesIn, bytesOut and containerMs must not be negative";
        }
        return null;
    }
}
