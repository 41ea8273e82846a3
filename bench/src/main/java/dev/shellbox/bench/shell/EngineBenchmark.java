package dev.shellbox.bench.shell;

import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.Shell;
import dev.shellbox.shell.syntax.Parser;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The engine's own costs: parsing, a two-stage pipeline of built-ins, and an arithmetic loop. Run with {@code java
 * -jar bench/target/benchmarks.jar EngineBenchmark}; bench/README.md has the numbers and the same scripts timed with
 * real bash.
 */
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class EngineBenchmark {
    /** The loop bench/README.md compares with bash. */
    public static final String ARITHMETIC_LOOP = "s=0; for ((i=0;i<1000000;i++)); do ((s+=i)); done; echo $s";

    private Shell shell;
    private String script1000;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    @Setup
    public void setUp() throws Exception {
        InMemoryFileSystem fs = new InMemoryFileSystem();
        fs.createDirectory("/workspace", 0755);
        shell = Shell.builder()
                .fileSystem(fs)
                .commands(StandardCommands.registry())
                .environment(Map.of("PATH", "/usr/bin:/bin", "HOME", "/workspace"))
                .workingDirectory("/workspace")
                .build();
        script1000 = ScriptCorpus.lines(1000);
    }

    /** Parse a 1,000-line script of typical agent shell code. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Object parse1000Lines() throws Exception {
        return Parser.parse(script1000, "bench");
    }

    /** {@code echo hi | grep h}: two in-process stages on pool threads connected by a pipe. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public ExecutionResult twoStagePipeline() {
        out.reset();
        return shell.execute(
                "echo hi | grep h", InputStream.nullInputStream(), out, ByteArrayOutputStream.nullOutputStream());
    }

    /** A 1,000,000-iteration arithmetic loop. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 2)
    @Measurement(iterations = 5)
    public ExecutionResult arithmeticLoop() {
        out.reset();
        return shell.execute(
                ARITHMETIC_LOOP, InputStream.nullInputStream(), out, ByteArrayOutputStream.nullOutputStream());
    }
}
