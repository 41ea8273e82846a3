package dev.shellbox.usage;

import dev.shellbox.platform.DatabaseBootstrap;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/** Entry point: creates the service's database when missing, then boots Quarkus. */
@QuarkusMain
public final class UsageApplication {
    UsageApplication() {}

    public static void main(String... args) {
        DatabaseBootstrap.ensureConfiguredDatabase();
        Quarkus.run(args);
    }
}
