package dev.shellbox.sandbox.service;

import dev.shellbox.sandbox.domain.Sandbox;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Pauses sandboxes that stayed idle longer than their timeout; they resume on their next exec. One whose files cannot
 * be saved stays running and is tried again at the next check.
 */
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
                .idle()
                .onItem()
                .transformToMulti(idle -> Multi.createFrom().iterable(idle))
                .onItem()
                .transformToUniAndConcatenate(this::pause)
                .collect()
                .last()
                .onFailure()
                .invoke(e -> LOG.warnf("idle check failed: %s", e.getMessage()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    private Uni<Void> pause(Sandbox s) {
        return sessions.pause(s.userId, s.id)
                .invoke(paused -> LOG.infof("paused idle sandbox %s", s.id))
                .onFailure()
                .invoke(e -> LOG.warnf("pausing idle sandbox %s failed: %s", s.id, e.getMessage()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }
}
