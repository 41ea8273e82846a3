package dev.shellbox.vfs.repository;

import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * Applies {@code db/schema.sql} when the service starts, before it serves anything. The script is idempotent and
 * takes an advisory lock, so instances starting together apply it one after the other.
 */
@ApplicationScoped
public class SchemaInitializer {
    private static final Logger LOG = Logger.getLogger(SchemaInitializer.class);

    private final Pool pool;

    public SchemaInitializer(Pool pool) {
        this.pool = pool;
    }

    void onStart(@Observes @Priority(1) StartupEvent event) {
        apply();
    }

    /** Applies the script now (it is idempotent). */
    public void apply() {
        String script;
        try (InputStream in = SchemaInitializer.class.getResourceAsStream("/db/schema.sql")) {
            if (in == null) {
                throw new IllegalStateException("db/schema.sql is missing from the application");
            }
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long start = System.nanoTime();
        pool.query(script).execute().await().atMost(Duration.ofSeconds(60));
        LOG.debugf("schema applied in %d ms", (System.nanoTime() - start) / 1_000_000);
    }
}
