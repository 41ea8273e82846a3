package dev.shellbox.shell.commands.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.io.BrokenPipeException;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class YesCommandTest {

    /** Accepts {@code limit} bytes, then behaves like a pipe whose reader has gone. */
    private static final class ClosingPipe extends OutputStream {
        final ByteArrayOutputStream received = new ByteArrayOutputStream();
        final int limit;
        int writes;

        ClosingPipe(int limit) {
            this.limit = limit;
        }

        @Override
        public void write(int b) throws BrokenPipeException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws BrokenPipeException {
            writes++;
            if (received.size() >= limit) {
                throw new BrokenPipeException();
            }
            received.write(b, off, Math.min(len, limit - received.size()));
        }
    }

    private static CommandContext context(OutputStream out, Cancellation cancellation) {
        return CommandContext.builder(new InMemoryFileSystem())
                .commandName("yes")
                .stdout(out)
                .cancellation(cancellation)
                .build();
    }

    @Test
    void repeatsYUntilThePipeCloses() {
        ClosingPipe pipe = new ClosingPipe(10_000);
        assertThatThrownBy(() -> new YesCommand().run(context(pipe, Cancellation.create()), List.of()))
                .isInstanceOf(BrokenPipeException.class);
        String text = pipe.received.toString(StandardCharsets.UTF_8);
        assertThat(text).hasSize(10_000).startsWith("y\ny\ny\n");
        assertThat(text.replace("y\n", "")).isEmpty();
    }

    @Test
    void joinsItsArgumentsWithSpaces() {
        ClosingPipe pipe = new ClosingPipe(1000);
        assertThatThrownBy(() -> new YesCommand().run(context(pipe, Cancellation.create()), List.of("a", "b c")))
                .isInstanceOf(BrokenPipeException.class);
        assertThat(pipe.received.toString(StandardCharsets.UTF_8)).startsWith("a b c\na b c\n");
    }

    @Test
    void writesLargeBlocksRatherThanLines() {
        ClosingPipe pipe = new ClosingPipe(1 << 20);
        assertThatThrownBy(() -> new YesCommand().run(context(pipe, Cancellation.create()), List.of()))
                .isInstanceOf(BrokenPipeException.class);
        // A megabyte of "y\n" in a handful of writes, not half a million.
        assertThat(pipe.writes).isLessThan(100);
    }

    @Test
    void stopsWhenCancelled() {
        Cancellation cancellation = Cancellation.create();
        OutputStream cancelsAfterFirstBlock = new OutputStream() {
            @Override
            public void write(int b) {}

            @Override
            public void write(byte[] b, int off, int len) {
                cancellation.cancel("stop");
            }
        };
        assertThatThrownBy(() -> new YesCommand().run(context(cancelsAfterFirstBlock, cancellation), List.of()))
                .isInstanceOf(CancelledException.class);
    }
}
