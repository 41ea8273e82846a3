package dev.shellbox.shell.commands.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HeadTailCommandTest {

    /** Endless "line N" input, delivered in small reads like a pipe. */
    private static final class EndlessLines extends InputStream {
        private long line;
        private byte[] pending = new byte[0];
        private int pos;
        long bytesRead;

        @Override
        public int read() {
            byte[] one = new byte[1];
            read(one, 0, 1);
            return one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos == pending.length) {
                pending = ("line " + line++ + "\n").getBytes(StandardCharsets.US_ASCII);
                pos = 0;
            }
            int n = Math.min(len, Math.min(7, pending.length - pos));
            System.arraycopy(pending, pos, b, off, n);
            pos += n;
            bytesRead += n;
            return n;
        }
    }

    private static String numbered(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> i + "\n").collect(Collectors.joining());
    }

    @Test
    void headStopsReadingAnEndlessInputOnceItHasItsLines() throws Exception {
        EndlessLines in = new EndlessLines();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CommandContext ctx = CommandContext.builder(new InMemoryFileSystem())
                .commandName("head")
                .stdin(in)
                .stdout(out)
                .build();
        int status = new HeadCommand().run(ctx, List.of("-n", "3"));
        assertThat(status).isZero();
        assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo("line 0\nline 1\nline 2\n");
        assertThat(in.bytesRead).isLessThan(1 << 17);
    }

    @Test
    void tailKeepsOnlyTheLastLinesOfAnInputLargerThanItsChunks() {
        String input = numbered(0, 200_000);
        CommandTester.Result r = CommandTester.create().stdin(input).run("tail", "-n", "3");
        assertThat(r.out()).isEqualTo("199997\n199998\n199999\n");
    }

    @Test
    void tailWithALargeCountSpansSeveralChunks() {
        String input = numbered(0, 100_000);
        CommandTester.Result r = CommandTester.create().stdin(input).run("tail", "-n", "50000");
        assertThat(r.out()).isEqualTo(numbered(50_000, 100_000));
    }

    @Test
    void headAllButLastLinesOverManyChunks() {
        String input = numbered(0, 100_000);
        CommandTester.Result r = CommandTester.create().stdin(input).run("head", "-n", "-99990");
        assertThat(r.out()).isEqualTo(numbered(0, 10));
    }

    @Test
    void headAllButLastBytesOverManyChunks() {
        String input = numbered(0, 100_000);
        CommandTester.Result r = CommandTester.create().stdin(input).run("head", "-c", "-7");
        assertThat(r.out()).isEqualTo(input.substring(0, input.length() - 7));
    }

    @Test
    void tailBytesFromTheEndOfALargeInput() {
        String input = numbered(0, 100_000);
        CommandTester.Result r = CommandTester.create().stdin(input).run("tail", "-c", "100001");
        assertThat(r.out()).isEqualTo(input.substring(input.length() - 100_001));
    }

    @Test
    void tailFromALineNumberStreamsTheRest() {
        String input = numbered(0, 100_000);
        CommandTester.Result r = CommandTester.create().stdin(input).run("tail", "-n", "+99999");
        assertThat(r.out()).isEqualTo("99998\n99999\n");
    }
}
