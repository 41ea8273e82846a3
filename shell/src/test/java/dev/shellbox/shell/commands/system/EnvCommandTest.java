package dev.shellbox.shell.commands.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvCommandTest {

    @Test
    void printsTheInheritedEnvironmentSorted() {
        CommandTester t = CommandTester.create().env("ZED", "z").env("ALPHA", "a");
        String out = t.run("env").out();
        assertThat(out).startsWith("ALPHA=a\n").endsWith("ZED=z\n").contains("HOME=/work\n");
    }

    @Test
    void runsTheCommandInADerivedContext() {
        CommandTester t = CommandTester.create().file("sub/f", "inside\n");
        CommandTester.Result r = t.run("env", "-i", "-C", "sub", "GREETING=hi", "printenv");
        assertThat(r.out()).isEqualTo("GREETING=hi\n");
        assertThat(t.run("env", "-C", "sub", "cat", "f").out()).isEqualTo("inside\n");
    }

    @Test
    void returnsTheStatusOfTheCommand() {
        CommandTester t = CommandTester.create();
        assertThat(t.run("env", "printenv", "NOT_SET_ANYWHERE").status()).isEqualTo(1);
    }

    @Test
    void splitsMinusSStringsWithQuotesEscapesAndVariables() {
        Map<String, String> env = Map.of("WHO", "world");
        assertThat(EnvCommand.SplitString.split("a 'b c' \"d ${WHO}\" e\\_f # comment", env))
                .isEqualTo(List.of("a", "b c", "d world", "e", "f"));
        assertThat(EnvCommand.SplitString.split("\"tab\\there\"", env)).isEqualTo(List.of("tab\there"));
        assertThat(EnvCommand.SplitString.split("'open", env)).isNull();
    }
}
