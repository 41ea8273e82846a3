package dev.shellbox.shell.commands.net;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.shellbox.shell.net.NetworkAccess;
import dev.shellbox.shell.net.NetworkBlockedException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * HTTP (and, on request, HTTPS) servers on 127.0.0.1 for the network commands' tests, with one handler per behaviour
 * and a raw socket server for what {@link HttpServer} cannot send (a body ended by closing, an empty reply, a short
 * body).
 */
final class LoopbackServer implements AutoCloseable {
    static final byte[] HELLO = "hello world\n".getBytes(StandardCharsets.UTF_8);

    private final HttpServer http;
    private HttpsServer https;
    private final ServerSocket raw;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "loopback-server");
        t.setDaemon(true);
        return t;
    });
    private final AtomicInteger flaky = new AtomicInteger();
    /** The PEM of the HTTPS server's self-signed certificate (for localhost and 127.0.0.1). */
    private String certificatePem;

    LoopbackServer() throws IOException {
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        routes(http);
        http.setExecutor(pool);
        http.start();
        raw = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        pool.execute(this::serveRaw);
    }

    /** http://127.0.0.1:port */
    String url() {
        return "http://127.0.0.1:" + http.getAddress().getPort();
    }

    /** http://127.0.0.1:port of the raw server: /close, /empty, /short, /http10. */
    String rawUrl() {
        return "http://127.0.0.1:" + raw.getLocalPort();
    }

    /** Starts the HTTPS server (once) with a certificate made by keytool; its URL, https://localhost:port. */
    String httpsUrl(Path tempDir) throws Exception {
        if (https == null) {
            Path store = tempDir.resolve("server.p12");
            run(
                    tempDir,
                    "keytool",
                    "-genkeypair",
                    "-keyalg",
                    "RSA",
                    "-keysize",
                    "2048",
                    "-alias",
                    "server",
                    "-dname",
                    "CN=localhost",
                    "-ext",
                    "SAN=dns:localhost,ip:127.0.0.1",
                    "-validity",
                    "2",
                    "-storetype",
                    "PKCS12",
                    "-keystore",
                    store.toString(),
                    "-storepass",
                    "changeit",
                    "-keypass",
                    "changeit");
            Path pem = tempDir.resolve("server.pem");
            run(
                    tempDir,
                    "keytool",
                    "-exportcert",
                    "-rfc",
                    "-alias",
                    "server",
                    "-keystore",
                    store.toString(),
                    "-storepass",
                    "changeit",
                    "-file",
                    pem.toString());
            certificatePem = Files.readString(pem);
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(store)) {
                ks.load(in, "changeit".toCharArray());
            }
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, "changeit".toCharArray());
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf.getKeyManagers(), null, null);
            https = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            https.setHttpsConfigurator(new HttpsConfigurator(context));
            routes(https);
            https.setExecutor(pool);
            https.start();
        }
        return "https://localhost:" + https.getAddress().getPort();
    }

    String certificatePem() {
        return certificatePem;
    }

    private static void run(Path dir, String... command) throws Exception {
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + new String(out, StandardCharsets.UTF_8));
        }
    }

    /** Connects to 127.0.0.1 for {@code 127.0.0.1}, {@code localhost} and {@code ::1}; other names do not resolve. */
    static NetworkAccess loopback() {
        return (host, port, timeout) -> {
            if (!host.equals("127.0.0.1") && !host.equals("localhost") && !host.equals("::1")) {
                throw new UnknownHostException(host);
            }
            Socket s = new Socket();
            s.connect(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
                    timeout == null ? 0 : (int) timeout.toMillis());
            return s;
        };
    }

    /** Refuses every connection, as a policy with an allow-list that names nothing here. */
    static NetworkAccess blocking() {
        return (host, port, timeout) -> {
            throw new NetworkBlockedException(host + " is not in the allow-list");
        };
    }

    private void routes(HttpServer server) {
        server.createContext("/", this::handle);
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            byte[] request = ex.getRequestBody().readAllBytes();
            String path = ex.getRequestURI().getRawPath();
            String query = ex.getRequestURI().getRawQuery();
            Headers out = ex.getResponseHeaders();
            switch (path) {
                case "/hello", "/files/data.txt", "/dir/" -> {
                    out.add("Content-Type", "text/plain");
                    send(ex, 200, HELLO);
                }
                case "/chunked" -> {
                    out.add("Content-Type", "text/plain");
                    ex.sendResponseHeaders(200, 0);
                    try (OutputStream body = ex.getResponseBody()) {
                        for (int i = 0; i < 5; i++) {
                            body.write(("chunk " + i + "\n").getBytes(StandardCharsets.UTF_8));
                            body.flush();
                        }
                    }
                }
                case "/big" -> {
                    ex.sendResponseHeaders(200, 0);
                    try (OutputStream body = ex.getResponseBody()) {
                        byte[] line = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n"
                                .getBytes(StandardCharsets.UTF_8);
                        for (int i = 0; i < 40_000; i++) {
                            body.write(line);
                        }
                    }
                }
                case "/nocontent" -> ex.sendResponseHeaders(204, -1);
                case "/notmodified" -> ex.sendResponseHeaders(304, -1);
                case "/missing" -> {
                    out.add("Content-Type", "text/plain");
                    send(ex, 404, "not found\n".getBytes(StandardCharsets.UTF_8));
                }
                case "/error" -> send(ex, 500, "boom\n".getBytes(StandardCharsets.UTF_8));
                case "/flaky" -> {
                    if (flaky.getAndIncrement() % 2 == 0) {
                        send(ex, 503, "busy\n".getBytes(StandardCharsets.UTF_8));
                    } else {
                        send(ex, 200, "recovered\n".getBytes(StandardCharsets.UTF_8));
                    }
                }
                case "/slow" -> {
                    sleep(5000);
                    send(ex, 200, HELLO);
                }
                case "/gzip" -> {
                    String accept = ex.getRequestHeaders().getFirst("Accept-Encoding");
                    if (accept != null && accept.contains("gzip")) {
                        ByteArrayOutputStream buf = new ByteArrayOutputStream();
                        try (GZIPOutputStream gz = new GZIPOutputStream(buf)) {
                            gz.write("compressed hello\n".repeat(20).getBytes(StandardCharsets.UTF_8));
                        }
                        out.add("Content-Encoding", "gzip");
                        send(ex, 200, buf.toByteArray());
                    } else {
                        send(ex, 200, "plain hello\n".getBytes(StandardCharsets.UTF_8));
                    }
                }
                case "/auth" -> {
                    String auth = ex.getRequestHeaders().getFirst("Authorization");
                    if (auth == null) {
                        out.add("WWW-Authenticate", "Basic realm=\"test\"");
                        send(ex, 401, "who are you\n".getBytes(StandardCharsets.UTF_8));
                    } else {
                        send(ex, 200, ("authorized " + auth + "\n").getBytes(StandardCharsets.UTF_8));
                    }
                }
                case "/echo", "/ua" -> send(ex, 200, echo(ex, path, query, request));
                default -> {
                    if (path.startsWith("/redirect/")) {
                        int n = Integer.parseInt(path.substring("/redirect/".length()));
                        out.add("Location", n <= 1 ? "/hello" : "/redirect/" + (n - 1));
                        send(ex, 302, "moved\n".getBytes(StandardCharsets.UTF_8));
                    } else if (path.startsWith("/status/")) {
                        int code = Integer.parseInt(path.substring("/status/".length()));
                        out.add("Location", "/echo");
                        send(ex, code, ("status " + code + "\n").getBytes(StandardCharsets.UTF_8));
                    } else if (path.equals("/relative/a/b")) {
                        out.add("Location", "../c?x=1");
                        send(ex, 301, new byte[0]);
                    } else if (path.equals("/relative/c")) {
                        send(ex, 200, ("at c " + query + "\n").getBytes(StandardCharsets.UTF_8));
                    } else {
                        send(ex, 404, "no route\n".getBytes(StandardCharsets.UTF_8));
                    }
                }
            }
        }
    }

    /**
     * What the server received, without what differs between clients by design (User-Agent unless asked for, the
     * multipart boundary): method, target, selected headers, and the body.
     */
    private static byte[] echo(HttpExchange ex, String path, String query, byte[] body) {
        StringBuilder sb = new StringBuilder();
        sb.append("method: ").append(ex.getRequestMethod()).append('\n');
        sb.append("target: ")
                .append(path)
                .append(query == null ? "" : "?" + query)
                .append('\n');
        Map<String, String> headers = new TreeMap<>();
        String boundary = null;
        for (Map.Entry<String, List<String>> h : ex.getRequestHeaders().entrySet()) {
            String name = h.getKey().toLowerCase(java.util.Locale.ROOT);
            String value = String.join(", ", h.getValue());
            if (name.equals("content-type") && value.contains("boundary=")) {
                boundary = value.substring(value.indexOf("boundary=") + 9);
                value = value.replace(boundary, "BOUNDARY");
            }
            boolean shown = name.startsWith("x-")
                    || name.equals("content-type")
                    || name.equals("authorization")
                    || name.equals("referer")
                    || name.equals("cookie")
                    || name.equals("accept")
                    || (name.equals("user-agent") && path.equals("/ua"));
            if (shown) {
                headers.put(name, value);
            }
        }
        headers.forEach((k, v) -> sb.append(k).append(": ").append(v).append('\n'));
        String text = new String(body, StandardCharsets.ISO_8859_1);
        if (boundary != null) {
            text = text.replace(boundary, "BOUNDARY");
        }
        sb.append("body: ").append(text).append('\n');
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private static void send(HttpExchange ex, int status, byte[] body) throws IOException {
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void serveRaw() {
        while (!raw.isClosed()) {
            Socket s;
            try {
                s = raw.accept();
            } catch (IOException e) {
                return;
            }
            pool.execute(() -> answerRaw(s));
        }
    }

    private static void answerRaw(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            List<String> lines = new ArrayList<>();
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = in.read()) >= 0) {
                if (c == '\n') {
                    String l = line.toString().strip();
                    if (l.isEmpty()) {
                        break;
                    }
                    lines.add(l);
                    line.setLength(0);
                } else {
                    line.append((char) c);
                }
            }
            String target = lines.isEmpty() ? "" : lines.get(0).split(" ")[1];
            OutputStream out = s.getOutputStream();
            String reply = switch (target) {
                case "/close" ->
                    "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end\nof the connection\n";
                case "/http10" -> "HTTP/1.0 200 OK\r\n\r\nold server\n";
                case "/short" -> "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this\n";
                case "/lf" -> "HTTP/1.1 200 OK\nContent-Length: 3\nX-Bare: yes\n\nlf\n";
                default -> "";
            };
            out.write(reply.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        } catch (IOException e) {
            // the client went away
        }
    }

    @Override
    public void close() throws IOException {
        http.stop(0);
        if (https != null) {
            https.stop(0);
        }
        raw.close();
        pool.shutdownNow();
    }
}
