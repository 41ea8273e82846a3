package dev.shellbox.shell.interp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.Modes;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.Text;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Realistic agent-style scripts ({@code src/test/resources/differential/scripts/*.sh}), each run with the real
 * {@code /bin/bash} in a temporary directory and with the engine over an in-memory file system holding the same
 * directory; stdout, stderr, exit status and the resulting files must be identical. The scripts use shell builtins
 * and the commands the engine has built in.
 */
class ScriptDifferentialTest {
    private static final Path BASH = Path.of("/bin/bash");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** What one run produced. */
    record Run(String stdout, String stderr, int status, Map<String, String> files) {}

    @TestFactory
    List<DynamicTest> scriptsBehaveAsInBash() throws Exception {
        Path dir = Path.of(ScriptDifferentialTest.class
                .getResource("/differential/scripts")
                .toURI());
        List<Path> scripts;
        try (Stream<Path> s = Files.list(dir)) {
            scripts = s.filter(p -> p.toString().endsWith(".sh")).sorted().toList();
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (Path script : scripts) {
            tests.add(DynamicTest.dynamicTest(script.getFileName().toString(), () -> compare(script)));
        }
        return tests;
    }

    private static void compare(Path script) throws Exception {
        assumeTrue(Files.isExecutable(BASH), "needs /bin/bash");
        byte[] code = Files.readAllBytes(script);
        Path work = Files.createTempDirectory("shellbox-diff");
        try {
            Run bash = runBash(work, code);
            Run engine = runEngine(work.toString(), code);
            assertThat(engine.stdout()).as("stdout").isEqualTo(bash.stdout());
            assertThat(engine.stderr()).as("stderr").isEqualTo(bash.stderr());
            assertThat(engine.status()).as("exit status").isEqualTo(bash.status());
            assertThat(engine.files()).as("resulting files").isEqualTo(bash.files());
        } finally {
            deleteTree(work);
        }
    }

    private static Map<String, String> environment(String dir) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", "/usr/bin:/bin");
        env.put("HOME", dir);
        env.put("LC_ALL", "C.UTF-8");
        env.put("TZ", "UTC");
        return env;
    }

    private static Run runBash(Path work, byte[] code) throws Exception {
        Files.write(work.resolve("script.sh"), code);
        ProcessBuilder pb = new ProcessBuilder(BASH.toString(), "script.sh").directory(work.toFile());
        pb.environment().clear();
        pb.environment().putAll(environment(work.toString()));
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread errPump = new Thread(() -> {
            try {
                p.getErrorStream().transferTo(err);
            } catch (IOException e) {
                // the process ended
            }
        });
        errPump.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("bash timed out");
        }
        errPump.join();
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(work)) {
            for (Path f : s.sorted().toList()) {
                String rel = work.relativize(f).toString();
                if (rel.isEmpty()) {
                    continue;
                }
                files.put(rel, Files.isDirectory(f) ? "<dir>" : Text.decode(Files.readAllBytes(f)));
            }
        }
        return new Run(Text.decode(out), Text.decode(err.toByteArray()), p.exitValue(), files);
    }

    private static Run runEngine(String dir, byte[] code) throws IOException {
        InMemoryFileSystem fs = new InMemoryFileSystem(java.time.Clock.systemUTC(), hostUid(), hostUid());
        String current = "/";
        for (String part : PathNames.components(dir)) {
            current = PathNames.join(current, part);
            fs.createDirectory(current, Modes.DEFAULT_DIRECTORY);
        }
        try (OutputStream o = fs.newOutputStream(dir + "/script.sh", WriteMode.TRUNCATE, 0644)) {
            o.write(code);
        }
        Shell shell = Shell.builder()
                .fileSystem(fs)
                .commands(StandardCommands.registry())
                .escalator(Escalator.NONE)
                .limits(ExecutionLimits.DEFAULT.withTimeout(TIMEOUT))
                .environment(environment(dir))
                .workingDirectory(dir)
                .identity(new Identity("user", hostUid(), "user", hostUid(), "shellbox", dir))
                .build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExecutionResult r = shell.runMain(
                List.of("script.sh"), new ByteArrayInputStream(new byte[0]), out, err, Cancellation.create());
        Map<String, String> files = new TreeMap<>();
        collect(fs, dir, "", files);
        return new Run(Text.decode(out.toByteArray()), Text.decode(err.toByteArray()), r.exitStatus(), files);
    }

    private static void collect(FileSystem fs, String base, String rel, Map<String, String> files) throws IOException {
        List<String> names = new ArrayList<>(fs.list(rel.isEmpty() ? base : base + "/" + rel));
        names.sort(Comparator.naturalOrder());
        for (String name : names) {
            String r = rel.isEmpty() ? name : rel + "/" + name;
            String abs = base + "/" + r;
            FileStat st = fs.lstat(abs);
            if (st.isDirectory()) {
                files.put(r, "<dir>");
                collect(fs, base, r, files);
            } else {
                try (InputStream in = fs.newInputStream(abs)) {
                    files.put(r, Text.decode(in.readAllBytes()));
                } catch (FsException e) {
                    files.put(r, "<unreadable>");
                }
            }
        }
    }

    /** The uid the tests run as, so that both runs see the same permissions. */
    private static int hostUid() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return Integer.parseInt(line.split("\\s+")[1]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: any uid will do
        }
        return 1000;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
