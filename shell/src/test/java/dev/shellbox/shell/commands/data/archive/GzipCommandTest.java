package dev.shellbox.shell.commands.data.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.fs.FileStat;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

class GzipCommandTest {

    private static byte[] randomText(int size) {
        Random random = new Random(42);
        byte[] data = new byte[size];
        for (int i = 0; i < size; i++) {
            data[i] = (byte) (random.nextInt(5) == 0 ? random.nextInt(256) : 'a' + random.nextInt(8));
        }
        return data;
    }

    @Test
    void compressedOutputRoundTripsThroughGunzip() {
        byte[] data = randomText(300_000);
        CommandTester t = CommandTester.create();
        CommandTester.Result compressed = t.stdin(data).run("gzip", "-c");
        assertThat(compressed.status()).isZero();
        assertThat(compressed.stdout().length).isLessThan(data.length);
        CommandTester.Result restored = t.stdin(compressed.stdout()).run("gunzip", "-c");
        assertThat(restored.stdout()).isEqualTo(data);
    }

    @Test
    void outputIsReadableByTheJdkGzipReader() throws IOException {
        byte[] data = randomText(10_000);
        byte[] compressed = CommandTester.create().stdin(data).run("gzip", "-9").stdout();
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
    }

    @Test
    void compressesInPlaceAndRestoresContentModeAndTime() throws IOException {
        byte[] data = randomText(5_000);
        CommandTester t = CommandTester.create().file("data.bin", data).mode("data.bin", 0640);
        FileStat before = t.fs().stat("/work/data.bin");
        assertThat(t.run("gzip", "data.bin").status()).isZero();
        assertThat(t.fs().exists("/work/data.bin")).isFalse();
        FileStat gz = t.fs().stat("/work/data.bin.gz");
        assertThat(gz.mode()).isEqualTo(0640);
        assertThat(gz.mtimeMillis()).isEqualTo(before.mtimeMillis());
        assertThat(t.run("gunzip", "data.bin.gz").status()).isZero();
        assertThat(t.run("cat", "data.bin").stdout()).isEqualTo(data);
        assertThat(t.fs().stat("/work/data.bin").mode()).isEqualTo(0640);
    }

    @Test
    void listsNameStoredInTheHeaderWithMinusN() {
        CommandTester t = CommandTester.create().file("orig.txt", "content\n");
        byte[] gz = t.run("gzip", "-c", "orig.txt").stdout();
        t.file("renamed.gz", gz);
        assertThat(t.run("gunzip", "-N", "renamed.gz").status()).isZero();
        assertThat(t.run("cat", "orig.txt").out()).isEqualTo("content\n");
    }

    @Test
    void decompressesConcatenatedMembers() throws IOException {
        CommandTester t = CommandTester.create();
        ByteArrayOutputStream both = new ByteArrayOutputStream();
        both.write(t.stdin("one\n").run("gzip").stdout());
        both.write(t.stdin("two\n").run("gzip").stdout());
        assertThat(t.stdin(both.toByteArray()).run("zcat").out()).isEqualTo("one\ntwo\n");
    }
}
