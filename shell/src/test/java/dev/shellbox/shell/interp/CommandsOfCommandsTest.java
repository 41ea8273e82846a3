package dev.shellbox.shell.interp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Commands that run commands ({@code xargs}, {@code env}, {@code find -exec}) find builtins that Linux has as programs. */
class CommandsOfCommandsTest {
    private final ShellSession s = ShellSession.create();

    @Test
    void xargsAndEnvRunEchoPrintfTrueAndTest() {
        assertThat(s.output("printf 'a\\nb\\n' | xargs echo x")).isEqualTo("x a b\n");
        assertThat(s.output("env GREETING=hi printf '%s\\n' ok")).isEqualTo("ok\n");
        assertThat(s.output("echo 1 | xargs test 1 -eq && echo equal")).isEqualTo("equal\n");
        assertThat(s.output("xargs true < /dev/null; echo $?")).isEqualTo("0\n");
        assertThat(s.output("which echo printf")).isEqualTo("/usr/bin/echo\n/usr/bin/printf\n");
    }

    @Test
    void builtinsThatAreNoProgramsAreNotFound() {
        ShellSession.Run r = s.run("echo /tmp | xargs cd; echo $?");

        assertThat(r.stdout()).isEqualTo("127\n");
        assertThat(r.stderr()).contains("xargs: cd: No such file or directory");
    }
}
