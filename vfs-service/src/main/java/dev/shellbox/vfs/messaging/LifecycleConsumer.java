package dev.shellbox.vfs.messaging;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.SandboxLifecycleEvent;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.vfs.repository.ProcessedEventRepository;
import dev.shellbox.vfs.service.Await;
import dev.shellbox.vfs.service.GarbageCollector;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.common.annotation.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Garbage-collects a sandbox's volume when the sandbox is destroyed. Idempotent: an event id is remembered once handled,
 * and destroying a volume that is gone already does nothing.
 */
@ApplicationScoped
@RegisterForReflection(targets = {SandboxLifecycleEvent.class, UsageEvent.class})
public class LifecycleConsumer {
    private static final Logger LOG = Logger.getLogger(LifecycleConsumer.class);
    private static final int ATTEMPTS = 5;

    private final GarbageCollector collector;
    private final ProcessedEventRepository processed;
    private final ObjectMapper json;

    public LifecycleConsumer(GarbageCollector collector, ProcessedEventRepository processed, ObjectMapper json) {
        this.collector = collector;
        this.processed = processed;
        this.json = json;
    }

    @Incoming(Channels.SANDBOX_LIFECYCLE)
    @Blocking
    public void onEvent(String payload) {
        SandboxLifecycleEvent event;
        try {
            event = json.readValue(payload, SandboxLifecycleEvent.class);
        } catch (Exception e) {
            LOG.warnf("ignoring an unreadable lifecycle event: %s", e.getMessage());
            return;
        }
        if (!SandboxLifecycleEvent.DESTROYED.equals(event.type()) || event.sandboxId() == null) {
            return;
        }
        for (int attempt = 1; ; attempt++) {
            try {
                destroy(event);
                return;
            } catch (RuntimeException e) {
                if (attempt >= ATTEMPTS) {
                    LOG.errorf(
                            e,
                            "could not destroy volume %s for event %s; the orphan sweep will not reclaim it,"
                                    + " DELETE /internal/v1/volumes/%s does",
                            event.sandboxId(),
                            event.id(),
                            event.sandboxId());
                    return;
                }
                LOG.warnf("destroying volume %s failed (%s); retrying", event.sandboxId(), e.getMessage());
                sleep(attempt * 500L);
            }
        }
    }

    private void destroy(SandboxLifecycleEvent event) {
        Boolean seen = Await.result(
                () -> Panache.withSession(() -> processed.findById(event.id()).map(p -> p != null)));
        if (seen) {
            return;
        }
        GarbageCollector.Report report = collector.destroyVolume(event.sandboxId());
        Await.result(() -> Panache.withTransaction(() -> processed.markProcessed(event.id())));
        LOG.infof(
                "volume %s destroyed (sandbox destroyed): %d contents and %d chunks deleted",
                event.sandboxId(), report.contentsDeleted(), report.chunksDeleted());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
