package dev.shellbox.contracts.volume;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SystemPathsTest {

    @Test
    void systemDirectoriesAndWhatIsBelowThemAreSystemPathsAndNothingElseIs() {
        assertTrue(SystemPaths.isSystem("/usr"));
        assertTrue(SystemPaths.isSystem("/usr/bin/evil"));
        assertTrue(SystemPaths.isSystem("/etc/passwd"));
        assertFalse(SystemPaths.isSystem("/"));
        assertFalse(SystemPaths.isSystem("/usrx"));
        assertFalse(SystemPaths.isSystem("/workspace/usr"));
        assertFalse(SystemPaths.isSystem("/evil"));
        assertFalse(SystemPaths.isSystem("relative/usr"));
    }
}
