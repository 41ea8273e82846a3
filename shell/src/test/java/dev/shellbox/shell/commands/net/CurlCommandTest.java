package dev.shellbox.shell.commands.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.interp.Execution;
import dev.shellbox.shell.interp.ExecutionLimits;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.Shell;
import dev.shellbox.shell.net.NetworkAccess;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CurlCommandTest {
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
    void printsTheBodyOfAGet() {
        CommandTester.Result r = tester().run("curl", "-s", server.url() + "/hello");
        assertThat(r.status()).isZero();
        assertThat(r.out()).isEqualTo("hello world\n");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void aBlockedConnectionFailsWithSevenAndThePolicysWords() {
        CommandTester.Result r =
                CommandTester.create().network(LoopbackServer.blocking()).run("curl", "-sS", "http://example.com/");
        assertThat(r.status()).isEqualTo(7);
        assertThat(r.err())
                .isEqualTo("curl: (7) Blocked by the sandbox's network policy: example.com is not in the allow-list\n");
    }

    @Test
    void aShellWithoutANetworkSeamHasNoNetwork() {
        Shell shell = Shell.builder()
                .fileSystem(new InMemoryFileSystem())
                .commands(StandardCommands.registry())
                .build();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExecutionResult r = shell.execute(Execution.builder("curl " + server.url() + "/hello")
                .stderr(err)
                .stdout(new ByteArrayOutputStream())
                .build());
        assertThat(r.exitStatus()).isEqualTo(7);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("curl: (7) Blocked by the sandbox's network policy: this sandbox has no network\n");
    }

    @Test
    void theExecutionTimeoutEndsATransferThatWouldWait() {
        Shell shell = Shell.builder()
                .fileSystem(new InMemoryFileSystem())
                .commands(StandardCommands.registry())
                .network(LoopbackServer.loopback())
                .limits(ExecutionLimits.DEFAULT.withTimeout(Duration.ofMillis(300)))
                .build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ExecutionResult r = shell.execute(Execution.builder("curl -s " + server.url() + "/slow; echo after")
                .stdout(out)
                .stderr(new ByteArrayOutputStream())
                .build());
        assertThat(r.exitStatus()).isEqualTo(ExecutionLimits.STATUS);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void theSeamSeesTheHostAsTheUrlNamesIt() {
        List<String> asked = new ArrayList<>();
        NetworkAccess recording = (host, port, timeout) -> {
            asked.add(host + " " + port);
            return LoopbackServer.loopback().connect("127.0.0.1", port, timeout);
        };
        int port = Integer.parseInt(server.url().substring(server.url().lastIndexOf(':') + 1));
        CommandTester.Result r = CommandTester.create()
                .network(recording)
                .run("curl", "-s", "http://[::1]:" + port + "/hello", "http://LocalHost:" + port + "/hello");
        assertThat(r.out()).isEqualTo("hello world\nhello world\n");
        assertThat(asked).containsExactly("::1 " + port, "localhost " + port);
    }

    @Test
    void unresolvableHostsFailWithSix() {
        CommandTester.Result r = tester().run("curl", "-sS", "http://no.such.host/");
        assertThat(r.status()).isEqualTo(6);
        assertThat(r.err()).isEqualTo("curl: (6) Could not resolve host: no.such.host\n");
    }

    @Test
    void silentWithoutShowErrorSaysNothing() {
        CommandTester.Result r = tester().run("curl", "-s", "-f", server.url() + "/missing");
        assertThat(r.status()).isEqualTo(22);
        assertThat(r.err()).isEmpty();
        CommandTester.Result shown = tester().run("curl", "-sSf", server.url() + "/missing");
        assertThat(shown.err()).isEqualTo("curl: (22) The requested URL returned error: 404\n");
    }

    @Test
    void verboseTracesTheRequestAndResponseHeadsOnStderr() {
        CommandTester.Result r = tester().run("curl", "-s", "-v", "-H", "X-Trace: yes", server.url() + "/hello");
        assertThat(r.out()).isEqualTo("hello world\n");
        assertThat(r.err())
                .contains("> GET /hello HTTP/1.1\r\n")
                .contains("> Host: 127.0.0.1:")
                .contains("> User-Agent: " + CurlCommand.USER_AGENT + "\r\n")
                .contains("> X-Trace: yes\r\n")
                .contains("< HTTP/1.1 200 OK\r\n")
                .contains("< Content-length: 12\r\n");
    }

    @Test
    void writesTheRemoteNameAndCreatesDirectories() {
        CommandTester t = tester();
        assertThat(t.run("curl", "-s", "-O", server.url() + "/files/data.txt").status())
                .isZero();
        assertThat(t.run("curl", "-s", "--create-dirs", "-o", "a/b/c.txt", server.url() + "/hello")
                        .status())
                .isZero();
        assertThat(t.tree("."))
                .containsEntry("data.txt", "f 644 hello world\n")
                .containsEntry("a/b/c.txt", "f 644 hello world\n");
    }

    @Test
    void remoteNameNeedsAFileNameInTheUrl() {
        CommandTester.Result r = tester().run("curl", "-sS", "-O", server.url() + "/dir/");
        assertThat(r.status()).isEqualTo(23);
    }

    @Test
    void missingFormFileFailsWith26() {
        CommandTester.Result r = tester().run("curl", "-sS", "-F", "f=@nope.txt", server.url() + "/echo");
        assertThat(r.status()).isEqualTo(26);
        assertThat(r.err()).isEqualTo("curl: (26) Failed to open/read local data from file/application\n");
    }

    @Test
    void writeOutFormatsTheTransfer() {
        CommandTester.Result r = tester().run(
                        "curl",
                        "-s",
                        "-L",
                        "-o",
                        "/dev/stderr",
                        "-w",
                        "%{http_code}|%{num_redirects}|%{url_effective}|%{content_type}|%{size_download}|%{method}|%header{content-length}\\n",
                        server.url() + "/redirect/2");
        assertThat(r.out()).isEqualTo("200|2|" + server.url() + "/hello|text/plain|12|GET|12\n");
        assertThat(r.err()).isEqualTo("hello world\n");
    }

    @Test
    void timeTotalIsSecondsWithSixDecimals() {
        CommandTester.Result r =
                tester().run("curl", "-s", "-o", "out", "-w", "%{time_total}", server.url() + "/hello");
        assertThat(r.out()).matches("\\d+\\.\\d{6}");
    }

    @Test
    void maxTimeEndsASlowTransferWith28() {
        CommandTester.Result r = tester().run("curl", "-sS", "-m", "0.3", server.url() + "/slow");
        assertThat(r.status()).isEqualTo(28);
        assertThat(r.err()).startsWith("curl: (28) Operation timed out after ");
    }

    @Test
    void retriesAFailedConnectionButNotAPolicyRefusal() {
        AtomicInteger calls = new AtomicInteger();
        NetworkAccess refusingOnce = (host, port, timeout) -> {
            if (calls.getAndIncrement() == 0) {
                throw new ConnectException("Connection refused");
            }
            return LoopbackServer.loopback().connect(host, port, timeout);
        };
        CommandTester.Result r = CommandTester.create()
                .network(refusingOnce)
                .run("curl", "-s", "--retry", "1", "--retry-delay", "1", server.url() + "/hello");
        assertThat(r.out()).isEqualTo("hello world\n");
        assertThat(r.status()).isZero();
        assertThat(calls.get()).isEqualTo(2);

        AtomicInteger blocked = new AtomicInteger();
        NetworkAccess policy = (host, port, timeout) -> {
            blocked.incrementAndGet();
            return LoopbackServer.blocking().connect(host, port, timeout);
        };
        CommandTester.Result refused =
                CommandTester.create().network(policy).run("curl", "-s", "--retry", "3", server.url() + "/hello");
        assertThat(refused.status()).isEqualTo(7);
        assertThat(blocked.get()).isEqualTo(1);
    }

    @Test
    void badOptionsFailWithTwo() {
        CommandTester.Result r = tester().run("curl", "--no-such-option", server.url());
        assertThat(r.status()).isEqualTo(2);
        assertThat(tester().run("curl").status()).isEqualTo(2);
    }

    @Test
    void malformedAndUnsupportedUrls() {
        assertThat(tester().run("curl", "-s", "http://[::1/").status()).isEqualTo(3);
        assertThat(tester().run("curl", "-s", "http://host:99999/").status()).isEqualTo(3);
        CommandTester.Result r = tester().run("curl", "-sS", "gopher://x/");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("curl: (1) Protocol \"gopher\" not supported or disabled in libcurl\n");
    }

    @Test
    void headerRemovalAndEmptyHeaders() {
        CommandTester.Result r = tester().run(
                        "curl",
                        "-s",
                        "-H",
                        "Accept:",
                        "-H",
                        "X-Empty;",
                        "-H",
                        "Content-Type: text/csv",
                        "-d",
                        "a,b",
                        server.url() + "/echo");
        assertThat(r.out()).isEqualTo("method: POST\ntarget: /echo\ncontent-type: text/csv\nx-empty: \nbody: a,b\n");
    }

    @Test
    void httpsVerifiesTheServerAgainstTheGivenCaBundle() throws Exception {
        String url = server.httpsUrl(temp) + "/hello";
        CommandTester untrusted = tester();
        CommandTester.Result r = untrusted.run("curl", "-sS", url);
        assertThat(r.status()).isEqualTo(60);
        assertThat(r.err()).startsWith("curl: (60) SSL certificate problem: ");

        CommandTester trusted = tester().file("ca.pem", server.certificatePem());
        assertThat(trusted.run("curl", "-s", "--cacert", "ca.pem", url).out()).isEqualTo("hello world\n");
        assertThat(tester().file("ca.pem", server.certificatePem())
                        .env("CURL_CA_BUNDLE", "/work/ca.pem")
                        .run("curl", "-s", url)
                        .out())
                .isEqualTo("hello world\n");
        assertThat(tester().file("ca.pem", server.certificatePem())
                        .env("SSL_CERT_FILE", "/work/ca.pem")
                        .run("curl", "-s", url)
                        .out())
                .isEqualTo("hello world\n");
        assertThat(tester().run("curl", "-s", "-k", url).out()).isEqualTo("hello world\n");
    }

    @Test
    void httpsChecksTheHostName() throws Exception {
        String url = server.httpsUrl(temp).replace("localhost", "127.0.0.1");
        String otherName = url.replace("127.0.0.1", "[::1]");
        CommandTester t = tester().file("ca.pem", server.certificatePem());
        assertThat(t.run("curl", "-s", "--cacert", "ca.pem", url + "/hello").out())
                .isEqualTo("hello world\n");
        CommandTester.Result r = t.run("curl", "-sS", "--cacert", "ca.pem", otherName + "/hello");
        assertThat(r.status()).isEqualTo(60);
        assertThat(t.run("curl", "-s", "-k", otherName + "/hello").out()).isEqualTo("hello world\n");
    }

    @Test
    void aMissingCaBundleFailsWith77() throws Exception {
        String url = server.httpsUrl(temp) + "/hello";
        assertThat(tester().run("curl", "-s", "--cacert", "nope.pem", url).status())
                .isEqualTo(77);
    }

    @Test
    void streamsALargeBodyToAFile() {
        CommandTester t = tester();
        CommandTester.Result r = t.run("curl", "-s", "-o", "big", "-w", "%{size_download}", server.url() + "/big");
        assertThat(r.out()).isEqualTo("2560000");
        assertThat(t.run("wc", "-c", "big").out()).isEqualTo("2560000 big\n");
    }
}
