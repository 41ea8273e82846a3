package dev.shellbox.sandbox.egress;

import dev.shellbox.egress.tls.TlsStreams;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One connection a program opened inside a proxied sandbox, relayed to the proxy by the sandbox's supervisor: either
 * to the explicit proxy (a CONNECT tunnel, or a plain-HTTP request in absolute form) or, transparently, to an address
 * the DNS stub handed out, which maps back to the name the program resolved. Every destination is decided by the
 * sandbox's policy on the name the program asked for and on the address the proxy resolved itself, and the proxy
 * connects to that very address, so nothing between the check and the connect can change where bytes go.
 */
final class ProxiedConnection {
    private static final int HTTP_PORT = 80;
    private static final long LINGER_SECONDS = 2;
    private static final long LINGER_BYTES = 1 << 20;

    private final SandboxEgress egress;
    private final Duplex program;
    /** Resets the program's connection, dropping what is still buffered for it: a new policy cut it. */
    private final Runnable abort;

    private final InputStream in;

    ProxiedConnection(SandboxEgress egress, Duplex program, Runnable abort) throws IOException {
        this.egress = egress;
        this.program = program;
        this.abort = abort;
        this.in = new BufferedInputStream(program.in(), 16 * 1024);
    }

    /** The explicit proxy: HTTP_PROXY and friends point here. */
    void serveExplicit() {
        try {
            Optional<HttpHead> read = HttpHead.read(in);
            if (read.isEmpty()) {
                return;
            }
            HttpHead head = read.get();
            if (head.method().equals("CONNECT")) {
                tunnel(head);
            } else {
                forwardAbsolute(head);
            }
        } catch (HttpHead.Malformed e) {
            answer(e.status, "refused by the sandbox's egress proxy: " + e.getMessage());
        } catch (Blocked b) {
            answer(b.status, b.getMessage());
        } catch (IOException e) {
            // the program or the destination went away
        } finally {
            program.close();
        }
    }

    /** A connection to an address of the DNS stub: {@code stubAddress} names the host, {@code port} is the program's. */
    void serveTransparent(InetAddress stubAddress, int port) {
        boolean http = false;
        try {
            Optional<String> name = egress.nameFor(stubAddress);
            if (name.isEmpty()) {
                throw egress.blocked("connect", null, stubAddress, port, "default: an address the DNS stub never gave");
            }
            in.mark(1);
            int first = in.read();
            if (first < 0) {
                return;
            }
            in.reset();
            if (ClientHello.startsTls(first)) {
                in.read();
                ClientHello hello = ClientHello.read(first, in);
                checkServerName(hello, name.get(), port);
                if (egress.terminates(name.get(), port)) {
                    terminate(hello, name.get(), port);
                    return;
                }
                try (Upstream up = egress.open("connect", name.get(), null, port, null, null, abort)) {
                    up.out().write(hello.record());
                    up.relay(in, program);
                }
            } else if (port == HTTP_PORT) {
                http = true;
                Optional<HttpHead> head = HttpHead.read(in);
                if (head.isPresent()) {
                    forward(
                            head.get(),
                            name.get(),
                            port,
                            originTarget(head.get().target()));
                }
            } else {
                try (Upstream up = egress.open("connect", name.get(), null, port, null, null, abort)) {
                    up.relay(in, program);
                }
            }
        } catch (HttpHead.Malformed e) {
            answer(e.status, "refused by the sandbox's egress proxy: " + e.getMessage());
        } catch (Blocked b) {
            if (http) {
                answer(b.status, b.getMessage());
            }
        } catch (IOException e) {
            // the program or the destination went away
        } finally {
            program.close();
        }
    }

    /** CONNECT host:port: a tunnel, whose TLS hello must name the host the tunnel was allowed for. */
    private void tunnel(HttpHead head) throws IOException, Blocked {
        Authority target = Authority.parse(head.target(), -1)
                .orElseThrow(() -> new Blocked(400, "-", "CONNECT needs host:port, not '" + head.target() + "'"));
        if (egress.terminates(target.name(), target.port())) {
            // its requests are read and judged one by one: no destination before the first of them
            OutputStream out = program.out();
            out.write("HTTP/1.1 200 Connection established\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            int first = in.read();
            if (first < 0) {
                return;
            }
            if (!ClientHello.startsTls(first)) {
                throw egress.blocked(
                        "connect",
                        target.name(),
                        null,
                        target.port(),
                        "the host's policy needs its requests in TLS or plain HTTP");
            }
            ClientHello hello = ClientHello.read(first, in);
            checkServerName(hello, target.name(), target.port());
            terminate(hello, target.name(), target.port());
            return;
        }
        try (Upstream up = egress.open("connect", target.name(), target.address(), target.port(), null, null, abort)) {
            OutputStream out = program.out();
            out.write("HTTP/1.1 200 Connection established\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            in.mark(1);
            int first = in.read();
            if (first < 0) {
                return;
            }
            if (ClientHello.startsTls(first)) {
                ClientHello hello = ClientHello.read(first, in);
                if (target.name() != null) {
                    checkServerName(hello, target.name(), target.port());
                }
                up.out().write(hello.record());
            } else {
                in.reset();
            }
            up.relay(in, program);
        }
    }

    /**
     * TLS to a host whose policy has rules: the proxy answers with a leaf of the sandbox's CA, reads the request,
     * judges it with its method and path, sets the rules' headers (secrets filled in here) and sends it on over TLS of
     * its own, verifying the real server.
     */
    private void terminate(ClientHello hello, String name, int port) throws IOException, Blocked {
        TlsStreams tls = TlsStreams.serve(
                egress.terminating(), name, hello.record(), in, program.out(), program::shutdownOutput);
        InputStream clear = new BufferedInputStream(tls.in(), 16 * 1024);
        Duplex secured = Duplex.of(clear, tls.out(), tls::closeOutput, program::close);
        try {
            Optional<HttpHead> read = HttpHead.read(clear);
            if (read.isEmpty()) {
                return;
            }
            HttpHead head = read.get();
            Optional<Authority> host = head.value("Host").flatMap(h -> Authority.parse(h, port));
            if (host.isEmpty() || !name.equals(host.get().name())) {
                throw new Blocked(
                        400,
                        "-",
                        "the request's Host header is '" + head.value("Host").orElse("") + "' but the connection is to "
                                + name);
            }
            if (!head.target().startsWith("/")) {
                throw new Blocked(400, "-", "a request inside TLS names its path, not '" + head.target() + "'");
            }
            try (Upstream up = egress.open("https", name, null, port, head.method(), head.target(), abort)) {
                up.secure(name, egress.upstreamTrust());
                exchange(head, head.target(), name, clear, up, secured);
            }
        } catch (HttpHead.Malformed e) {
            answer(secured, e.status, "refused by the sandbox's egress proxy: " + e.getMessage());
        } catch (Blocked b) {
            answer(secured, b.status, b.getMessage());
        }
    }

    /**
     * The request's head as the origin gets it, then its body as framed, and nothing after it; the answer goes back
     * to {@code program} with the secrets the head got masked.
     */
    private void exchange(
            HttpHead head, String originTarget, String name, InputStream body, Upstream up, Duplex program)
            throws IOException, Blocked {
        SandboxEgress.Rewritten rewritten = egress.headersFor(name, head.headers());
        OutputStream out = up.out();
        out.write(head.forOrigin(originTarget, rewritten.headers()));
        long length = head.bodyLength();
        if (length > 0) {
            Bodies.copyFixed(body, out, length);
        } else if (length < 0) {
            Bodies.copyChunked(body, out);
        }
        out.flush();
        Redaction redaction = rewritten.redaction();
        up.relayAnswer(redaction.isEmpty() ? program : redaction.over(program));
    }

    /** GET http://host/path through the explicit proxy: the URI's host must be the Host header's. */
    private void forwardAbsolute(HttpHead head) throws IOException, Blocked {
        URI uri;
        try {
            uri = new URI(head.target());
        } catch (URISyntaxException e) {
            throw new Blocked(400, "-", "the request target is not a URI: " + e.getMessage());
        }
        if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getRawAuthority() == null) {
            throw new Blocked(
                    400,
                    "-",
                    "the proxy takes http:// URIs in requests and CONNECT for anything else, not '" + head.target()
                            + "'");
        }
        Authority target = Authority.parse(uri.getRawAuthority(), HTTP_PORT)
                .orElseThrow(() -> new Blocked(400, "-", "the URI's host is not a host: " + uri.getRawAuthority()));
        Optional<String> host = head.value("Host");
        if (host.isPresent()) {
            Optional<Authority> named = Authority.parse(host.get(), HTTP_PORT);
            if (named.isEmpty() || !named.get().sameAs(target)) {
                throw new Blocked(
                        400,
                        "-",
                        "the request names host '" + uri.getRawAuthority() + "' but its Host header is '" + host.get()
                                + "'");
            }
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String originTarget = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        forward(head, target, originTarget);
    }

    /** A plain-HTTP request to the host the program reached through the DNS stub: Host must be that host. */
    private void forward(HttpHead head, String name, int port, String originTarget) throws IOException, Blocked {
        Optional<Authority> host = head.value("Host").flatMap(h -> Authority.parse(h, port));
        if (host.isEmpty() || host.get().name() == null || !host.get().name().equals(name)) {
            throw new Blocked(
                    400,
                    "-",
                    "the request's Host header is '" + head.value("Host").orElse("") + "' but the program connected"
                            + " to " + name);
        }
        forward(head, new Authority(name, null, port), originTarget);
    }

    private void forward(HttpHead head, Authority target, String originTarget) throws IOException, Blocked {
        String path = originTarget.startsWith("/") ? originTarget : "/" + originTarget;
        try (Upstream up =
                egress.open("http", target.name(), target.address(), target.port(), head.method(), path, abort)) {
            if (head.isUpgrade()) {
                SandboxEgress.Rewritten rewritten = egress.headersFor(target.name(), head.headers());
                up.out().write(head.forOrigin(originTarget, rewritten.headers()));
                up.relay(
                        in,
                        rewritten.redaction().isEmpty()
                                ? program
                                : rewritten.redaction().over(program));
                return;
            }
            // one request per connection: the program's further bytes are not forwarded
            exchange(head, originTarget, target.name(), in, up, program);
        }
    }

    private static String originTarget(String target) {
        return target.startsWith("/") ? target : "/";
    }

    private void checkServerName(ClientHello hello, String name, int port) throws Blocked {
        if (hello.serverName().isPresent()
                && !hello.serverName().get().toLowerCase(Locale.ROOT).equals(name)) {
            throw egress.blocked(
                    "connect",
                    name,
                    null,
                    port,
                    "TLS server name '" + hello.serverName().get() + "' differs from the host the connection was"
                            + " allowed for");
        }
    }

    private void answer(int status, String message) {
        answer(program, status, message);
    }

    private void answer(Duplex to, int status, String message) {
        try {
            byte[] body = (message + "\n").getBytes(StandardCharsets.UTF_8);
            String head = "HTTP/1.1 " + status + " " + reason(status) + "\r\n"
                    + "Content-Type: text/plain; charset=utf-8\r\n"
                    + "Content-Length: " + body.length + "\r\n"
                    + "X-Shellbox-Egress: blocked\r\n"
                    + "Connection: close\r\n\r\n";
            OutputStream out = to.out();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            to.shutdownOutput();
            lingerForTheRestOfTheRequest(to);
        } catch (IOException e) {
            // the program went away first
        }
    }

    /**
     * Reads and drops what the program still sends of a refused request (an oversized head, say), for a bounded
     * time: closing with unread bytes would reset the connection, and the program would never see the answer.
     */
    private void lingerForTheRestOfTheRequest(Duplex from) throws IOException {
        CompletableFuture.delayedExecutor(LINGER_SECONDS, TimeUnit.SECONDS).execute(program::close);
        byte[] sink = new byte[16 * 1024];
        long left = LINGER_BYTES;
        InputStream rest = from == program ? in : from.in();
        int n;
        while (left > 0 && (n = rest.read(sink, 0, (int) Math.min(sink.length, left))) > 0) {
            left -= n;
        }
    }

    private static String reason(int status) {
        switch (status) {
            case 403:
                return "Forbidden";
            case 431:
                return "Request Header Fields Too Large";
            case 502:
                return "Bad Gateway";
            case 505:
                return "HTTP Version Not Supported";
            default:
                return "Bad Request";
        }
    }
}
