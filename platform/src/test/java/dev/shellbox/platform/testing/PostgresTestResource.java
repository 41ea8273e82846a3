package dev.shellbox.platform.testing;

import dev.shellbox.platform.DatabaseBootstrap;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Gives a @QuarkusTest a fresh, empty copy of the service's test database (the {@code %test} datasource URL) on the
 * PostgreSQL that runs on every development and CI machine.
 */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {
    @Override
    public Map<String, String> start() {
        var config = ConfigProvider.getConfig();
        String url = config.getOptionalValue("%test.quarkus.datasource.reactive.url", String.class)
                .or(() -> config.getOptionalValue("quarkus.datasource.reactive.url", String.class))
                .orElseThrow(() -> new IllegalStateException("no quarkus.datasource.reactive.url configured"));
        String user = config.getOptionalValue("quarkus.datasource.username", String.class)
                .orElse("postgres");
        String password = config.getOptionalValue("quarkus.datasource.password", String.class)
                .orElse("");
        DatabaseBootstrap.ensureDatabase(url, user, password, true);
        return Map.of();
    }

    @Override
    public void stop() {}
}
