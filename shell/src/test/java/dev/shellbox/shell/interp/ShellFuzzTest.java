package dev.shellbox.shell.interp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.syntax.ParseError;
import dev.shellbox.shell.syntax.Parser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Feeds random and mutated scripts (mutations of the differential corpus) to the parser and the interpreter under
 * tight limits. Whatever the input, parsing either succeeds or ends in a {@link ParseError}; execution returns a
 * status without an internal error and within its deadline: every failure is a clean syntax error or a limit. Seeds
 * are fixed, so a failure names an input that reproduces.
 */
class ShellFuzzTest {
    private static final ExecutionLimits TIGHT =
            new ExecutionLimits(Duration.ofSeconds(2), 20_000, 20_000, 40, 256 * 1024, 64 * 1024, 10_000, 2_000, 8, 32);
    private static final String[] TOKENS = {
        "$(",
        ")",
        "(",
        "{",
        "}",
        "\"",
        "'",
        "`",
        "<<EOF\n",
        "\nEOF\n",
        ";;",
        "|",
        "||",
        "&&",
        "&",
        ";",
        "((",
        "))",
        "[[",
        "]]",
        "${",
        "${x:-",
        "${#",
        "${!",
        "!",
        "*",
        "?",
        "[",
        "]",
        "\n",
        "fi",
        "then",
        "done",
        "do",
        "esac",
        "in",
        "$((",
        "<(",
        ">(",
        ">",
        "<",
        ">>",
        "2>&1",
        "\\",
        "$'",
        "@(",
        "=",
        "+=",
        "(x y)",
        "while true",
        "for i in",
        "case x in",
        "f() ",
        "function g",
        "local",
        "declare -A",
        "trap",
        "eval",
        "exit",
        "return",
        "break",
        "$@",
        "$*",
        "$#",
        "$?",
        "{1..3}",
        "{a,b}",
        "~",
        "read",
        "set -e",
        "shopt -s extglob",
        "0x",
        "#",
        "\t",
        " ",
        "$x",
        "x=",
        "a[1]=",
        "${a[@]}",
        "echo",
        "printf %s",
        "$(echo a)",
        "`echo b`",
        "\u00e9",
        "\u0000"
    };

    private static List<String> corpus() throws Exception {
        Path dir =
                Path.of(ShellFuzzTest.class.getResource("/differential/scripts").toURI());
        List<String> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                out.add(Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        out.add("f() { f | f & }; f");
        out.add("g() { g; }; g");
        out.add("while :; do :; done");
        out.add("x=a; while :; do x=$x$x; done");
        out.add("echo {1..100}{1..100}{1..100}");
        out.add("yes() { while :; do echo y; done; }; yes | yes | (read a; echo $a)");
        out.add("a=(); while :; do a+=(x x x x); done");
        out.add("cat <<EOF\n$(echo $((1/0)))\nEOF");
        return out;
    }

    private static String mutate(String s, Random r) {
        StringBuilder sb = new StringBuilder(s);
        int edits = 1 + r.nextInt(6);
        for (int e = 0; e < edits; e++) {
            int pos = sb.length() == 0 ? 0 : r.nextInt(sb.length() + 1);
            switch (r.nextInt(5)) {
                case 0 -> sb.insert(pos, TOKENS[r.nextInt(TOKENS.length)]);
                case 1 -> {
                    int end = Math.min(sb.length(), pos + r.nextInt(20));
                    sb.delete(pos, end);
                }
                case 2 -> {
                    int end = Math.min(sb.length(), pos + r.nextInt(40));
                    sb.insert(pos, sb.substring(pos, end));
                }
                case 3 -> sb.insert(pos, (char) (32 + r.nextInt(95)));
                default -> {
                    if (pos < sb.length()) {
                        sb.setCharAt(pos, (char) (r.nextInt(128)));
                    }
                }
            }
        }
        return sb.toString();
    }

    private static String random(Random r) {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(30);
        for (int i = 0; i < n; i++) {
            sb.append(TOKENS[r.nextInt(TOKENS.length)]);
            if (r.nextBoolean()) {
                sb.append(' ');
            }
        }
        return sb.toString();
    }

    private static List<String> inputs(long seed, int count) throws Exception {
        Random r = new Random(seed);
        List<String> corpus = corpus();
        List<String> out = new ArrayList<>(corpus.subList(corpus.size() - 8, corpus.size()));
        for (int i = 0; i < count; i++) {
            out.add(r.nextInt(3) == 0 ? random(r) : mutate(corpus.get(r.nextInt(corpus.size())), r));
        }
        return out;
    }

    @Test
    void parserEndsEveryInputWithAnAstOrASyntaxError() throws Exception {
        for (String input : inputs(42, 3000)) {
            try {
                Parser.parse(input, "fuzz");
            } catch (ParseError e) {
                assertThat(e.getMessage()).isNotBlank();
            } catch (RuntimeException | StackOverflowError e) {
                fail("parser threw " + e + " for input:\n" + input, e);
            }
        }
    }

    @Test
    void interpreterEndsEveryInputWithAStatusWithinItsLimits() throws Exception {
        ExecutorService watchdog = Executors.newSingleThreadExecutor();
        try {
            for (String input : inputs(7, 400)) {
                InMemoryFileSystem fs = new InMemoryFileSystem();
                fs.createDirectory("/work", 0755);
                Shell shell = Shell.builder()
                        .fileSystem(fs)
                        .commands(StandardCommands.registry())
                        .limits(TIGHT)
                        .environment(Map.of("HOME", "/work", "PATH", "/usr/bin:/bin"))
                        .workingDirectory("/work")
                        .build();
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                Future<ExecutionResult> f =
                        watchdog.submit(() -> shell.execute(input, new ByteArrayInputStream(new byte[0]), out, err));
                ExecutionResult result;
                try {
                    result = f.get(30, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    f.cancel(true);
                    fail("execution did not stop within its deadline for input:\n" + input);
                    return;
                }
                assertThat(result.exitStatus())
                        .as("status for input:\n%s", input)
                        .isBetween(0, 255);
                assertThat(err.toString(StandardCharsets.UTF_8))
                        .as("stderr for input:\n%s", input)
                        .doesNotContain("internal error");
            }
        } finally {
            watchdog.shutdownNow();
        }
    }
}
