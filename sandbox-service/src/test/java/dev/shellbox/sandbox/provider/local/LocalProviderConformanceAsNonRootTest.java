package dev.shellbox.sandbox.provider.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The local provider's conformance suite as a service that does not run as root: a JVM of user and group 65534
 * (nobody) runs {@link LocalProviderConformanceTest} through the JUnit Platform, with a copy of this class path it can
 * read (the build's may be under {@code /root}) and a state directory of its own.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class LocalProviderConformanceAsNonRootTest {
    private static final int NOBODY = 65534;

    @Test
    void theConformanceSuitePassesAsAnOrdinaryUser() throws Exception {
        Assumptions.assumeTrue(ServiceUser.isRoot(), "starting a JVM as another user takes root");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/bwrap")), "bubblewrap is not installed");
        Path home = Files.createTempDirectory("shellbox-nonroot");
        // short: sandbox sockets live below it, and a unix socket's path has at most 107 bytes
        Path state = Files.createTempDirectory("sbx");
        try {
            Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxr-xr-x"));
            String classPath = copyClassPath(home.resolve("classpath"));
            Files.setAttribute(state, "unix:uid", NOBODY);
            Files.setAttribute(state, "unix:gid", NOBODY);
            List<String> command = new ArrayList<>(List.of(
                    "/usr/bin/setpriv",
                    "--reuid=" + NOBODY,
                    "--regid=" + NOBODY,
                    "--clear-groups",
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp",
                    classPath,
                    "-Djava.io.tmpdir=" + state,
                    "-Duser.home=" + state));
            String logManager = System.getProperty("java.util.logging.manager");
            if (logManager != null) {
                command.add("-Djava.util.logging.manager=" + logManager);
            }
            command.add(ConformanceLauncher.class.getName());
            command.add(LocalProviderConformanceTest.class.getName());
            Path output = home.resolve("output.txt");
            ProcessBuilder child = new ProcessBuilder(command)
                    .directory(state.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile());
            child.environment().put("HOME", state.toString());
            Process p = child.start();
            boolean ended = p.waitFor(9, TimeUnit.MINUTES);
            if (!ended) {
                p.destroyForcibly().waitFor();
            }
            String printed = Files.readString(output, StandardCharsets.UTF_8);
            System.out.println(printed);
            assertThat(ended)
                    .as("the suite ended in time; it printed:\n" + printed)
                    .isTrue();
            assertThat(p.exitValue())
                    .as("every test passed as uid " + NOBODY + "; it printed:\n" + printed)
                    .isZero();
        } finally {
            LocalTestSettings.delete(home);
            LocalTestSettings.delete(state);
        }
    }

    /** Copies every entry of the test class path under {@code target}, readable by everyone; the copy's class path. */
    private static String copyClassPath(Path target) throws IOException {
        String original = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Files.createDirectories(target);
        List<String> copied = new ArrayList<>();
        int i = 0;
        for (String entry : original.split(File.pathSeparator)) {
            Path source = Path.of(entry);
            if (entry.isEmpty() || !Files.exists(source)) {
                continue;
            }
            Path copy = target.resolve(String.format("%03d-%s", i++, source.getFileName()));
            copyReadable(source, copy);
            copied.add(copy.toString());
        }
        return String.join(File.pathSeparator, copied);
    }

    private static void copyReadable(Path source, Path copy) throws IOException {
        try (var paths = Files.walk(source)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                Path to = copy.resolve(source.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                    Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
    }
}
