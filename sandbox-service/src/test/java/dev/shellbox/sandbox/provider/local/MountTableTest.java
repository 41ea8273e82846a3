package dev.shellbox.sandbox.provider.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class MountTableTest {

    @Test
    void readsTheMountsOfThisProcess() {
        assertThat(MountTable.device(Path.of("/proc"))).contains("proc");
        assertThat(MountTable.device(Path.of("/proc/self"))).isEmpty();
    }

    @Test
    void decodesTheOctalEscapesOfMountinfo() {
        assertThat(MountTable.unescape("/srv/my\\040disk\\134x")).isEqualTo("/srv/my disk\\x");
        assertThat(MountTable.unescape("/plain")).isEqualTo("/plain");
        assertThat(MountTable.unescape("/odd\\04")).isEqualTo("/odd\\04");
    }
}
