package dev.shellbox.shell.commands.files.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import org.junit.jupiter.api.Test;

class FileCommandTest {

    @Test
    void looksOnlyAtTheFirstMegabyteOfText() {
        String line = "y".repeat(99) + "\n";
        CommandTester t = CommandTester.create().file("big.txt", line.repeat(20_000) + "\u0000tail");
        assertThat(t.run("file", "-b", "big.txt").out()).isEqualTo("ASCII text\n");
    }

    @Test
    void readsTheGzipTrailerBeyondTheHead() {
        byte[] data = new byte[(1 << 20) + 100];
        data[0] = 0x1f;
        data[1] = (byte) 0x8b;
        data[2] = 8;
        data[9] = 3;
        data[data.length - 4] = 42;
        CommandTester t = CommandTester.create().file("x.gz", data);
        assertThat(t.run("file", "-b", "x.gz").out())
                .isEqualTo("gzip compressed data, from Unix, original size modulo 2^32 42\n");
    }

    @Test
    void describesScriptsWithUtf8Text() {
        CommandTester t = CommandTester.create().file("s", "#!/bin/sh\necho héllo\n");
        assertThat(t.run("file", "-b", "s").out())
                .isEqualTo("POSIX shell script, Unicode text, UTF-8 text executable\n");
    }

    @Test
    void print0EndsTheNameWithNul() {
        CommandTester t = CommandTester.create().file("a", "x\n");
        assertThat(t.run("file", "-0", "a").out()).isEqualTo("a\u0000: ASCII text\n");
    }

    @Test
    void nestedJsonIsJsonAndTruncatedJsonIsText() {
        CommandTester t = CommandTester.create()
                .file("ok.json", "{\"a\": {\"b\": [1, {\"c\": \"\\u00e9\"}]}, \"d\": -1.5e3}\n")
                .file("cut.json", "{\"a\": [1, 2\n");
        assertThat(t.run("file", "-b", "ok.json", "cut.json").out()).isEqualTo("JSON text data\nASCII text\n");
    }
}
