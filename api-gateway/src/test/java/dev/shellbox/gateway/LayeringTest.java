package dev.shellbox.gateway;

import dev.shellbox.platform.testing.ServiceLayering;
import org.junit.jupiter.api.Test;

class LayeringTest {
    private static final ServiceLayering RULES = ServiceLayering.of("dev.shellbox.gateway");

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
}
