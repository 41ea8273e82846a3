package dev.shellbox.shell.conformance;

import dev.shellbox.shell.command.CommandRegistry;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.Modes;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.interp.Escalator;
import dev.shellbox.shell.interp.ExecutionLimits;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.Shell;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.Text;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs spec cases in-process, each in a fresh {@link InMemoryFileSystem} laid out as run_spec.py lays out its
 * directories: the case runs as {@code bash /case/script.sh} from {@code /case/tmp}, with HOME, TMP, SH and a fake
 * REPO_ROOT holding spec/testdata and spec/bin.
 */
final class SpecRunner {
    static final String SHELL_NAME = "bash";
    private static final Identity ROOT = new Identity("root", 0, "root", 0, "shellbox", "/root");

    private final Map<String, byte[]> fixtures = new LinkedHashMap<>();
    /** Fixtures that are executable in the suite (scripts the cases run by path), relative to spec/. */
    private final java.util.Set<String> executables = new java.util.HashSet<>();

    private final List<String[]> toplevel = new ArrayList<>();
    private final List<String> specNames = new ArrayList<>();
    private final CommandRegistry registry;

    /** The outcome of one case: passed, or a description of the mismatch; and how long it took. */
    record Outcome(boolean passed, String detail, long millis) {}

    SpecRunner(Path root) throws IOException {
        Path spec = root.resolve("spec");
        try (Stream<Path> files = Files.walk(spec)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                String rel = spec.relativize(p).toString();
                if (rel.endsWith(".test.sh")) {
                    specNames.add(rel);
                } else {
                    fixtures.put(rel, Files.readAllBytes(p));
                }
            }
        }
        // resources lose their modes when copied for the tests: the suite's executable files are listed
        executables.addAll(Files.readAllLines(root.resolve("executables.txt")));
        Path top = root.resolve("repo-toplevel.txt");
        if (Files.exists(top)) {
            for (String line : Files.readAllLines(top)) {
                int space = line.indexOf(' ');
                if (space > 0) {
                    toplevel.add(new String[] {line.substring(0, space), line.substring(space + 1)});
                }
            }
        }
        registry = StandardCommands.registry().register(HelperCommands.all());
    }

    private static void mkdirs(InMemoryFileSystem fs, String path) throws FsException {
        String current = "/";
        for (String part : PathNames.components(path)) {
            current = PathNames.join(current, part);
            if (!fs.exists(current)) {
                fs.createDirectory(current, Modes.DEFAULT_DIRECTORY);
            }
        }
    }

    private static void write(InMemoryFileSystem fs, String path, byte[] content, int mode) throws IOException {
        mkdirs(fs, PathNames.parent(path));
        try (OutputStream out = fs.newOutputStream(path, WriteMode.TRUNCATE, mode)) {
            out.write(content);
        }
    }

    private InMemoryFileSystem layout(String code) throws IOException {
        InMemoryFileSystem fs = new InMemoryFileSystem(java.time.Clock.systemUTC(), 0, 0);
        mkdirs(fs, "/tmp");
        fs.setMode("/tmp", 01777);
        mkdirs(fs, "/case/tmp");
        mkdirs(fs, "/case/home");
        mkdirs(fs, "/repo/_tmp/spec-tmp");
        for (String[] entry : toplevel) {
            if (entry[1].equals("spec") || entry[1].contains("/")) {
                continue;
            }
            if (entry[0].equals("d")) {
                mkdirs(fs, "/repo/" + entry[1]);
            } else {
                write(fs, "/repo/" + entry[1], new byte[0], 0644);
            }
        }
        for (Map.Entry<String, byte[]> f : fixtures.entrySet()) {
            boolean executable = f.getKey().startsWith("bin/") || executables.contains(f.getKey());
            write(fs, "/repo/spec/" + f.getKey(), f.getValue(), executable ? 0755 : 0644);
        }
        mkdirs(fs, "/repo/spec/bin");
        for (String name : specNames) {
            write(fs, "/repo/spec/" + name, new byte[0], 0644);
        }
        write(fs, "/case/script.sh", Text.encode(code), 0644);
        write(fs, "/etc/passwd", Text.encode("root:x:0:0:root:/root:/bin/bash\n"), 0644);
        return fs;
    }

    Outcome run(SpecCase c, Duration timeout) {
        InMemoryFileSystem fs;
        try {
            fs = layout(c.code());
            if (c.legacyTmpDir()) {
                // the suite's older files write to _tmp in the working directory
                mkdirs(fs, "/case/tmp/_tmp");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", "/repo/spec/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
        env.put("LC_ALL", "C.UTF-8");
        env.put("SH", SHELL_NAME);
        env.put("REPO_ROOT", "/repo");
        env.put("TMP", "/case/tmp");
        env.put("HOME", "/case/home");
        Shell shell = Shell.builder()
                .fileSystem(fs)
                .commands(registry)
                .escalator(Escalator.NONE)
                .limits(ExecutionLimits.DEFAULT.withTimeout(timeout).withMaxOutputBytes(8L << 20))
                .environment(env)
                .workingDirectory("/case/tmp")
                .identity(ROOT)
                .shellName(SHELL_NAME)
                .build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long start = System.nanoTime();
        ExecutionResult r = shell.runMain(
                List.of("/case/script.sh"), new ByteArrayInputStream(new byte[0]), out, err, Cancellation.create());
        long millis = (System.nanoTime() - start) / 1_000_000;
        Outcome o = judge(c, out.toByteArray(), err.toByteArray(), r.exitStatus());
        return new Outcome(o.passed(), o.detail(), millis);
    }

    /** Compares as run_spec.py does: the "bash" overrides win over the defaults, key by key. */
    static Outcome judge(SpecCase c, byte[] stdout, byte[] stderr, int status) {
        Map<String, String> over = c.overrides().get(SHELL_NAME);
        Map<String, String> dflt = c.defaults();
        StringBuilder detail = new StringBuilder();
        boolean failed = false;
        boolean stdoutChecked = false;
        for (String key : List.of("stdout", "stderr")) {
            List<byte[]> expected = expectations(over, key);
            if (expected.isEmpty()) {
                expected = expectations(dflt, key);
            }
            byte[] actual = key.equals("stdout") ? stdout : stderr;
            for (byte[] e : expected) {
                if (key.equals("stdout")) {
                    stdoutChecked = true;
                }
                if (!java.util.Arrays.equals(e, actual)) {
                    failed = true;
                    detail.append("  [")
                            .append(key)
                            .append("] expected: ")
                            .append(show(e))
                            .append('\n');
                    detail.append("  [")
                            .append(key)
                            .append("] actual:   ")
                            .append(show(actual))
                            .append('\n');
                }
            }
        }
        int expectedStatus = 0;
        if (over != null && over.get("status") != null) {
            expectedStatus = Integer.parseInt(over.get("status").strip());
        } else if (dflt.get("status") != null) {
            expectedStatus = Integer.parseInt(dflt.get("status").strip());
        }
        if (expectedStatus != status) {
            failed = true;
            detail.append("  [status] expected ")
                    .append(expectedStatus)
                    .append(", actual ")
                    .append(status)
                    .append('\n');
        }
        if (!failed && !stdoutChecked && !isUtf8(stdout)) {
            failed = true;
            detail.append("  stdout is not valid UTF-8\n");
        }
        if (failed && stderr.length > 0) {
            detail.append("  stderr: ")
                    .append(show(java.util.Arrays.copyOf(stderr, Math.min(stderr.length, 400))))
                    .append('\n');
        }
        return new Outcome(!failed, detail.toString(), 0);
    }

    private static List<byte[]> expectations(Map<String, String> d, String key) {
        List<byte[]> out = new ArrayList<>();
        if (d == null) {
            return out;
        }
        if (d.get(key) != null) {
            out.add(Text.encode(d.get(key)));
        }
        if (d.get(key + "-json") != null) {
            out.add(Text.encode(Json.decodeString(d.get(key + "-json"))));
        }
        return out;
    }

    private static boolean isUtf8(byte[] b) {
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(b));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static String show(byte[] b) {
        String s = Text.decode(b);
        StringBuilder sb = new StringBuilder("'");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\t') {
                sb.append("\\t");
            } else if (c < 32 || Text.isEscapedByte(c)) {
                sb.append(String.format("\\x%02x", Text.isEscapedByte(c) ? c - 0xDC00 : (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append("'").toString();
    }
}
