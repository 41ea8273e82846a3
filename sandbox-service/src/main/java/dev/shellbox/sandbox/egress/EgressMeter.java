package dev.shellbox.sandbox.egress;

import dev.shellbox.contracts.Location;
import dev.shellbox.contracts.Operation;
import dev.shellbox.contracts.Topics;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.platform.outbox.Outbox;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * Meters what sandboxes send and receive through their egress proxies: each sandbox's ended connections are added up
 * in memory and written to the outbox as one usage event per sandbox and interval, so that a busy sandbox costs one
 * row every few seconds, not one per connection.
 */
@ApplicationScoped
public class EgressMeter {
    private static final Logger LOG = Logger.getLogger(EgressMeter.class);

    private final Outbox outbox;
    private final Map<String, Totals> pending = new ConcurrentHashMap<>();

    public EgressMeter(Outbox outbox) {
        this.outbox = outbox;
    }

    /** What the sandbox's connections since the last flush added up to. */
    record Totals(String userId, long connections, long bytesOut, long bytesIn) {
        Totals plus(Totals t) {
            return new Totals(userId, connections + t.connections, bytesOut + t.bytesOut, bytesIn + t.bytesIn);
        }
    }

    /** A connection of the sandbox ended, having sent {@code bytesOut} and received {@code bytesIn}. */
    void connectionEnded(String userId, String sandboxId, long bytesOut, long bytesIn) {
        pending.merge(sandboxId, new Totals(userId, 1, bytesOut, bytesIn), Totals::plus);
    }

    @Scheduled(
            every = "${shellbox.sandbox.egress.meter-interval:10s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> flush() {
        List<Map.Entry<String, Totals>> taken = new ArrayList<>();
        for (String sandboxId : List.copyOf(pending.keySet())) {
            Totals t = pending.remove(sandboxId);
            if (t != null) {
                taken.add(Map.entry(sandboxId, t));
            }
        }
        if (taken.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Panache.withTransaction(() -> Multi.createFrom()
                        .iterable(taken)
                        .onItem()
                        .transformToUniAndConcatenate(e -> outbox.add(
                                Topics.USAGE,
                                e.getValue().userId(),
                                UsageEvent.of(
                                        e.getValue().userId(),
                                        e.getKey(),
                                        Operation.NETWORK_EGRESS,
                                        Location.CONTAINER,
                                        e.getValue().connections(),
                                        0,
                                        e.getValue().bytesIn(),
                                        e.getValue().bytesOut(),
                                        0)))
                        .collect()
                        .last()
                        .replaceWithVoid())
                .onFailure()
                .invoke(failure -> {
                    // kept for the next flush rather than lost
                    taken.forEach(e -> pending.merge(e.getKey(), e.getValue(), Totals::plus));
                    LOG.warnf("metering egress failed, retried at the next flush: %s", failure.getMessage());
                })
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }
}
