package dev.shellbox.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ServicesTest {
    private static final StackOptions OPTIONS = new StackOptions(Path.of("/tmp/stack"), 8080, 9092, 9000, "", false);

    @Test
    void passesTheChosenDefaultProviderToSandboxServiceOnly() {
        StackOptions options = OPTIONS.withDefaultProvider("in-process");

        assertEquals(
                "in-process",
                Services.environment(Services.SANDBOX, options, "key").get("SHELLBOX_DEFAULT_PROVIDER"));
        for (Services.Service other : Services.ALL) {
            if (other != Services.SANDBOX) {
                assertFalse(Services.environment(other, options, "key").containsKey("SHELLBOX_DEFAULT_PROVIDER"));
            }
        }
    }

    @Test
    void leavesTheDefaultProviderToTheServiceWhenNoneIsChosen() {
        assertFalse(Services.environment(Services.SANDBOX, OPTIONS, "key").containsKey("SHELLBOX_DEFAULT_PROVIDER"));
    }
}
