package dev.shellbox.shell.commands.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WgetCommandTest {
    private static LoopbackServer server;

    @TempDir
    static Path temp;

    @BeforeAll
    static void start() throws IOException {
        server = new LoopbackServer();
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    private static CommandTester tester() {
        return CommandTester.create().network(LoopbackServer.loopback());
    }

    @Test
    void savesUnderTheUrlsFileNameAndReportsIt() {
        CommandTester t = tester();
        CommandTester.Result r = t.run("wget", server.url() + "/files/data.txt");
        assertThat(r.status()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .startsWith("--2024-01-02 03:04:05--  " + server.url() + "/files/data.txt\n")
                .contains("Connecting to 127.0.0.1:")
                .contains("HTTP request sent, awaiting response... 200 OK\n")
                .contains("Length: 12 [text/plain]\n")
                .contains("Saving to: ‘data.txt’\n")
                .contains("‘data.txt’ saved [12/12]\n");
        assertThat(t.tree(".")).containsEntry("data.txt", "f 644 hello world\n");
    }

    @Test
    void nonVerboseIsOneLine() {
        CommandTester.Result r = tester().run("wget", "-nv", server.url() + "/hello");
        assertThat(r.err()).isEqualTo("2024-01-02 03:04:05 URL:" + server.url() + "/hello [12/12] -> \"hello\" [1]\n");
        CommandTester.Result missing = tester().run("wget", "-nv", server.url() + "/missing");
        assertThat(missing.status()).isEqualTo(8);
        assertThat(missing.err()).isEqualTo(server.url() + "/missing:\n2024-01-02 03:04:05 ERROR 404: Not Found.\n");
    }

    @Test
    void aBlockedConnectionIsANetworkFailure() {
        CommandTester.Result r =
                CommandTester.create().network(LoopbackServer.blocking()).run("wget", "-O", "-", "http://example.com/");
        assertThat(r.status()).isEqualTo(4);
        assertThat(r.err())
                .contains("Connecting to example.com:80... failed: Blocked by the sandbox's network policy: "
                        + "example.com is not in the allow-list.\n");
        assertThat(tester().network(LoopbackServer.blocking())
                        .run("wget", "-q", "http://example.com/")
                        .err())
                .isEmpty();
    }

    @Test
    void serverResponseGoesToStderr() {
        CommandTester.Result r = tester().run("wget", "-S", "-O", "-", server.url() + "/hello");
        assertThat(r.out()).isEqualTo("hello world\n");
        assertThat(r.err()).contains("  HTTP/1.1 200 OK\n").contains("  Content-type: text/plain\n");
    }

    @Test
    void postFileAndHeaders() {
        CommandTester.Result r = tester().file("form.txt", "x=1&y=2")
                .run("wget", "-q", "-O", "-", "--post-file", "form.txt", "--header", "X-Id: 7", server.url() + "/echo");
        assertThat(r.out())
                .isEqualTo("method: POST\ntarget: /echo\naccept: */*\ncontent-type: application/x-www-form-urlencoded\n"
                        + "x-id: 7\nbody: x=1&y=2\n");
    }

    @Test
    void certificateFailuresExitWithFive() throws Exception {
        String url = server.httpsUrl(temp) + "/hello";
        CommandTester.Result r = tester().run("wget", "-O", "-", url);
        assertThat(r.status()).isEqualTo(5);
        assertThat(r.err()).contains("ERROR: cannot verify localhost's certificate");
        assertThat(tester().run("wget", "-q", "-O", "-", "--no-check-certificate", url)
                        .out())
                .isEqualTo("hello world\n");
        assertThat(tester().file("ca.pem", server.certificatePem())
                        .run("wget", "-q", "-O", "-", "--ca-certificate", "ca.pem", url)
                        .out())
                .isEqualTo("hello world\n");
    }

    @Test
    void timeoutsAreRetriedThenANetworkFailure() {
        CommandTester.Result r = tester().run("wget", "-q", "-O", "-", "-T", "0.2", "-t", "1", server.url() + "/slow");
        assertThat(r.status()).isEqualTo(4);
    }

    @Test
    void anEmptyReplyIsTriedAgainUpToTheTries() {
        CommandTester.Result r = tester().run("wget", "-t", "2", "-O", "-", server.rawUrl() + "/empty");
        assertThat(r.status()).isEqualTo(4);
        assertThat(r.err()).contains("No data received.\n").contains("Retrying.\n");
        assertThat(r.err().split("No data received", -1)).hasSize(3);
    }

    @Test
    void refusedConnectionsAreNotTriedAgain() {
        CommandTester.Result r = tester().run("wget", "-O", "-", "http://127.0.0.1:1/");
        assertThat(r.status()).isEqualTo(4);
        assertThat(r.err()).contains("failed: Connection refused.\n").doesNotContain("Retrying");
    }

    @Test
    void missingUrlAndBadOptions() {
        assertThat(tester().run("wget").status()).isEqualTo(1);
        assertThat(tester().run("wget", "--bogus", "x").status()).isEqualTo(2);
    }
}
