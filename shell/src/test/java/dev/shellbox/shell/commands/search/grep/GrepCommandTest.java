package dev.shellbox.shell.commands.search.grep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.CommandRunner;
import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.CancelledException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class GrepCommandTest {

    /** Lines "line N" with "hit" on every 997th line, well past several buffer blocks. */
    private static String numberedText(int lines) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= lines; i++) {
            sb.append("line ").append(i);
            if (i % 997 == 0) {
                sb.append(" hit");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    @Test
    void lineNumbersAndOffsetsStayExactAcrossBufferBlocks() {
        String text = numberedText(60_000);
        StringBuilder expected = new StringBuilder();
        long offset = 0;
        int n = 0;
        for (String line : text.split("\n")) {
            n++;
            if (line.contains("hit")) {
                expected.append(n)
                        .append(':')
                        .append(offset)
                        .append(':')
                        .append(line)
                        .append('\n');
            }
            offset += line.length() + 1;
        }
        var r = CommandTester.create().file("big.txt", text).run("grep", "-nb", "hit", "big.txt");
        assertThat(r.out()).isEqualTo(expected.toString());
        assertThat(r.status()).isZero();
    }

    @Test
    void findsAMatchInALineLongerThanTheBuffer() {
        String longLine = "x".repeat(300_000) + "needle" + "y".repeat(10);
        var r = CommandTester.create()
                .file("long.txt", "a\n" + longLine + "\nb needle\n")
                .run("grep", "-c", "needle", "long.txt");
        assertThat(r.out()).isEqualTo("2\n");
    }

    @Test
    void aFileSearchedAfterALargerOneSeesNoneOfItsBytes() {
        // files are read through one reused block: the shorter ones must not see what is left in it
        var r = CommandTester.create()
                .file("a.txt", numberedText(20_000))
                .file("b.txt", "x\nneedle")
                .file("c.txt", "y")
                .run("grep", "-rn", "-e", "needle", "-e", "^x$", "-e", "^y$", ".");
        assertThat(r.out()).isEqualTo("./b.txt:1:x\n./b.txt:2:needle\n./c.txt:1:y\n");
    }

    @Test
    void aNulAfterTheFirstBlockMakesTheRestBinary() {
        String head = numberedText(20_000); // more than one block
        byte[] tail = "late hit\u0000\nlast hit\n".getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[head.length() + tail.length];
        System.arraycopy(head.getBytes(StandardCharsets.UTF_8), 0, all, 0, head.length());
        System.arraycopy(tail, 0, all, head.length(), tail.length);
        var r = CommandTester.create().file("f.bin", all).run("grep", "-c", "hit", "f.bin");
        assertThat(r.out()).isEqualTo((20_000 / 997 + 2) + "\n");
        var printed = CommandTester.create().file("f.bin", all).run("grep", "hit", "f.bin");
        assertThat(printed.out()).startsWith("line 997 hit\n").doesNotContain("last hit");
        assertThat(printed.err()).isEqualTo("grep: f.bin: binary file matches\n");
    }

    @Test
    void caseInsensitiveSkippingKeepsUnicodeFolding() {
        var r = CommandTester.create()
                .file("f.txt", "plain\nNEEDLE\nnEeDlE here\nﬀ\n")
                .run("grep", "-ic", "needle", "f.txt");
        assertThat(r.out()).isEqualTo("2\n");
        // 's' also matches U+017F (long s) under Unicode case folding, as in GNU grep
        var s = CommandTester.create().file("f.txt", "\u017f\nx\n").run("grep", "-ic", "s", "f.txt");
        assertThat(s.out()).isEqualTo("1\n");
    }

    @Test
    void quietStopsReadingAtTheFirstMatch() throws IOException {
        CountingInput in = new CountingInput(50_000_000);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CommandContext ctx = context(new InMemoryFileSystem(), in, out);
        int status = run(ctx, "-q", "line");
        assertThat(status).isZero();
        assertThat(in.served).isLessThan(1_000_000);
    }

    @Test
    void recursiveSearchVisitsEntriesInNameOrder() {
        var r = CommandTester.create()
                .file("t/b.txt", "x\n")
                .file("t/a/z.txt", "x\n")
                .file("t/c/y.txt", "x\n")
                .file("t/B.txt", "x\n")
                .run("grep", "-r", "x", "t");
        assertThat(r.out()).isEqualTo("t/B.txt:x\nt/a/z.txt:x\nt/b.txt:x\nt/c/y.txt:x\n");
    }

    @Test
    void recursiveSearchReportsASymlinkLoopWithR() {
        var r = CommandTester.create()
                .file("t/f.txt", "x\n")
                .symlink("t/loop", ".")
                .run("grep", "-R", "x", "t");
        assertThat(r.out()).isEqualTo("t/f.txt:x\n");
        assertThat(r.err()).contains("recursive directory loop");
    }

    @Test
    void cancellationStopsALongSearch() {
        Cancellation cancellation = Cancellation.create();
        cancellation.cancel("stop");
        CommandContext ctx = context(
                        new InMemoryFileSystem(), new CountingInput(10_000_000), new ByteArrayOutputStream())
                .withCancellation(cancellation);
        assertThatThrownBy(() -> run(ctx, "zzz")).isInstanceOf(CancelledException.class);
    }

    @Test
    void multiplePatternsWithAlternativeLiteralsStillMatchEverywhere() {
        String text = numberedText(5000) + "tail foo\n";
        var r = CommandTester.create().file("f.txt", text).run("grep", "-c", "-e", "hit", "-e", "foo", "f.txt");
        assertThat(r.out()).isEqualTo((5000 / 997 + 1) + "\n");
    }

    @Test
    void onlyMatchingReportsByteOffsetsOfMultibyteText() {
        var r = CommandTester.create().file("f.txt", "héllo wörld\n").run("grep", "-ob", "w.r", "f.txt");
        assertThat(r.out()).isEqualTo("7:wör\n");
    }

    private static CommandContext context(InMemoryFileSystem fs, InputStream in, ByteArrayOutputStream out) {
        return CommandContext.builder(fs)
                .commandName("grep")
                .stdin(in)
                .stdout(out)
                .stderr(new ByteArrayOutputStream())
                .runner(CommandRunner.of(StandardCommands.registry()))
                .build();
    }

    private static int run(CommandContext ctx, String... args) throws IOException {
        return new GrepCommand().run(ctx, List.of(args));
    }

    /** An input of repeated "line\n" that counts how much was read. */
    private static final class CountingInput extends InputStream {
        private final long size;
        long served;

        CountingInput(long size) {
            this.size = size;
        }

        @Override
        public int read() {
            if (served >= size) {
                return -1;
            }
            return "line\n".charAt((int) (served++ % 5));
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (served >= size) {
                return -1;
            }
            int n = (int) Math.min(len, size - served);
            for (int i = 0; i < n; i++) {
                b[off + i] = (byte) "line\n".charAt((int) (served++ % 5));
            }
            return n;
        }
    }
}
