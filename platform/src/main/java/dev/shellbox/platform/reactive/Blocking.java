package dev.shellbox.platform.reactive;

import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * The one bridge between the services' blocking code (the shell engine, streams, S3, Kafka consumers) and their
 * reactive code (Hibernate Reactive, the reactive REST layer), both ways.
 */
public final class Blocking {
    private Blocking() {}

    /**
     * Runs reactive work from a blocking thread and waits for it: the work runs on a Vert.x context (where the
     * database session is). Its failure is rethrown as is when unchecked, wrapped otherwise.
     */
    public static <T> T await(Supplier<Uni<T>> work) {
        try {
            return VertxContextSupport.subscribeAndAwait(work);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * Runs blocking work on a worker thread from reactive code, and comes back to the caller's Vert.x context (where
     * the database is) with its result. A checked failure arrives wrapped in a {@link CompletionException}.
     */
    public static <T> Uni<T> onWorker(Callable<T> blocking) {
        Context context = Vertx.currentContext();
        Uni<T> work = Uni.createFrom()
                .item(() -> {
                    try {
                        return blocking.call();
                    } catch (RuntimeException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new CompletionException(e);
                    }
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
        return context == null ? work : work.emitOn(next -> context.runOnContext(ignored -> next.run()));
    }
}
