package dev.shellbox.shell.commands.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.shellbox.shell.commands.StandardCommands;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.Modes;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.interp.Execution;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.Shell;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in curl and wget against the real {@code /usr/bin/curl} and {@code /usr/bin/wget}, on the same loopback
 * server with the same command line: stdout bytes, exit status and the files named by the case must be equal. The
 * server's {@code Date} header (which can change between the two runs) is left out of both outputs; User-Agent and the
 * multipart boundary never reach the compared output (see {@link LoopbackServer}).
 */
class NetDifferentialTest {
    private static LoopbackServer server;

    /**
     * One case: a command line ({@code $U} is the HTTP server, {@code $R} the raw one), the files it starts with, its
     * stdin, and the file whose content is compared too (or null).
     */
    record Case(String line, Map<String, String> files, String stdin, String file) {
        static Case of(String line) {
            return new Case(line, Map.of(), "", null);
        }

        Case withFile(String name, String content) {
            Map<String, String> f = new HashMap<>(files);
            f.put(name, content);
            return new Case(line, f, stdin, file);
        }

        Case stdin(String text) {
            return new Case(line, files, text, file);
        }

        Case compareFile(String name) {
            return new Case(line, files, stdin, name);
        }
    }

    static final List<Case> CASES = List.of(
            Case.of("curl -s $U/hello"),
            Case.of("curl -s -i $U/hello"),
            Case.of("curl -s -I $U/hello"),
            Case.of("curl -s -f $U/missing"),
            Case.of("curl -s $U/missing"),
            Case.of("curl -s -f -i $U/missing"),
            Case.of("curl -s --fail-with-body $U/missing"),
            Case.of("curl -s -L $U/redirect/3"),
            Case.of("curl -s $U/redirect/1"),
            Case.of("curl -s -i -L $U/redirect/2"),
            Case.of("curl -s -L --max-redirs 1 $U/redirect/3"),
            Case.of("curl -s -L $U/relative/a/b"),
            Case.of("curl -s -d a=1 -d b=2 $U/echo"),
            Case.of("curl -s -G -d q=x -d r=y $U/echo"),
            Case.of("curl -s -F name=value -F file=@up.txt $U/echo").withFile("up.txt", "line 1\nline 2\n"),
            Case.of("curl -s -F 'text=<up.txt' $U/echo").withFile("up.txt", "from a file\n"),
            Case.of("curl -s --data-urlencode 'msg=hello world&more' --data-urlencode plain $U/echo"),
            Case.of("curl -s --data-binary @body.txt $U/echo").withFile("body.txt", "a=1\nb=2\n"),
            Case.of("curl -s -d @body.txt $U/echo").withFile("body.txt", "a=1\nb=2\n"),
            Case.of("curl -s -d @- $U/echo").stdin("from=stdin\n"),
            Case.of("curl -s --data-raw @literal $U/echo"),
            Case.of("curl -s -X PUT -d x $U/echo"),
            Case.of("curl -s -X DELETE $U/echo"),
            Case.of("curl -s -H 'X-Custom: one' -H 'X-Other: two' -H 'Accept:' $U/echo"),
            Case.of("curl -s -H 'Content-Type: application/json' -d '{\"a\":1}' $U/echo"),
            Case.of("curl -s -u user:pass $U/auth"),
            Case.of("curl -s $U/auth"),
            Case.of("curl -s -A agent/1.0 $U/ua"),
            Case.of("curl -s -e http://ref.example/ $U/echo"),
            Case.of("curl -s -o out.txt $U/hello").compareFile("out.txt"),
            Case.of("curl -s -O $U/files/data.txt").compareFile("data.txt"),
            Case.of("curl -s -f -o out.txt $U/missing; ls"),
            Case.of("curl -s --compressed $U/gzip"),
            Case.of("curl -s $U/gzip"),
            Case.of("curl -s $U/chunked"),
            Case.of("curl -s $U/big | wc -c"),
            Case.of("curl -s -w '%{http_code} %{size_download} %{content_type}\\n' $U/hello"),
            Case.of("curl -s -o /dev/null -w '%{http_code}\\n' $U/missing"),
            Case.of("curl -s -L -o out.txt -w '%{url_effective} %{num_redirects} %{http_code}\\n' $U/redirect/2"),
            Case.of("curl -s -w '%{redirect_url}|%{method}|%%\\t|\\n' $U/redirect/1 -o /dev/null"),
            Case.of("curl -s -o /dev/null -w '%header{content-type}|%header{x-none}|%{size_header}\\n' $U/hello"),
            Case.of("curl -s -i $U/nocontent"),
            Case.of("curl -s -i $U/notmodified"),
            Case.of("curl -s -L -d a=1 $U/status/302"),
            Case.of("curl -s -L -d a=1 $U/status/307"),
            Case.of("curl -s -L -d a=1 $U/status/303"),
            Case.of("curl -s $R/close"),
            Case.of("curl -s $R/http10"),
            Case.of("curl -s -i $R/lf"),
            Case.of("curl -s $R/empty"),
            Case.of("curl -s $R/short"),
            Case.of("curl -s http://127.0.0.1:1/"),
            Case.of("curl -s foo://127.0.0.1/x"),
            Case.of("curl -s 'http://[::1'"),
            Case.of("curl -s --url $U/hello"),
            Case.of("curl -s $U/hello $U/chunked"),
            Case.of("curl -s -H 'X-Empty;' $U/echo"),
            Case.of("curl -s --retry 2 $U/flaky"),
            Case.of("curl -s -m 1 $U/slow"),
            Case.of("curl -s -w '%{http_code}' http://127.0.0.1:1/"),
            Case.of("curl --bogus-option $U/hello"),
            Case.of("wget -q -O - $U/hello"),
            Case.of("wget -q -O - $U/chunked"),
            Case.of("wget -q $U/files/data.txt").compareFile("data.txt"),
            Case.of("wget -q $U/files/data.txt; wget -q $U/files/data.txt; ls").compareFile("data.txt.1"),
            Case.of("wget -q -O - $U/missing"),
            Case.of("wget -q --spider $U/hello"),
            Case.of("wget -q --spider $U/missing"),
            Case.of("wget -q -O - --post-data a=1 $U/echo"),
            Case.of("wget -q -O - --header 'X-A: b' $U/echo"),
            Case.of("wget -q -O - $U/redirect/2"),
            Case.of("wget -q -O - --max-redirect 1 $U/redirect/3"),
            Case.of("wget -q -O - http://127.0.0.1:1/"),
            Case.of("wget -q -O - $U/error"),
            Case.of("wget -q -P sub $U/hello; ls sub").compareFile("sub/hello"),
            Case.of("wget -q $U/dir/; ls").compareFile("index.html"),
            Case.of("wget -q -O - $U/auth"),
            Case.of("wget -q -O - --user u --password p $U/auth"),
            Case.of("wget -nv -O - $U/hello"),
            Case.of("wget -q -O - $U/nocontent"),
            Case.of("wget -q -O - -t 1 $R/short"),
            Case.of("wget -q -O out.txt $U/chunked").compareFile("out.txt"),
            Case.of("wget -q -O - foo://127.0.0.1/x"),
            Case.of("wget -q -O out.txt $U/missing; ls").compareFile("out.txt"),
            Case.of("wget -q -O - -U agent/2 $U/ua"),
            Case.of("wget -q -O - --method PUT --body-data x=1 $U/echo"),
            Case.of("curl -s -I -L $U/redirect/2"),
            Case.of("curl -s -G --data-urlencode 'q=a b' $U/echo?x=1"),
            Case.of("curl -s 'http://user:pw@127.0.0.1:'${U##*:}/auth"),
            Case.of("curl -s -L -X POST $U/status/302"));

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

    @TestFactory
    Stream<DynamicTest> builtInsMatchRealCurlAndWget() {
        return CASES.stream().map(c -> DynamicTest.dynamicTest(c.line(), () -> check(c)));
    }

    private static void check(Case c) throws Exception {
        String tool = c.line().substring(0, c.line().indexOf(' '));
        assumeTrue(Files.isExecutable(Path.of("/usr/bin", tool)), "/usr/bin/" + tool + " is not installed");
        String line = c.line().replace("$U", server.url()).replace("$R", server.rawUrl());
        Outcome real = runReal(line, c);
        Outcome ours = runBuiltIn(line, c);
        assertEquals(real.status, ours.status, line + ": exit status; our stderr: " + ours.stderr);
        assertEquals(real.stdout, ours.stdout, line + ": stdout");
        assertEquals(real.file, ours.file, line + ": " + c.file());
    }

    record Outcome(int status, String stdout, String stderr, String file) {}

    private static Outcome runReal(String line, Case c) throws Exception {
        Path dir = Files.createTempDirectory(temp, "real");
        for (Map.Entry<String, String> f : c.files().entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue());
        }
        // no ~/.curlrc, /etc/wgetrc or proxy of this machine
        String script = "curl() { /usr/bin/curl -q \"$@\"; }; wget() { /usr/bin/wget --no-config \"$@\"; }; " + line;
        ProcessBuilder pb = new ProcessBuilder("/bin/bash", "-c", script).directory(dir.toFile());
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/bin:/bin");
        pb.environment().put("HOME", dir.toString());
        pb.environment().put("LC_ALL", "C.UTF-8");
        Path err = dir.resolve(".stderr");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(c.stdin().getBytes(StandardCharsets.UTF_8));
        }
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(line + ": the real tool did not finish");
        }
        String file = c.file() == null || !Files.exists(dir.resolve(c.file()))
                ? null
                : Files.readString(dir.resolve(c.file()), StandardCharsets.ISO_8859_1);
        return new Outcome(p.exitValue(), withoutDate(out), Files.readString(err), file);
    }

    private static Outcome runBuiltIn(String line, Case c) throws IOException {
        InMemoryFileSystem fs = new InMemoryFileSystem();
        fs.createDirectory("/work", Modes.DEFAULT_DIRECTORY);
        for (Map.Entry<String, String> f : c.files().entrySet()) {
            try (OutputStream out = fs.newOutputStream("/work/" + f.getKey(), WriteMode.TRUNCATE, 0644)) {
                out.write(f.getValue().getBytes(StandardCharsets.UTF_8));
            }
        }
        Shell shell = Shell.builder()
                .fileSystem(fs)
                .commands(StandardCommands.registry())
                .network(LoopbackServer.loopback())
                .environment(Map.of("PATH", "/usr/bin:/bin", "HOME", "/work", "LC_ALL", "C.UTF-8"))
                .workingDirectory("/work")
                .build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExecutionResult r = shell.execute(Execution.builder(line)
                .stdin(new ByteArrayInputStream(c.stdin().getBytes(StandardCharsets.UTF_8)))
                .stdout(out)
                .stderr(err)
                .build());
        String file = null;
        if (c.file() != null && fs.exists("/work/" + c.file())) {
            try (InputStream in = fs.newInputStream("/work/" + c.file())) {
                file = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            }
        }
        return new Outcome(r.exitStatus(), withoutDate(out.toByteArray()), err.toString(StandardCharsets.UTF_8), file);
    }

    private static String withoutDate(byte[] out) {
        return new String(out, StandardCharsets.ISO_8859_1).replaceAll("(?m)^Date: [^\r\n]*\r?\n", "");
    }
}
