package dev.shellbox.shell.commands.utils.xargs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.CommandRunner;
import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class XargsCommandTest {

    /** echo as /bin/echo prints its arguments (the shell's builtin is not in the registry). */
    static final class Echo implements Command {
        @Override
        public String name() {
            return "echo";
        }

        @Override
        public String help() {
            return "echo [ARG]...";
        }

        @Override
        public int run(CommandContext ctx, List<String> args) throws IOException {
            ctx.print(String.join(" ", args) + "\n");
            ctx.stdout().flush();
            return 0;
        }
    }

    /** Exits with the status given as its first argument. */
    static final class ExitWith implements Command {
        @Override
        public String name() {
            return "exit-with";
        }

        @Override
        public String help() {
            return "exit-with STATUS";
        }

        @Override
        public int run(CommandContext ctx, List<String> args) {
            return Integer.parseInt(args.get(0));
        }
    }

    /** Prints an environment variable. */
    static final class PrintVar implements Command {
        @Override
        public String name() {
            return "print-var";
        }

        @Override
        public String help() {
            return "print-var NAME";
        }

        @Override
        public int run(CommandContext ctx, List<String> args) throws IOException {
            ctx.print(ctx.env(args.get(0)) + "\n");
            ctx.stdout().flush();
            return 0;
        }
    }

    private static CommandTester tester() {
        return CommandTester.create()
                .registry(StandardCommands.registry().register(new Echo(), new ExitWith(), new PrintVar()));
    }

    @Test
    void runsEchoWhenNoCommandIsGiven() {
        var r = tester().stdin("a  b\nc\n").run("xargs");
        assertThat(r.out()).isEqualTo("a b c\n");
        assertThat(r.status()).isZero();
    }

    @Test
    void runsEchoOnceOnEmptyInput() {
        assertThat(tester().run("xargs").out()).isEqualTo("\n");
    }

    @Test
    void defaultBufferSplitsVeryLongInputs() {
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 30_000; i++) {
            input.append("word").append(i).append('\n');
        }
        var r = tester().stdin(input.toString()).run("xargs");
        String[] lines = r.out().split("\n");
        assertThat(lines.length).isGreaterThan(1);
        for (String line : lines) {
            // "echo" plus the arguments, each with its NUL, fit in GNU's 128 KiB buffer.
            assertThat(line.length() + 1 + 5).isLessThanOrEqualTo(131_072);
        }
        assertThat(String.join(" ", lines).split(" ")).hasSize(30_000);
    }

    @Test
    void parallelRunsEveryCommand() {
        var r = tester().stdin("1 2 3 4 5 6 7 8 9 10\n").run("xargs", "-P", "4", "-n", "1", "echo");
        String[] lines = r.out().split("\n");
        Arrays.sort(lines, (x, y) -> Integer.compare(Integer.parseInt(x), Integer.parseInt(y)));
        assertThat(lines).containsExactly("1", "2", "3", "4", "5", "6", "7", "8", "9", "10");
        assertThat(r.status()).isZero();
    }

    @Test
    void parallelCollectsFailures() {
        var r = tester().stdin("0 3 0 0\n").run("xargs", "-P", "2", "-n", "1", "exit-with");
        assertThat(r.status()).isEqualTo(123);
    }

    @Test
    void processSlotVariableNamesTheSlot() {
        var r = tester().stdin("x\n").run("xargs", "--process-slot-var=SLOT", "-I", "{}", "print-var", "SLOT");
        assertThat(r.out()).isEqualTo("0\n");
    }

    @Test
    void status255AbortsWith124() {
        var r = tester().stdin("255 0\n").run("xargs", "-n", "1", "exit-with");
        assertThat(r.status()).isEqualTo(124);
        assertThat(r.err()).isEqualTo("xargs: exit-with: exited with status 255; aborting\n");
    }

    @Test
    void brokenPipeStatusIsReportedAsSignal13() {
        var r = tester().stdin("141\n").run("xargs", "exit-with");
        assertThat(r.status()).isEqualTo(125);
        assertThat(r.err()).isEqualTo("xargs: exit-with: terminated by signal 13\n");
    }

    @Test
    void commandsReadEmptyStdinWhenItemsComeFromStdin() {
        var r = tester().stdin("x\n").run("xargs", "-I", "{}", "cat");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void commandsInheritStdinWithArgFile() {
        var r = tester().file("items", "x\n").stdin("passed through\n").run("xargs", "-a", "items", "-I", "{}", "cat");
        assertThat(r.out()).isEqualTo("passed through\n");
    }

    @Test
    void interactiveModeFailsWithoutATerminal() {
        var r = tester().stdin("a\n").run("xargs", "-p", "echo");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("echo axargs: failed to open /dev/tty for reading: No such device or address\n");
    }

    @Test
    void showLimitsDescribesTheBuffer() {
        var r = tester().run("xargs", "--show-limits", "-r");
        assertThat(r.err()).contains("Size of command buffer we are actually using: 131072\n");
    }

    @Test
    void cancellationStopsParallelCommands() {
        Cancellation cancellation = Cancellation.create();
        CommandContext ctx = CommandContext.builder(new InMemoryFileSystem())
                .commandName("xargs")
                .runner(CommandRunner.of(StandardCommands.registry()))
                .stdin(new ByteArrayInputStream("inf inf inf\n".getBytes(StandardCharsets.UTF_8)))
                .stdout(new ByteArrayOutputStream())
                .stderr(new ByteArrayOutputStream())
                .cancellation(cancellation)
                .build();
        cancellation.cancelAfter(50, new CancelledException("stop"));

        assertThatThrownBy(() -> new XargsCommand().run(ctx, List.of("-P", "2", "-n", "1", "sleep")))
                .isInstanceOf(CancelledException.class);
    }
}
