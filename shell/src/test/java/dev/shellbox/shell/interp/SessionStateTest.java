package dev.shellbox.shell.interp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.FileSystem;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Shell#saveState()} and {@link Shell#restoreState}: random sessions, saved and restored into a new shell,
 * print the same {@code declare -p}, {@code declare -f}, {@code alias -p}, {@code shopt -p}, {@code set +o}, {@code
 * pwd}, {@code umask}, {@code dirs} and {@code trap -p}. Seeds are fixed, so a failure names a session that
 * reproduces.
 */
class SessionStateTest {
    private static final String LOOK = """
            declare -p
            declare -f
            alias -p
            shopt -p
            set +o
            pwd
            umask
            dirs -l -p
            trap -p
            printf '<%s>' "$@"; echo
            """;
    private static final String[] NAMES = {"a", "b", "c", "long_name", "X", "HOSTNAME", "OPTERR", "PS4", "TMP"};
    private static final String[] REFS = {"r1", "r2"};
    private static final String[] FUNCTIONS = {
        "echo \"$1\" | tr a-z A-Z",
        "local x=$1; for i in 1 2; do echo $x$i; done",
        "case $1 in a|b) echo AB;; *) echo \"other $1\";; esac",
        "if [[ -n $1 && $1 != x* ]]; then return 0; else return 1; fi",
        "cat <<EOF\nhello $1 \\$HOME\nEOF",
        "(cd /tmp && pwd) > /dev/null",
        "x=$(( $1 + 1 )); echo $x",
        "local -a arr=(a 'b c'); echo \"${arr[@]}\" \"${#arr[@]}\"",
        "{ echo a; echo b; } 2>&1 | sort -r",
        "while read -r l; do echo \"$l\"; done < /dev/null",
        "echo 'single' \"dq $HOME\" \\$lit $'tab\\there'",
        "[[ $1 =~ ^[0-9]+$ ]] && echo \"${BASH_REMATCH[0]}\"",
        "printf '%s\\n' \"${@:2}\"; shift 2 || true",
        "local v=${1:-default}; echo ${v^^} ${v//a/b} ${#v}"
    };
    private static final String[] SHOPTS = {
        "extglob", "nullglob", "dotglob", "globstar", "nocasematch", "lastpipe", "expand_aliases", "xpg_echo"
    };
    private static final String[] SET_OPTIONS = {"pipefail", "noglob", "nounset", "allexport", "noclobber", "xtrace"};

    @Test
    void randomSessionsComeBackTheSame() {
        for (int seed = 1; seed <= 150; seed++) {
            Random random = new Random(seed);
            String script = session(random);
            ShellSession original = ShellSession.create();
            original.run(script);
            String before = original.run(LOOK).stdout();
            String state = original.shell.saveState();

            Shell restored = newShellOver(original.fs);
            List<String> problems = restored.restoreState(state);
            ShellSession.Run after = new ShellSession(restored).run(LOOK);

            String context = "seed " + seed + ", session:\n" + script + "\nstate:\n" + state;
            assertThat(problems).as(context).isEmpty();
            assertThat(after.stdout()).as(context).isEqualTo(before);
            assertThat(restored.saveState()).as(context).isEqualTo(state);
        }
    }

    @Test
    void aLineThatIsNotPartOfAStateIsNotRun() {
        ShellSession s = ShellSession.create();
        s.output("echo keep > /workspace/f");
        String state = s.shell.saveState() + "rm /workspace/f\ndeclare -- x=\"$(rm /workspace/f)\"\n";

        Shell restored = newShellOver(s.fs);
        List<String> problems = restored.restoreState(state);

        assertThat(problems).hasSize(2);
        assertThat(s.fs.exists("/workspace/f")).isTrue();
        assertThat(restored.variable("x")).isNull();
    }

    @Test
    void aDirectoryThatIsGoneIsReportedAndTheRestComesBack() {
        ShellSession s = ShellSession.create();
        s.output("mkdir /workspace/gone; cd /workspace/gone; kept=1; alias ll='ls -l'");
        String state = s.shell.saveState();
        s.output("cd /; rmdir /workspace/gone");

        Shell restored = newShellOver(s.fs);
        List<String> problems = restored.restoreState(state);

        assertThat(problems).anySatisfy(p -> assertThat(p).contains("/workspace/gone"));
        assertThat(restored.variable("kept")).isEqualTo("1");
        assertThat(new ShellSession(restored).output("alias ll")).isEqualTo("alias ll='ls -l'\n");
    }

    @Test
    void optionsThatChangeHowCommandsRunComeBackWithoutDisturbingTheReplay() {
        ShellSession s = ShellSession.create();
        s.output("f() { echo f; }; set() { echo hijacked; }; alias declare=false; shopt -s expand_aliases");
        s.output("builtin set -o errexit -o xtrace -o noexec");
        String state = s.shell.saveState();

        Shell restored = newShellOver(s.fs);

        assertThat(restored.restoreState(state)).isEmpty();
        assertThat(restored.saveState()).isEqualTo(state);
    }

    @Test
    void textThatIsNotAStateChangesNothing() {
        ShellSession s = ShellSession.create();
        s.output("x=1");

        List<String> problems = s.shell.restoreState("x=2\n");

        assertThat(problems).singleElement().asString().contains("not a saved session state");
        assertThat(s.shell.variable("x")).isEqualTo("1");
    }

    private static Shell newShellOver(FileSystem fs) {
        return Shell.builder()
                .commands(StandardCommands.registry())
                .fileSystem(fs)
                .environment(Map.of("HOME", "/home/user", "PATH", "/usr/bin:/bin"))
                .workingDirectory("/workspace")
                .build();
    }

    /** A script of 5 to 30 random lines that change the session's state. */
    private static String session(Random r) {
        StringBuilder sb = new StringBuilder();
        int lines = 5 + r.nextInt(26);
        for (int i = 0; i < lines; i++) {
            sb.append(line(r)).append('\n');
        }
        return sb.toString();
    }

    private static String line(Random r) {
        String name = pick(r, NAMES);
        return switch (r.nextInt(24)) {
            case 0, 1, 2 -> name + "=" + quoted(value(r));
            case 3 -> "export " + name + "=" + quoted(value(r));
            case 4 -> "declare -x " + name;
            case 5 -> "declare -i " + name + "=" + r.nextInt(100) + "+" + r.nextInt(100);
            case 6 -> "declare -a " + name + "=(" + quoted(value(r)) + " " + quoted(value(r)) + ")";
            case 7 -> name + "[" + r.nextInt(20) + "]=" + quoted(value(r));
            case 8 ->
                "declare -A " + name + "=([" + quoted(key(r)) + "]=" + quoted(value(r)) + " [" + quoted(key(r)) + "]="
                        + quoted(value(r)) + ")";
            case 9 ->
                "declare -" + pick(r, new String[] {"l", "u", "lx", "ix", "ui"}) + " " + name + "=" + quoted(value(r));
            case 10 -> "readonly " + name + "_ro=" + quoted(value(r));
            case 11 -> "declare -n " + pick(r, REFS) + "=" + name;
            case 12 -> "unset " + name;
            case 13, 14 -> "f_" + r.nextInt(5) + "() { " + pick(r, FUNCTIONS) + "\n}";
            case 15 -> "alias " + pick(r, new String[] {"ll", "la", "g1", "k"}) + "=" + quoted(value(r));
            case 16 -> "shopt -" + (r.nextBoolean() ? "s " : "u ") + pick(r, SHOPTS);
            case 17 -> "set " + (r.nextBoolean() ? "-o " : "+o ") + pick(r, SET_OPTIONS);
            case 18 -> String.format("umask %03o", r.nextInt(0777));
            case 19 -> "mkdir -p /workspace/d" + r.nextInt(3) + " && cd /workspace/d" + r.nextInt(3);
            case 20 -> "pushd -n /tmp >/dev/null; pushd /home >/dev/null";
            case 21 -> "set -- " + quoted(value(r)) + " " + quoted(value(r));
            case 22 -> "trap " + quoted("echo " + value(r)) + " " + pick(r, new String[] {"EXIT", "INT", "USR1"});
            default -> "trap '' " + pick(r, new String[] {"TERM", "HUP"});
        };
    }

    private static String pick(Random r, String[] from) {
        return from[r.nextInt(from.length)];
    }

    private static final String ALPHABET = "abcXYZ019 \t\n'\"\\$`*?[]{}!#~=%&|;<>()-_.,:@+^é中\u0001\u007f";

    private static String value(Random r) {
        int n = r.nextInt(12);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(ALPHABET.charAt(r.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }

    private static String key(Random r) {
        String k = value(r);
        return k.isEmpty() ? "k" : k;
    }

    /** {@code $'...'} with every special character escaped. */
    private static String quoted(String s) {
        StringBuilder sb = new StringBuilder("$'");
        for (char c : s.toCharArray()) {
            if (c == '\'' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\t') {
                sb.append("\\t");
            } else if (c < 32 || c == 127) {
                sb.append(String.format("\\x%02x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('\'').toString();
    }
}
