package dev.shellbox.shell.commands.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import org.junit.jupiter.api.Test;

class IdCommandTest {

    @Test
    void describesTheSandboxUser() {
        CommandTester t = CommandTester.create();
        assertThat(t.run("id").out()).isEqualTo("uid=1000(user) gid=1000(user) groups=1000(user)\n");
        assertThat(t.run("id", "-un").out()).isEqualTo("user\n");
        assertThat(t.run("id", "-g").out()).isEqualTo("1000\n");
        assertThat(t.run("whoami").out()).isEqualTo("user\n");
        assertThat(t.run("id", "root").out()).isEqualTo("uid=0(root) gid=0(root) groups=0(root)\n");
    }

    @Test
    void unameAndHostnameUseTheSandboxIdentity() {
        CommandTester t = CommandTester.create();
        assertThat(t.run("uname", "-a").out())
                .isEqualTo("Linux shellbox 6.1.0-shellbox #1 SMP PREEMPT_DYNAMIC x86_64 GNU/Linux\n");
        assertThat(t.run("uname", "-n").out()).isEqualTo("shellbox\n");
        assertThat(t.run("hostname").out()).isEqualTo("shellbox\n");
        CommandTester.Result set = t.run("hostname", "other");
        assertThat(set.status()).isEqualTo(1);
        assertThat(set.err()).isEqualTo("hostname: you must be root to change the host name\n");
    }

    @Test
    void nprocHonoursOpenMpVariables() {
        CommandTester t = CommandTester.create().env("OMP_NUM_THREADS", "3,2");
        assertThat(t.run("nproc").out()).isEqualTo("3\n");
        assertThat(t.run("nproc", "--ignore=2").out()).isEqualTo("1\n");
        assertThat(t.env("OMP_THREAD_LIMIT", "2").run("nproc").out()).isEqualTo("2\n");
    }
}
