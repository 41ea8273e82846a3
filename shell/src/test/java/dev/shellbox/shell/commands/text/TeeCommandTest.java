package dev.shellbox.shell.commands.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.Modes;
import dev.shellbox.shell.io.BrokenPipeException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class TeeCommandTest {
    private final InMemoryFileSystem fs = new InMemoryFileSystem();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private CommandContext context(OutputStream stdout) throws Exception {
        if (!fs.exists("/work")) {
            fs.createDirectory("/work", Modes.DEFAULT_DIRECTORY);
        }
        return CommandContext.builder(fs)
                .commandName("tee")
                .cwd("/work")
                .stdin(new ByteArrayInputStream("line\n".repeat(1000).getBytes(StandardCharsets.UTF_8)))
                .stdout(stdout)
                .stderr(err)
                .build();
    }

    private static OutputStream closedPipe() {
        return new OutputStream() {
            @Override
            public void write(int b) throws BrokenPipeException {
                throw new BrokenPipeException();
            }

            @Override
            public void write(byte[] b, int off, int len) throws BrokenPipeException {
                throw new BrokenPipeException();
            }
        };
    }

    @Test
    void stopsLikeSigpipeWhenStdoutIsClosedByDefault() throws Exception {
        CommandContext ctx = context(closedPipe());
        assertThatThrownBy(() -> new TeeCommand().run(ctx, List.of("out.txt"))).isInstanceOf(BrokenPipeException.class);
    }

    @Test
    void keepsWritingFilesAfterABrokenPipeWithDashP() throws Exception {
        CommandContext ctx = context(closedPipe());
        int status = new TeeCommand().run(ctx, List.of("-p", "out.txt"));
        assertThat(status).isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(fs.newInputStream("/work/out.txt").readAllBytes()).hasSize(5000);
    }

    @Test
    void reportsABrokenPipeInWarnMode() throws Exception {
        CommandContext ctx = context(closedPipe());
        int status = new TeeCommand().run(ctx, List.of("--output-error=warn", "out.txt"));
        assertThat(status).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("tee: standard output: Broken pipe\n");
        assertThat(fs.newInputStream("/work/out.txt").readAllBytes()).hasSize(5000);
    }
}
