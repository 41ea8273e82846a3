package dev.shellbox.bench.commands;

import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.Shell;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The built-in grep, sort, sed, awk and find on large inputs in an {@link InMemoryFileSystem}, through the embedder
 * API. Each {@link CommandCase} runs in its own fork with only its data set in memory. Run with {@code java -jar
 * bench/target/benchmarks.jar CommandBenchmark}; {@link GnuComparison} times the GNU tools on the same data.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = "-Xmx3g")
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class CommandBenchmark {
    @Param
    public CommandCase command;

    private Shell shell;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        shell = shellOver(command);
    }

    @Benchmark
    public ExecutionResult run() {
        return run(shell, command, OutputStream.nullOutputStream());
    }

    /** A shell whose working directory holds the data set of {@code c}, in memory. */
    static Shell shellOver(CommandCase c) throws IOException {
        InMemoryFileSystem fs = new InMemoryFileSystem();
        String root = "/workspace/" + c.dataSet;
        fs.createDirectory("/workspace", 0755);
        fs.createDirectory(root, 0755);
        long mtime = System.currentTimeMillis();
        BenchData.write(c.dataSet, new BenchData.Tree() {
            @Override
            public void directory(String path) throws IOException {
                fs.createDirectory(root + "/" + path, 0755);
            }

            @Override
            public void file(String path, byte[] content) throws IOException {
                fs.addFile(root + "/" + path, 0644, mtime, content, null);
            }
        });
        return Shell.builder()
                .fileSystem(fs)
                .commands(StandardCommands.registry())
                .environment(Map.of("PATH", "/usr/bin:/bin", "HOME", "/workspace"))
                .workingDirectory(root)
                .build();
    }

    /** Runs the case's script, failing on an exit status the GNU tool would not give (grep exits 1 on no match). */
    static ExecutionResult run(Shell shell, CommandCase c, OutputStream out) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExecutionResult r = shell.execute(c.script, InputStream.nullInputStream(), out, err);
        if (r.exitStatus() != 0) {
            throw new IllegalStateException(c.script + " exited " + r.exitStatus() + ": " + err);
        }
        return r;
    }
}
