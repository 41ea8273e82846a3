package dev.shellbox.shell.commands.data.awk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class AwkCommandTest {

    /** A stand-in for the shell: "echo WORDS", "cat", "upper" (stdin upper-cased) and "exit N". */
    private static final Command FAKE_SH = new Command() {
        @Override
        public String name() {
            return "sh";
        }

        @Override
        public String help() {
            return "sh -c COMMAND";
        }

        @Override
        public int run(CommandContext ctx, List<String> args) throws IOException {
            String script = args.get(1);
            if (script.startsWith("echo ")) {
                ctx.print(script.substring(5) + "\n");
            } else if (script.equals("cat") || script.equals("upper")) {
                String in = Text.decode(ctx.stdin().readAllBytes());
                ctx.print(script.equals("upper") ? in.toUpperCase() : in);
            } else if (script.startsWith("exit ")) {
                return Integer.parseInt(script.substring(5));
            }
            ctx.stdout().flush();
            return 0;
        }
    };

    private static CommandTester tester() {
        return CommandTester.create().registry(StandardCommands.registry().register(FAKE_SH));
    }

    @Test
    void readsCommandOutputWithGetline() {
        CommandTester.Result r = tester().run(
                        "awk",
                        "BEGIN { while ((\"echo a b\" | getline line) > 0) n++; "
                                + "print n, line; print close(\"echo a b\") }");
        assertThat(r.out()).isEqualTo("1 a b\n0\n");
    }

    @Test
    void commandGetlineWithoutVariableSetsFieldsAndNr() {
        CommandTester.Result r = tester().run("awk", "BEGIN { \"echo x y z\" | getline; print NF, $2, NR }");
        assertThat(r.out()).isEqualTo("3 y 1\n");
    }

    @Test
    void pipesPrintOutputIntoACommandAndReportsItsStatusOnClose() {
        CommandTester.Result r = tester().stdin("one\ntwo\n")
                .run("awk", "{ print | \"upper\" } END { print close(\"upper\"); print \"after\" }");
        assertThat(r.out()).isEqualTo("ONE\nTWO\n0\nafter\n");
    }

    @Test
    void systemRunsACommandAndReturnsItsStatusAfterFlushingOutput() {
        CommandTester.Result r = tester().run(
                        "awk",
                        "BEGIN { print \"before\"; s = system(\"echo inside\"); r = system(\"exit 3\"); "
                                + "print s, r }");
        assertThat(r.out()).isEqualTo("before\ninside\n0 3\n");
    }

    @Test
    void closingSomethingNeverOpenedReturnsMinusOne() {
        assertThat(tester().run("awk", "BEGIN { print close(\"nothing\") }").out())
                .isEqualTo("-1\n");
    }

    @Test
    void writesFilesThroughTheFileSystem() {
        CommandTester t = tester();
        CommandTester.Result r = t.stdin("a\nb\n").run("awk", "{ print NR \": \" $0 > \"out/list.txt\" }");
        assertThat(r.status()).isEqualTo(2);
        t.dir("out");
        assertThat(t.stdin("a\nb\n")
                        .run("awk", "{ print NR \": \" $0 > \"out/list.txt\" }")
                        .status())
                .isZero();
        assertThat(t.run("cat", "out/list.txt").out()).isEqualTo("1: a\n2: b\n");
    }

    @Test
    void passesInvalidUtf8ThroughUnchanged() {
        byte[] input = {'x', ' ', (byte) 0xff, (byte) 0xc3, '(', '\n'};
        CommandTester.Result r = tester().stdin(input).run("awk", "{ print $2 }");
        assertThat(r.stdout()).containsExactly((byte) 0xff, (byte) 0xc3, '(', '\n');
    }

    @Test
    void streamsLargeInputRecordByRecord() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            sb.append("row ").append(i).append(' ').append(i % 7).append('\n');
        }
        CommandTester.Result r = tester().stdin(sb.toString()).run("awk", "{ s += $3; n++ } END { print n, s }");
        long expected = 0;
        for (int i = 0; i < 200_000; i++) {
            expected += i % 7;
        }
        assertThat(r.out()).isEqualTo("200000 " + expected + "\n");
    }

    @Test
    void deepRecursionIsAFatalErrorNotACrash() {
        CommandTester.Result r = tester().run("awk", "function f(n) { return f(n + 1) } BEGIN { f(1) }");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("fatal: function call nesting is too deep");
    }

    @Test
    void answersHelp() {
        CommandTester.Result r = tester().run("awk", "--help");
        assertThat(r.status()).isZero();
        assertThat(r.out()).startsWith("Usage: awk");
    }
}
