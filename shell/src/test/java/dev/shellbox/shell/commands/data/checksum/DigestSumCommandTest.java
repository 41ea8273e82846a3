package dev.shellbox.shell.commands.data.checksum;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DigestSumCommandTest {

    @Test
    void escapesNewlineInNamesAndChecksTheEscapedLineBack() {
        CommandTester t = CommandTester.create().file("new\nline", "");
        CommandTester.Result sums = t.run("md5sum", "new\nline");
        assertThat(sums.out()).isEqualTo("\\d41d8cd98f00b204e9800998ecf8427e  new\\nline\n");
        t.file("sums", sums.stdout());
        assertThat(t.run("md5sum", "-c", "sums").out()).isEqualTo("\\new\\nline: OK\n");
    }

    @Test
    void digestsLargeBinaryInputLikeTheJdk() throws Exception {
        byte[] data = new byte[3_000_001];
        new Random(7).nextBytes(data);
        String expected =
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        CommandTester.Result r = CommandTester.create().stdin(data).run("sha256sum");
        assertThat(r.out()).isEqualTo(expected + "  -\n");
    }

    @Test
    void base64RoundTripsRandomBinary() {
        byte[] data = new byte[200_003];
        new Random(3).nextBytes(data);
        CommandTester t = CommandTester.create().file("blob", data);
        CommandTester.Result encoded = t.run("base64", "blob");
        assertThat(encoded.out().lines()).allMatch(l -> l.length() <= 76);
        t.file("blob.b64", encoded.stdout());
        assertThat(t.run("base64", "-d", "blob.b64").stdout()).isEqualTo(data);
    }

    @Test
    void cksumMatchesTheKnownPosixCrc() {
        // "123456789" is the standard check input; POSIX cksum appends the length before complementing.
        CommandTester.Result r = CommandTester.create().stdin("123456789").run("cksum");
        assertThat(r.out()).isEqualTo("930766865 9\n");
    }
}
