package dev.shellbox.vfs.service;

import dev.shellbox.platform.reactive.Blocking;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.VfsException;
import io.smallrye.mutiny.Uni;
import io.vertx.pgclient.PgException;
import java.sql.SQLException;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Runs reactive (Hibernate Reactive) work from blocking code: streaming requests, S3 transfers, scheduled jobs. The
 * work runs on a Vert.x context while the calling worker thread waits.
 */
public final class Await {
    private static final Logger LOG = Logger.getLogger(Await.class);
    private static final int ATTEMPTS = 4;

    private Await() {}

    /** The result of the work; its failure rethrown as is (runtime exceptions) or wrapped. */
    public static <T> T result(Supplier<Uni<T>> work) {
        return Blocking.await(work);
    }

    /**
     * Like {@link #result}, retrying work that PostgreSQL aborted because of a deadlock or a serialization failure
     * (the work must be a whole transaction), and turning a chunk or content that the sweep removed under a write into
     * a retryable EAGAIN.
     */
    public static <T> T transaction(Supplier<Uni<T>> work) {
        for (int attempt = 1; ; attempt++) {
            try {
                return result(work);
            } catch (RuntimeException e) {
                String state = sqlState(e);
                if (("40P01".equals(state) || "40001".equals(state)) && attempt < ATTEMPTS) {
                    LOG.debugf("transaction aborted (%s), attempt %d: retrying", state, attempt);
                    continue;
                }
                if ("23503".equals(state)) {
                    throw new VfsException(
                            Errno.EAGAIN,
                            null,
                            "stored content expired before it was committed (garbage-collected); upload it again");
                }
                throw e;
            }
        }
    }

    /** The SQLSTATE of a PostgreSQL error somewhere in the causes, or null. */
    public static String sqlState(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof PgException pg) {
                return pg.getSqlState();
            }
            if (c instanceof SQLException sql && sql.getSQLState() != null) {
                return sql.getSQLState();
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return null;
    }
}
