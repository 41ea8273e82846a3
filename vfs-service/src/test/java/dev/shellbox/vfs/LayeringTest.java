package dev.shellbox.vfs;

import dev.shellbox.platform.testing.ServiceLayering;
import dev.shellbox.vfs.service.Await;
import org.junit.jupiter.api.Test;

class LayeringTest {
    private static final ServiceLayering RULES = ServiceLayering.of("dev.shellbox.vfs");

    @Test
    void resourcesNeverUseRepositories() {
        RULES.checkRestNeverUsesRepositories();
    }

    @Test
    void servicesNeverUseRestTypes() {
        RULES.checkServicesNeverUseRest();
    }

    @Test
    void resourcesOpenNoTransactions() {
        RULES.checkRestOpensNoTransactions();
    }

    @Test
    void resourcesLeaveWaitingForReactiveWorkToServices() {
        RULES.checkRestNeverUses(Await.class);
    }
}
