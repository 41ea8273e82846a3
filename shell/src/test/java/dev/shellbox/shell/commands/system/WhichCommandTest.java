package dev.shellbox.shell.commands.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import org.junit.jupiter.api.Test;

class WhichCommandTest {

    @Test
    void findsBuiltInCommandsThroughTheRunner() {
        CommandTester.Result r = CommandTester.create().run("which", "env", "cat");
        assertThat(r.out()).isEqualTo("/usr/bin/env\n/usr/bin/cat\n");
        assertThat(r.status()).isZero();
    }

    @Test
    void findsExecutablesOnThePathAndListsAllWithMinusA() {
        CommandTester t = CommandTester.create()
                .env("PATH", "/work/bin:/work/more")
                .file("bin/tool", "#!/bin/sh\n")
                .mode("bin/tool", 0755)
                .file("more/tool", "#!/bin/sh\n")
                .mode("more/tool", 0755)
                .file("more/data", "not executable\n");
        assertThat(t.run("which", "tool").out()).isEqualTo("/work/bin/tool\n");
        assertThat(t.run("which", "-a", "tool").out()).isEqualTo("/work/bin/tool\n/work/more/tool\n");
        CommandTester.Result missing = t.run("which", "data");
        assertThat(missing.status()).isEqualTo(1);
        assertThat(missing.out()).isEmpty();
        assertThat(missing.err()).isEmpty();
    }
}
