package dev.shellbox.shell.commands.data.jq;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import org.junit.jupiter.api.Test;

class JqCommandTest {

    @Test
    void processesAManyValueStreamOneValueAtATime() {
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            in.append("{\"i\":").append(i).append("}\n");
        }
        CommandTester.Result r = CommandTester.create().stdin(in.toString()).run("jq", "-c", "select(.i % 5000 == 0)");
        assertThat(r.out()).isEqualTo("{\"i\":0}\n{\"i\":5000}\n{\"i\":10000}\n{\"i\":15000}\n");
    }

    @Test
    void inputsReadsTheRemainingValuesWithoutDeepRecursion() {
        StringBuilder in = new StringBuilder();
        for (int i = 1; i <= 50_000; i++) {
            in.append(i).append('\n');
        }
        CommandTester.Result r =
                CommandTester.create().stdin(in.toString()).run("jq", "-n", "reduce inputs as $x (0; . + $x)");
        assertThat(r.out()).isEqualTo("1250025000\n");
    }

    @Test
    void formatsComputedNumbersAsJqDoes() {
        CommandTester.Result r = CommandTester.create()
                .run("jq", "-n", "-c", "[1/3, 1e17 * 1, 1.5e16 * 1, 0.00001 * 1, 3 * 1.0, 1e400 * 1]");
        assertThat(r.out()).isEqualTo("[0.3333333333333333,1e+17,15000000000000000,1e-05,3,1.7976931348623157e+308]\n");
    }

    @Test
    void invalidUtf8InStringsBecomesReplacementCharacters() {
        byte[] in = {'"', 'a', (byte) 0xff, 'b', '"', '\n'};
        CommandTester.Result r = CommandTester.create().stdin(in).run("jq", "-r", ".");
        assertThat(r.out()).isEqualTo("a\uFFFDb\n");
    }

    @Test
    void envComesFromTheShellEnvironment() {
        CommandTester.Result r =
                CommandTester.create().env("GREETING", "hi").run("jq", "-n", "-r", "env.GREETING, $ENV.GREETING");
        assertThat(r.out()).isEqualTo("hi\nhi\n");
    }

    @Test
    void haltStopsWithoutFurtherOutput() {
        CommandTester.Result r = CommandTester.create().stdin("1 2 3").run("jq", "if . == 2 then halt else . end");
        assertThat(r.out()).isEqualTo("1\n");
        assertThat(r.status()).isZero();
    }

    @Test
    void debugWritesToStderrAndPassesTheValueOn() {
        CommandTester.Result r = CommandTester.create().run("jq", "-n", "-c", "[1] | debug | length");
        assertThat(r.out()).isEqualTo("1\n");
        assertThat(r.err()).isEqualTo("[\"DEBUG:\",[1]]\n");
    }

    @Test
    void inputFilenameNamesTheCurrentFile() {
        CommandTester.Result r = CommandTester.create()
                .file("a.json", "1")
                .file("b.json", "2")
                .run("jq", "-r", "input_filename", "a.json", "b.json");
        assertThat(r.out()).isEqualTo("a.json\nb.json\n");
    }

    @Test
    void seqPrefixesEachOutputWithRecordSeparator() {
        CommandTester.Result r = CommandTester.create().run("jq", "-n", "-c", "--seq", "1, [2]");
        assertThat(r.out()).isEqualTo("\u001e1\n\u001e[2]\n");
    }
}
