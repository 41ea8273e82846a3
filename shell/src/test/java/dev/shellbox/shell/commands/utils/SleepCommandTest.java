package dev.shellbox.shell.commands.utils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SleepCommandTest {

    @Test
    void cancellationWakesAnInfiniteSleep() {
        Cancellation cancellation = Cancellation.create();
        CommandContext ctx = CommandContext.builder(new InMemoryFileSystem())
                .commandName("sleep")
                .cancellation(cancellation)
                .build();
        cancellation.cancelAfter(20, new CancelledException("stop"));

        assertThatThrownBy(() -> new SleepCommand().run(ctx, List.of("inf"))).isInstanceOf(CancelledException.class);
    }

    @Test
    void alreadyCancelledSleepThrowsAtOnce() {
        Cancellation cancellation = Cancellation.create();
        cancellation.cancel("gone");
        CommandContext ctx = CommandContext.builder(new InMemoryFileSystem())
                .cancellation(cancellation)
                .build();

        assertThatThrownBy(() -> new SleepCommand().run(ctx, List.of("1d"))).hasMessage("gone");
    }

    @Test
    void zeroSleepReturnsSuccess() {
        assertThat(CommandTester.create().run("sleep", "0", "0s").status()).isZero();
    }

    @Test
    void invalidIntervalIsQuotedWithLocaleQuotes() {
        var r = CommandTester.create().run("sleep", "x\u2019");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).startsWith("sleep: invalid time interval \u2018x\\\u2019\u2019\n");
    }

    @Test
    void helpDescribesSuffixes() {
        assertThat(CommandTester.create().run("sleep", "--help").out()).contains("'m' for minutes");
    }
}
