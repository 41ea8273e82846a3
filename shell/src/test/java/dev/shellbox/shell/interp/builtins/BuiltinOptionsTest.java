package dev.shellbox.shell.interp.builtins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.interp.Execution;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.Shell;
import dev.shellbox.shell.io.Text;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class BuiltinOptionsTest {
    private static final Path BASH = Path.of("/bin/bash");

    /** Parses argv and describes what came out: each option with its argument, then the operands. */
    private static String parse(String spec, String... argv) {
        BuiltinOptions o = new BuiltinOptions(List.of(argv), spec, null);
        List<String> seen = new ArrayList<>();
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            if (c == BuiltinOptions.INVALID) {
                seen.add("error(" + o.error() + ")");
                return String.join(" ", seen);
            }
            String prefix = o.isPlus() ? "+" : "-";
            seen.add(prefix + (char) c + (o.argument() == null ? "" : "=" + o.argument()));
        }
        return String.join(" ", seen) + " | " + String.join(" ", o.operands());
    }

    @Test
    void readsSeparateAndCombinedFlags() {
        assertThat(parse("abc", "x", "-a", "-bc", "name")).isEqualTo("-a -b -c | name");
    }

    @Test
    void takesAnOptionArgumentAttachedOrFromTheNextWord() {
        assertThat(parse("rd:", "read", "-d", "x", "v")).isEqualTo("-d=x | v");
        assertThat(parse("rd:", "read", "-dx", "v")).isEqualTo("-d=x | v");
        assertThat(parse("rd:", "read", "-rdx", "v")).isEqualTo("-r -d=x | v");
        assertThat(parse("rd:", "read", "-d", "-r", "v")).isEqualTo("-d=-r | v");
        assertThat(parse("rd:", "read", "-d", "", "v")).isEqualTo("-d= | v");
    }

    @Test
    void endsAtDoubleDashALoneDashOrTheFirstOperand() {
        assertThat(parse("ab", "x", "-a", "--", "-b")).isEqualTo("-a | -b");
        assertThat(parse("ab", "x", "-a", "-", "-b")).isEqualTo("-a | - -b");
        assertThat(parse("ab", "x", "v", "-a")).isEqualTo(" | v -a");
        assertThat(parse("ab", "x")).isEqualTo(" | ");
    }

    @Test
    void acceptsPlusFormsOnlyWhenTheSpecSaysSo() {
        assertThat(parse("+ab", "declare", "+a", "-b", "+", "x")).isEqualTo("+a -b | + x");
        assertThat(parse("ab", "export", "+a", "x")).isEqualTo(" | +a x");
    }

    @Test
    void reportsAnInvalidLetterWithTheSignItWasWrittenWith() {
        assertThat(parse("ab", "x", "-az")).isEqualTo("-a error(-z: invalid option)");
        assertThat(parse("+ab", "x", "+z")).isEqualTo("error(+z: invalid option)");
        assertThat(parse("ab", "x", "--help")).isEqualTo("error(--: invalid option)");
        assertThat(parse("a:", "x", "-:")).isEqualTo("error(-:: invalid option)");
    }

    @Test
    void reportsAMissingArgument() {
        assertThat(parse("rd:", "read", "-rd")).isEqualTo("-r error(-d: option requires an argument)");
    }

    @Test
    void anOptionalArgumentSkipsAWordThatLooksLikeAnOption() {
        assertThat(parse("n;f;", "ulimit", "-n", "10", "-f")).isEqualTo("-n=10 -f | ");
        assertThat(parse("n;f;", "ulimit", "-n", "-f")).isEqualTo("-n -f | ");
        assertThat(parse("n;f;", "ulimit", "-nf")).isEqualTo("-n=f | ");
        assertThat(parse("n;f;", "ulimit", "-n", "--")).isEqualTo("-n=-- | ");
        assertThat(parse("n;f;", "ulimit", "-n")).isEqualTo("-n | ");
    }

    /** A script and what bash 5.2 writes to stderr for it, with its status. */
    record Case(String script, String stderr, int status) {
        @Override
        public String toString() {
            return script;
        }
    }

    static List<Case> bashMessages() {
        return List.of(
                new Case(
                        "alias -px",
                        "bash: line 1: alias: -x: invalid option\nalias: usage: alias [-p] [name[=value] ... ]\n",
                        2),
                new Case(
                        "unalias -x",
                        "bash: line 1: unalias: -x: invalid option\nunalias: usage: unalias [-a] name [name ...]\n",
                        2),
                new Case("unalias --", "unalias: usage: unalias [-a] name [name ...]\n", 2),
                new Case(
                        "unset -fx",
                        "bash: line 1: unset: -x: invalid option\nunset: usage: unset [-f] [-v] [-n] [name ...]\n",
                        2),
                new Case(
                        "read -rz",
                        "bash: line 1: read: -z: invalid option\nread: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n",
                        2),
                new Case(
                        "read -d",
                        "bash: line 1: read: -d: option requires an argument\nread: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n",
                        2),
                new Case(
                        "mapfile -tz",
                        "bash: line 1: mapfile: -z: invalid option\nmapfile: usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n",
                        2),
                new Case(
                        "readarray -u",
                        "bash: line 1: readarray: -u: option requires an argument\nreadarray: usage: readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n",
                        2),
                new Case(
                        "printf -x",
                        "bash: line 1: printf: -x: invalid option\nprintf: usage: printf [-v var] format [arguments]\n",
                        2),
                new Case(
                        "printf -v",
                        "bash: line 1: printf: -v: option requires an argument\nprintf: usage: printf [-v var] format [arguments]\n",
                        2),
                new Case(
                        "ulimit -1",
                        "bash: line 1: ulimit: -1: invalid option\nulimit: usage: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]\n",
                        2),
                new Case(
                        "history -cx",
                        "bash: line 1: history: -x: invalid option\nhistory: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\n",
                        2),
                new Case(
                        "history -d",
                        "bash: line 1: history: -d: option requires an argument\nhistory: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\n",
                        2),
                new Case(
                        "getopts -x",
                        "bash: line 1: getopts: -x: invalid option\ngetopts: usage: getopts optstring name [arg ...]\n",
                        2),
                new Case("getopts a", "getopts: usage: getopts optstring name [arg ...]\n", 2),
                new Case(
                        "declare +Q",
                        "bash: line 1: declare: +Q: invalid option\ndeclare: usage: declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]\n",
                        2),
                new Case(
                        "declare -fQ",
                        "bash: line 1: declare: -Q: invalid option\ndeclare: usage: declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]\n",
                        2),
                new Case(
                        "export -x",
                        "bash: line 1: export: -x: invalid option\nexport: usage: export [-fn] [name[=value] ...] or export -p\n",
                        2),
                new Case(
                        "readonly -Q",
                        "bash: line 1: readonly: -Q: invalid option\nreadonly: usage: readonly [-aAf] [name[=value] ...] or readonly -p\n",
                        2),
                new Case(
                        "set -eQ",
                        "bash: line 1: set: -Q: invalid option\nset: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n",
                        2),
                new Case(
                        "set +Q",
                        "bash: line 1: set: +Q: invalid option\nset: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n",
                        2),
                new Case(
                        "set -oQ pipefail",
                        "bash: line 1: set: -Q: invalid option\nset: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n",
                        1),
                new Case(
                        "trap -lx",
                        "bash: line 1: trap: -x: invalid option\ntrap: usage: trap [-lp] [[arg] signal_spec ...]\n",
                        2),
                new Case(
                        "cd -Lx", "bash: line 1: cd: -x: invalid option\ncd: usage: cd [-L|[-P [-e]] [-@]] [dir]\n", 2),
                new Case("pwd -Q", "bash: line 1: pwd: -Q: invalid option\npwd: usage: pwd [-LP]\n", 2),
                new Case(
                        "wait -x",
                        "bash: line 1: wait: -x: invalid option\nwait: usage: wait [-fn] [-p var] [id ...]\n",
                        2),
                new Case(
                        "wait -p",
                        "bash: line 1: wait: -p: option requires an argument\nwait: usage: wait [-fn] [-p var] [id ...]\n",
                        2),
                new Case(
                        "jobs -lz",
                        "bash: line 1: jobs: -z: invalid option\njobs: usage: jobs [-lnprs] [jobspec ...] or jobs -x command [args]\n",
                        2),
                new Case(
                        "disown -x",
                        "bash: line 1: disown: -x: invalid option\ndisown: usage: disown [-h] [-ar] [jobspec ... | pid ...]\n",
                        2),
                new Case(
                        "umask -Sx",
                        "bash: line 1: umask: -x: invalid option\numask: usage: umask [-p] [-S] [mode]\n",
                        2),
                new Case(
                        "exec -x",
                        "bash: line 1: exec: -x: invalid option\nexec: usage: exec [-cl] [-a name] [command [argument ...]] [redirection ...]\n",
                        2),
                new Case(
                        "exec -a",
                        "bash: line 1: exec: -a: option requires an argument\nexec: usage: exec [-cl] [-a name] [command [argument ...]] [redirection ...]\n",
                        2),
                new Case(
                        "hash -x",
                        "bash: line 1: hash: -x: invalid option\nhash: usage: hash [-lr] [-p pathname] [-dt] [name ...]\n",
                        2),
                new Case(
                        "hash -p",
                        "bash: line 1: hash: -p: option requires an argument\nhash: usage: hash [-lr] [-p pathname] [-dt] [name ...]\n",
                        2),
                new Case(
                        "type -x",
                        "bash: line 1: type: -x: invalid option\ntype: usage: type [-afptP] name [name ...]\n",
                        2),
                new Case(
                        "command -x",
                        "bash: line 1: command: -x: invalid option\ncommand: usage: command [-pVv] command [arg ...]\n",
                        2),
                new Case("eval -x", "bash: line 1: eval: -x: invalid option\neval: usage: eval [arg ...]\n", 2),
                new Case(
                        "source -x",
                        "bash: line 1: source: -x: invalid option\nsource: usage: source filename [arguments]\n",
                        2),
                new Case(". -x", "bash: line 1: .: -x: invalid option\n.: usage: . filename [arguments]\n", 2),
                new Case(
                        "builtin -x",
                        "bash: line 1: builtin: -x: invalid option\nbuiltin: usage: builtin [shell-builtin [arg ...]]\n",
                        2),
                new Case("times -x", "bash: line 1: times: -x: invalid option\ntimes: usage: times\n", 2),
                new Case(
                        "help -x",
                        "bash: line 1: help: -x: invalid option\nhelp: usage: help [-dms] [pattern ...]\n",
                        2),
                new Case(
                        "enable -x",
                        "bash: line 1: enable: -x: invalid option\nenable: usage: enable [-a] [-dnps] [-f filename] [name ...]\n",
                        2),
                new Case(
                        "shopt -x",
                        "bash: line 1: shopt: -x: invalid option\nshopt: usage: shopt [-pqsu] [-o] [optname ...]\n",
                        2),
                new Case(
                        "shopt --x",
                        "bash: line 1: shopt: --: invalid option\nshopt: usage: shopt [-pqsu] [-o] [optname ...]\n",
                        2));
    }

    @ParameterizedTest
    @MethodSource("bashMessages")
    void printsWhatBashPrints(Case c) throws Exception {
        InMemoryFileSystem fs = new InMemoryFileSystem();
        Shell shell = Shell.builder().fileSystem(fs).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExecutionResult r = shell.execute(
                Execution.builder(c.script()).stdout(out).stderr(err).build());
        assertThat(Text.decode(err.toByteArray())).as("stderr").isEqualTo(c.stderr());
        assertThat(r.exitStatus()).as("status").isEqualTo(c.status());
    }

    /** The table above is bash's own output: checked against /bin/bash when it is bash 5.2. */
    @ParameterizedTest
    @MethodSource("bashMessages")
    void theTableIsWhatBashPrints(Case c) throws Exception {
        assumeTrue(Files.isExecutable(BASH), "needs /bin/bash");
        Process version = new ProcessBuilder(BASH.toString(), "-c", "echo $BASH_VERSION").start();
        String v = new String(version.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assumeTrue(v.startsWith("5.2"), "needs bash 5.2");
        // run as "bash", the name the engine's messages carry
        Process p = new ProcessBuilder(BASH.toString(), "-c", "exec -a bash " + BASH + " -c \"$1\"", "_", c.script())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        p.getOutputStream().close();
        byte[] stderr = p.getErrorStream().readAllBytes();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(new String(stderr, StandardCharsets.UTF_8)).isEqualTo(c.stderr());
        assertThat(p.exitValue()).isEqualTo(c.status());
    }
}
