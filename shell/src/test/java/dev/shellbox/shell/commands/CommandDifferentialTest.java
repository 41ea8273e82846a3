package dev.shellbox.shell.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays every case of {@code src/test/resources/differential/commands/*.cases} twice: with the built-in command over
 * an in-memory file system, and with the real GNU tool of this machine in a temporary directory holding the same
 * files; stdout, stderr, exit status and the resulting files must match. Where the real tool cannot run, the case's
 * recorded {@code expect-*} lines are the reference. See {@link DifferentialCase} for the format.
 */
class CommandDifferentialTest {
    /** The mtime of every file a case starts with. */
    static final Instant FILE_TIME = Instant.parse("2023-11-14T22:13:20Z");

    static final Identity ROOT = new Identity("root", 0, "root", 0, "shellbox", "/root");

    @TestFactory
    Stream<DynamicTest> builtInCommandsMatchGnuTools() throws IOException, URISyntaxException {
        Path dir = Path.of(getClass().getResource("/differential/commands").toURI());
        List<DifferentialCase> cases = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".cases")).sorted().toList()) {
                cases.addAll(DifferentialCase.parse(f));
            }
        }
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }

    private static void check(DifferentialCase c) throws Exception {
        Outcome ours = runBuiltIn(c);
        Outcome reference = referenceOutcome(c);
        String label = c + " [" + String.join(" ", c.argv()) + "]";
        if (c.compare().contains("status")) {
            assertEquals(reference.status, ours.status, label + ": exit status\nstderr: " + ours.stderr);
        }
        if (c.compare().contains("stdout")) {
            assertEquals(reference.stdout, ours.stdout, label + ": stdout");
        }
        if (c.compare().contains("stderr")) {
            assertEquals(reference.stderr, ours.stderr, label + ": stderr");
        }
        if (c.compare().contains("files") && reference.files != null) {
            assertEquals(reference.files, ours.files, label + ": files left behind");
        }
    }

    record Outcome(int status, String stdout, String stderr, Map<String, String> files) {}

    static Outcome runBuiltIn(DifferentialCase c) {
        CommandTester t = CommandTester.as(ROOT);
        c.dirs().forEach(t::dir);
        c.files().forEach(t::file);
        c.symlinks().forEach(t::symlink);
        c.modes().forEach(t::mode);
        for (String path : t.tree(".").keySet()) {
            if (!t.tree(".").get(path).startsWith("l ")) {
                t.mtime(path, FILE_TIME);
            }
        }
        CommandTester.Result r = t.stdin(c.stdin()).run(c.argv());
        return new Outcome(r.status(), r.out(), r.err(), t.tree("."));
    }

    private static Outcome referenceOutcome(DifferentialCase c) throws Exception {
        Path tool = c.skipGnu() == null ? findTool(c.argv().get(0)) : null;
        if (tool == null) {
            assertNotNull(
                    c.expectStatus(),
                    c + ": the real tool cannot run here (" + c.skipGnu() + "), so the case needs expect-status");
            return new Outcome(
                    c.expectStatus(),
                    c.expectStdout() == null ? "" : Text.decode(c.expectStdout()),
                    c.expectStderr() == null ? "" : Text.decode(c.expectStderr()),
                    null);
        }
        return runGnu(c, tool);
    }

    static Path findTool(String name) {
        for (String dir : List.of("/usr/bin", "/bin", "/usr/local/bin")) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    private static Outcome runGnu(DifferentialCase c, Path tool) throws Exception {
        Path work = Files.createTempDirectory("shellbox-diff");
        try {
            for (String d : c.dirs()) {
                Files.createDirectories(work.resolve(d));
            }
            for (Map.Entry<String, byte[]> f : c.files().entrySet()) {
                Path p = work.resolve(f.getKey());
                Files.createDirectories(p.getParent());
                Files.write(p, f.getValue());
            }
            for (Map.Entry<String, String> l : c.symlinks().entrySet()) {
                Files.createSymbolicLink(work.resolve(l.getKey()), Path.of(l.getValue()));
            }
            try (Stream<Path> all = Files.walk(work)) {
                for (Path p : all.filter(p -> !p.equals(work)).toList()) {
                    if (Files.isSymbolicLink(p)) {
                        continue;
                    }
                    Files.setPosixFilePermissions(
                            p, PosixFilePermissions.fromString(Files.isDirectory(p) ? "rwxr-xr-x" : "rw-r--r--"));
                }
            }
            for (Map.Entry<String, Integer> m : c.modes().entrySet()) {
                Files.setAttribute(work.resolve(m.getKey()), "unix:mode", m.getValue());
            }
            try (Stream<Path> all = Files.walk(work)) {
                for (Path p : all.filter(p -> !p.equals(work) && !Files.isSymbolicLink(p))
                        .toList()) {
                    Files.setLastModifiedTime(p, FileTime.from(FILE_TIME));
                }
            }
            // exec -a keeps argv[0] the bare name, which GNU tools print in their messages.
            List<String> argv = new ArrayList<>(
                    List.of("/bin/bash", "-c", "exec -a \"$0\" \"$@\"", c.argv().get(0)));
            argv.add(tool.toString());
            argv.addAll(c.argv().subList(1, c.argv().size()));
            ProcessBuilder pb = new ProcessBuilder(argv).directory(work.toFile());
            pb.environment().clear();
            pb.environment().putAll(Map.of("PATH", "/usr/bin:/bin", "LC_ALL", "C.UTF-8", "TZ", "UTC", "HOME", "/work"));
            Path out = Files.createTempFile("shellbox-diff", ".out");
            Path err = Files.createTempFile("shellbox-diff", ".err");
            Path in = Files.createTempFile("shellbox-diff", ".in");
            try {
                Files.write(in, c.stdin());
                pb.redirectInput(in.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
                Process p = pb.start();
                if (!p.waitFor(20, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new AssertionError(c + ": the real tool did not finish in 20 s");
                }
                String prefix = work.toString();
                return new Outcome(
                        p.exitValue(),
                        Text.decode(Files.readAllBytes(out)).replace(prefix, "/work"),
                        Text.decode(Files.readAllBytes(err)).replace(prefix, "/work"),
                        hostTree(work));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
                Files.deleteIfExists(in);
            }
        } finally {
            deleteTree(work);
        }
    }

    private static Map<String, String> hostTree(Path root) throws IOException {
        Map<String, String> tree = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.filter(p -> !p.equals(root)).toList()) {
                String rel = root.relativize(p).toString();
                if (Files.isSymbolicLink(p)) {
                    tree.put(rel, "l -> " + Files.readSymbolicLink(p));
                } else {
                    int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 07777;
                    tree.put(
                            rel,
                            Files.isDirectory(p)
                                    ? "d " + Integer.toOctalString(mode)
                                    : "f " + Integer.toOctalString(mode) + " " + Text.decode(Files.readAllBytes(p)));
                }
            }
        }
        return tree;
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                if (!Files.isSymbolicLink(p)) {
                    p.toFile().setWritable(true);
                }
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
