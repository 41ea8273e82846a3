package dev.shellbox.sandbox.service;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/** Pauses sandboxes that stayed idle longer than their timeout; they resume on their next exec. */
@ApplicationScoped
class IdleSandboxReaper {
    private static final Logger LOG = Logger.getLogger(IdleSandboxReaper.class);

    private final SandboxService sandboxes;
    private final SessionService sessions;

    IdleSandboxReaper(SandboxService sandboxes, SessionService sessions) {
        this.sandboxes = sandboxes;
        this.sessions = sessions;
    }

    @Scheduled(
            every = "${shellbox.sandbox.idle-check-interval:15s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    Uni<Void> pauseIdleSandboxes() {
        return sandboxes
                .pauseIdle()
                .invoke(ids -> {
                    if (!ids.isEmpty()) {
                        LOG.infof("paused idle sandboxes %s", ids);
                    }
                })
                .call(ids -> io.smallrye.mutiny.Multi.createFrom()
                        .iterable(ids)
                        .onItem()
                        .transformToUniAndConcatenate(sessions::release)
                        .collect()
                        .last())
                .onFailure()
                .invoke(e -> LOG.warnf("idle check failed: %s", e.getMessage()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }
}
