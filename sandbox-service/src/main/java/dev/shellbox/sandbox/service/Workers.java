package dev.shellbox.sandbox.service;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.concurrent.Callable;

/** Blocking work (a runtime, a container, a supervisor) run off the event loop. */
final class Workers {
    private Workers() {}

    /** Runs blocking work on a worker thread and comes back to the caller's Vert.x context, where the database is. */
    static <T> Uni<T> onWorker(Callable<T> blocking) {
        Context context = Vertx.currentContext();
        Uni<T> work = Uni.createFrom()
                .item(() -> {
                    try {
                        return blocking.call();
                    } catch (RuntimeException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new java.util.concurrent.CompletionException(e);
                    }
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
        return context == null ? work : work.emitOn(next -> context.runOnContext(ignored -> next.run()));
    }
}
