package dev.shellbox.shell.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The Oils spec suite's agent subset, run in-process over an in-memory file system. Only the cases real bash 5.2
 * passes (the baseline) count; cases listed in {@code skip.txt} need host programs and are left out with their
 * reason. The run fails when the number of passing cases drops below {@code floor.txt}, which is raised as the engine
 * (and the built-in commands it relies on) improve. A report with the per-file table and every failure is written to
 * {@code target/conformance-report.txt}.
 *
 * <p>{@code -Dconformance.files=arith,glob} limits the run to some files (the floor is then not checked).
 */
class ConformanceTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private static Path root() throws URISyntaxException {
        return Path.of(ConformanceTest.class.getResource("/conformance").toURI());
    }

    @Test
    void passesAtLeastTheRecordedNumberOfBaselineCases() throws Exception {
        Path root = root();
        Set<String> baseline = baselinePasses(root.resolve("baseline-bash-5.2.15.json"));
        Map<String, String> skips = skips(root.resolve("skip.txt"));
        List<String> files = subsetFiles(root.resolve("subset-agent.txt"));
        String only = System.getProperty("conformance.files");
        if (only != null && !only.isBlank()) {
            Set<String> wanted = new LinkedHashSet<>();
            for (String f : only.split(",")) {
                wanted.add(f.strip().endsWith(".test.sh") ? f.strip() : f.strip() + ".test.sh");
            }
            files.retainAll(wanted);
        }
        long started = System.nanoTime();
        SpecRunner runner = new SpecRunner(root);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        Map<String, List<Future<SpecRunner.Outcome>>> futures = new LinkedHashMap<>();
        Map<String, List<SpecCase>> casesByFile = new LinkedHashMap<>();
        try {
            for (String file : files) {
                List<SpecCase> cases = new ArrayList<>();
                List<Future<SpecRunner.Outcome>> fs = new ArrayList<>();
                for (SpecCase c : SpecFile.parse(root.resolve("spec").resolve(file))) {
                    String key = file + " #" + c.index();
                    if (!baseline.contains(key) || skips.containsKey(key)) {
                        continue;
                    }
                    cases.add(c);
                    fs.add(pool.submit(() -> runner.run(c, TIMEOUT)));
                }
                futures.put(file, fs);
                casesByFile.put(file, cases);
            }
            int passed = 0;
            int total = 0;
            StringBuilder table = new StringBuilder();
            StringBuilder failures = new StringBuilder();
            StringBuilder slow = new StringBuilder();
            for (String file : files) {
                int filePassed = 0;
                List<SpecCase> cases = casesByFile.get(file);
                List<Future<SpecRunner.Outcome>> fs = futures.get(file);
                for (int i = 0; i < cases.size(); i++) {
                    SpecRunner.Outcome o = fs.get(i).get();
                    if (o.millis() > 300) {
                        slow.append(String.format("  %6d ms  %s%n", o.millis(), cases.get(i)));
                    }
                    if (o.passed()) {
                        filePassed++;
                    } else {
                        failures.append("=== ")
                                .append(cases.get(i))
                                .append('\n')
                                .append(o.detail());
                    }
                }
                passed += filePassed;
                total += cases.size();
                table.append(String.format("%-36s %4d/%-4d%n", file, filePassed, cases.size()));
            }
            String summary = passed + " passed, " + (total - passed) + " failed, " + skips.size() + " skipped (of "
                    + baseline.size() + " baseline cases) in " + (System.nanoTime() - started) / 1_000_000 + " ms";
            Path report = Path.of("target", "conformance-report.txt");
            Files.createDirectories(report.getParent());
            Files.writeString(
                    report, table + summary + "\n\nslow cases:\n" + slow + "\n" + failures, StandardCharsets.UTF_8);
            System.out.println("conformance (in-process): " + summary + "; report in " + report.toAbsolutePath());
            if (only == null || only.isBlank()) {
                int floor = Integer.parseInt(
                        Files.readString(root.resolve("floor.txt")).strip());
                assertThat(passed)
                        .as("in-process conformance passes (floor in conformance/floor.txt); see %s", report)
                        .isGreaterThanOrEqualTo(floor);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** "file #index" of every case the baseline shell passed. */
    private static Set<String> baselinePasses(Path json) throws IOException {
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) Json.parse(Files.readString(json, StandardCharsets.UTF_8));
        Set<String> out = new LinkedHashSet<>();
        for (Object o : (List<?>) doc.get("cases")) {
            Map<?, ?> c = (Map<?, ?>) o;
            if ("pass".equals(c.get("result"))) {
                out.add(c.get("file") + " #" + ((Double) c.get("index")).intValue());
            }
        }
        return out;
    }

    private static Map<String, String> skips(Path file) throws IOException {
        Map<String, String> out = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split(" ", 3);
            out.put(parts[0] + " " + parts[1], parts.length > 2 ? parts[2] : "");
        }
        return out;
    }

    private static List<String> subsetFiles(Path list) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(list)) {
            String l = line.replaceAll("#.*", "").strip();
            if (!l.isEmpty()) {
                for (String name : l.split("\\s+")) {
                    out.add(name.endsWith(".test.sh") ? name : name + ".test.sh");
                }
            }
        }
        return out;
    }
}
