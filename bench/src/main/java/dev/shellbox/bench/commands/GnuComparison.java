package dev.shellbox.bench.commands;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.util.Statistics;

/**
 * Runs {@link CommandBenchmark}, then times the GNU tools on the same data written to a temporary directory (best of N
 * runs, under {@code LC_ALL=C} and under the inherited locale), checks that both produce the same output, and prints
 * a Markdown table of the ratios. Usage: {@code java -cp bench/target/benchmarks.jar
 * dev.shellbox.bench.commands.GnuComparison [--runs N] [JMH options, e.g. -f 1 -wi 1 -i 3 -p command=SORT]}.
 */
public final class GnuComparison {
    private record Timing(double bestMillis, double meanMillis) {}

    private GnuComparison() {}

    public static void main(String[] args) throws Exception {
        List<String> jmhArgs = new ArrayList<>(Arrays.asList(args));
        int runs = 5;
        int at = jmhArgs.indexOf("--runs");
        if (at >= 0) {
            runs = Integer.parseInt(jmhArgs.get(at + 1));
            jmhArgs.subList(at, at + 2).clear();
        }
        System.out.printf("load average before: %.1f%n", loadAverage());
        Map<CommandCase, Timing> shellbox = runJmh(jmhArgs.toArray(String[]::new));
        String defaultLocale = defaultLocale();
        Path dir = Files.createTempDirectory("shellbox-cmdbench");
        try {
            Set<String> dataSets = new LinkedHashSet<>();
            shellbox.keySet().forEach(c -> dataSets.add(c.dataSet));
            for (String name : dataSets) {
                writeToDisk(name, dir.resolve(name));
            }
            StringBuilder table = new StringBuilder();
            table.append("| case | Shellbox best (mean), ms | GNU LC_ALL=C best, ms | ratio | GNU ")
                    .append(defaultLocale)
                    .append(" best, ms | ratio | same output |\n|---|---|---|---|---|---|---|\n");
            for (Map.Entry<CommandCase, Timing> e : shellbox.entrySet()) {
                CommandCase c = e.getKey();
                Path cwd = dir.resolve(c.dataSet);
                OutputDigest gnuOutput = new OutputDigest();
                double gnuC = bestOf(runs, c, cwd, "C", gnuOutput);
                double gnuDefault = bestOf(runs, c, cwd, null, new OutputDigest());
                String ours = inProcessOutput(c);
                boolean same = ours.equals(gnuOutput.value());
                if (!same) {
                    System.out.println(c + " output differs: Shellbox " + ours + ", GNU " + gnuOutput.value());
                }
                Timing t = e.getValue();
                table.append(String.format(
                        "| %s | %.0f (%.0f) | %.0f | %.1f | %.0f | %.1f | %s |%n",
                        c.label,
                        t.bestMillis,
                        t.meanMillis,
                        gnuC,
                        t.bestMillis / gnuC,
                        gnuDefault,
                        t.bestMillis / gnuDefault,
                        same ? "yes" : "no"));
            }
            System.out.printf("%nload average after: %.1f%n%n%s", loadAverage(), table);
        } finally {
            deleteTree(dir);
        }
    }

    private static Map<CommandCase, Timing> runJmh(String[] args) throws Exception {
        CommandLineOptions cli = new CommandLineOptions(args);
        Map<CommandCase, Timing> timings = new EnumMap<>(CommandCase.class);
        for (RunResult r : new Runner(new OptionsBuilder()
                        .parent(cli)
                        .include(CommandBenchmark.class.getName())
                        .build())
                .run()) {
            Statistics s = r.getPrimaryResult().getStatistics();
            timings.put(CommandCase.valueOf(r.getParams().getParam("command")), new Timing(s.getMin(), s.getMean()));
        }
        return timings;
    }

    /** Wall time of the fastest of {@code runs} runs of the case's script under {@code sh}, in milliseconds. */
    private static double bestOf(int runs, CommandCase c, Path cwd, String lcAll, OutputDigest firstOutput)
            throws IOException, InterruptedException {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < runs; i++) {
            ProcessBuilder pb = new ProcessBuilder("sh", "-c", c.script)
                    .directory(cwd.toFile())
                    .redirectError(ProcessBuilder.Redirect.INHERIT);
            if (lcAll != null) {
                pb.environment().put("LC_ALL", lcAll);
            }
            OutputDigest digest = i == 0 ? firstOutput : new OutputDigest();
            long start = System.nanoTime();
            Process p = pb.start();
            // a pipe, not /dev/null: GNU grep stops at the first match when it sees its output is /dev/null
            CompletableFuture<Void> drain = CompletableFuture.runAsync(() -> copy(p.getInputStream(), digest));
            int status = p.waitFor();
            drain.join();
            best = Math.min(best, (System.nanoTime() - start) / 1e6);
            if (status != 0) {
                throw new IllegalStateException(c.script + " exited " + status);
            }
        }
        return best;
    }

    private static String inProcessOutput(CommandCase c) throws IOException {
        OutputDigest digest = new OutputDigest();
        CommandBenchmark.run(CommandBenchmark.shellOver(c), c, digest);
        return digest.value();
    }

    private static void writeToDisk(String dataSet, Path root) throws IOException {
        Files.createDirectories(root);
        BenchData.write(dataSet, new BenchData.Tree() {
            @Override
            public void directory(String path) throws IOException {
                Files.createDirectory(root.resolve(path));
            }

            @Override
            public void file(String path, byte[] content) throws IOException {
                Files.write(root.resolve(path), content);
            }
        });
    }

    private static void copy(InputStream in, OutputDigest out) {
        try (in) {
            in.transferTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String defaultLocale() {
        Map<String, String> env = System.getenv();
        for (String name : List.of("LC_ALL", "LC_COLLATE", "LANG")) {
            if (env.get(name) != null && !env.get(name).isEmpty()) {
                return name + "=" + env.get(name);
            }
        }
        return "POSIX locale";
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
