package dev.shellbox.shell.commands.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import org.junit.jupiter.api.Test;

class ChownCommandTest {

    @Test
    void acceptsTheSandboxUserAsANoOp() {
        CommandTester t = CommandTester.create().file("f", "x");
        CommandTester.Result r = t.run("chown", "-v", "user:user", "f");
        assertThat(r.status()).isZero();
        assertThat(r.out()).isEqualTo("ownership of 'f' retained as user:user\n");
        assertThat(t.run("chown", "1000", "f").status()).isZero();
        assertThat(t.run("chgrp", "user", "f").status()).isZero();
    }

    @Test
    void refusesToGiveFilesToAnotherUserAsLinuxDoes() {
        CommandTester t = CommandTester.create().file("f", "x");
        CommandTester.Result r = t.run("chown", "root", "f");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("chown: changing ownership of 'f': Operation not permitted\n");
        CommandTester.Result g = t.run("chgrp", "-v", "0", "f");
        assertThat(g.err()).isEqualTo("chgrp: changing group of 'f': Operation not permitted\n");
        assertThat(g.out()).isEqualTo("failed to change group of 'f' from user to root\n");
    }

    @Test
    void fromSkipsFilesOfOtherOwners() {
        CommandTester t = CommandTester.create().file("f", "x");
        assertThat(t.run("chown", "--from=root", "root", "f").status()).isZero();
    }

    @Test
    void rejectsUnknownNames() {
        CommandTester t = CommandTester.create().file("f", "x");
        assertThat(t.run("chown", "alice", "f").err()).isEqualTo("chown: invalid user: ‘alice’\n");
        assertThat(t.run("chgrp", "staff", "f").err()).isEqualTo("chgrp: invalid group: ‘staff’\n");
    }
}
