package dev.shellbox.shell.commands.utils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.CommandRegistry;
import dev.shellbox.shell.command.CommandRunner;
import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeoutCommandTest {

    @Test
    void cancelsAnEndlessCommandAndExits124() {
        var r = CommandTester.create().run("timeout", "0.05", "sleep", "inf");
        assertThat(r.status()).isEqualTo(124);
        assertThat(r.err()).isEmpty();
    }

    @Test
    void verboseNamesTheSignalAndCommand() {
        var r = CommandTester.create().run("timeout", "-v", "-s", "USR1", "0.05", "sleep", "inf");
        assertThat(r.status()).isEqualTo(124);
        assertThat(r.err()).isEqualTo("timeout: sending signal USR1 to command \u2018sleep\u2019\n");
    }

    @Test
    void preserveStatusReportsTheSignal() {
        var r = CommandTester.create().run("timeout", "--preserve-status", "-s", "HUP", "0.05", "sleep", "inf");
        assertThat(r.status()).isEqualTo(129);
    }

    @Test
    void parentCancellationIsNotMistakenForATimeout() {
        Cancellation parent = Cancellation.create();
        CommandRegistry registry = StandardCommands.registry();
        CommandContext ctx = CommandContext.builder(new InMemoryFileSystem())
                .commandName("timeout")
                .runner(CommandRunner.of(registry))
                .stderr(new ByteArrayOutputStream())
                .cancellation(parent)
                .build();
        parent.cancelAfter(20, new CancelledException("client went away"));

        assertThatThrownBy(() -> new TimeoutCommand().run(ctx, List.of("10", "sleep", "inf")))
                .isInstanceOf(CancelledException.class)
                .hasMessage("client went away");
    }

    @Test
    void nestedTimeoutsExpireIndependently() {
        var r = CommandTester.create().run("timeout", "10", "timeout", "0.05", "sleep", "inf");
        assertThat(r.status()).isEqualTo(124);
    }
}
