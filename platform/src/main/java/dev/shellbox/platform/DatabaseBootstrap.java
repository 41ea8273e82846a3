package dev.shellbox.platform;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Tuple;
import java.util.concurrent.TimeUnit;

/**
 * Creates a service's PostgreSQL database when it does not exist yet. Runs before the application boots (from the
 * service's main, and from the test resources), because Hibernate needs the database at start.
 */
public final class DatabaseBootstrap {
    private DatabaseBootstrap() {}

    /**
     * Ensures the database named in {@code reactiveUrl} ({@code postgresql://host:port/name}) exists, connecting to
     * the {@code postgres} maintenance database to create it.
     *
     * @param drop drop it first (tests start from an empty database)
     */
    public static void ensureDatabase(String reactiveUrl, String user, String password, boolean drop) {
        PgConnectOptions target = PgConnectOptions.fromUri(reactiveUrl);
        String name = target.getDatabase();
        if (!name.matches("[A-Za-z0-9_]+")) {
            throw new IllegalArgumentException("unsupported database name: " + name);
        }
        PgConnectOptions maintenance = new PgConnectOptions(target)
                .setDatabase("postgres")
                .setUser(user)
                .setPassword(password == null ? "" : password);
        Vertx vertx = Vertx.vertx();
        try {
            PgConnection connection = PgConnection.connect(vertx, maintenance)
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
            try {
                if (drop) {
                    connection
                            .query("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
                            .execute()
                            .toCompletionStage()
                            .toCompletableFuture()
                            .get(30, TimeUnit.SECONDS);
                }
                boolean exists = connection
                                .preparedQuery("SELECT 1 FROM pg_database WHERE datname = $1")
                                .execute(Tuple.of(name))
                                .toCompletionStage()
                                .toCompletableFuture()
                                .get(30, TimeUnit.SECONDS)
                                .size()
                        > 0;
                if (!exists) {
                    connection
                            .query("CREATE DATABASE " + name)
                            .execute()
                            .toCompletionStage()
                            .toCompletableFuture()
                            .get(30, TimeUnit.SECONDS);
                }
            } finally {
                connection.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating database " + name, e);
        } catch (Exception e) {
            if (e.getMessage() != null && e.getMessage().contains("already exists")) {
                return; // another instance created it concurrently
            }
            throw new IllegalStateException(
                    "cannot create database " + name + " at " + target.getHost() + ":" + target.getPort() + ": "
                            + e.getMessage(),
                    e);
        } finally {
            try {
                vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                // closing a private event loop; nothing depends on it
            }
        }
    }

    /** Reads the datasource settings from the Quarkus configuration and ensures the database exists. */
    public static void ensureConfiguredDatabase() {
        var config = org.eclipse.microprofile.config.ConfigProvider.getConfig();
        ensureDatabase(
                config.getValue("quarkus.datasource.reactive.url", String.class),
                config.getOptionalValue("quarkus.datasource.username", String.class)
                        .orElse("postgres"),
                config.getOptionalValue("quarkus.datasource.password", String.class)
                        .orElse(""),
                false);
    }
}
