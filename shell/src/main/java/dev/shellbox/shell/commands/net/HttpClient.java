package dev.shellbox.shell.commands.net;

import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.net.NetworkAccess;
import dev.shellbox.shell.net.NetworkBlockedException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * HTTP/1.1 over the sandbox's {@link NetworkAccess}: one request per connection, TLS layered over the seam's socket
 * for https, the response head parsed and the body framed by Content-Length, chunked encoding or the end of the
 * connection. Shared by {@code curl} and {@code wget}; they decide what to print and how to follow redirects.
 */
final class HttpClient {
    /** The longest response head accepted. */
    private static final int MAX_HEAD = 256 * 1024;

    /** Where the client says what it does ({@code curl -v}): {@code *} info, {@code >} sent, {@code <} received. */
    interface Trace {
        Trace NONE = (kind, text) -> {};

        void line(char kind, String text);
    }

    /** Loads the TLS trust on first use, so a bad CA file fails only a transfer that needs it. */
    interface TrustLoader {
        TlsTrust load() throws NetException;
    }

    /**
     * What governs every connection of one command.
     *
     * @param connectTimeout null for none
     * @param idleTimeout the longest a read may wait ({@code wget -T}); null for none
     * @param deadlineNanos the {@link System#nanoTime()} when the whole operation must end ({@code curl -m}); 0 for
     *     none
     */
    record Settings(
            NetworkAccess network,
            TrustLoader trust,
            Duration connectTimeout,
            Duration idleTimeout,
            long deadlineNanos,
            Cancellation cancellation,
            Trace trace) {}

    private final Settings settings;

    HttpClient(Settings settings) {
        this.settings = settings;
    }

    /** Connects, sends {@code request} and reads the response head; the caller reads the body and closes it. */
    HttpExchange send(HttpRequest request) throws IOException {
        long start = System.nanoTime();
        Url url = request.url();
        Socket socket = connect(url, start);
        Runnable unregister = settings.cancellation().onCancel(() -> closeQuietly(socket));
        boolean done = false;
        try {
            TimedInput timed = new TimedInput(socket, start);
            Socket stream = url.secure() ? handshake(socket, url, timed) : socket;
            timed.stream = stream.getInputStream();
            OutputStream out = new BufferedOutputStream(stream.getOutputStream(), 16 * 1024);
            writeRequest(request, out);
            BufferedInputStream in = new BufferedInputStream(timed, 16 * 1024);
            ResponseHead head;
            do {
                head = readHead(in);
            } while (head.status() >= 100 && head.status() < 200 && head.status() != 101);
            InputStream body = frame(request, head, in);
            HttpExchange exchange = new HttpExchange(head, body, stream, unregister);
            timed.exchange = exchange;
            done = true;
            return exchange;
        } finally {
            if (!done) {
                unregister.run();
                closeQuietly(socket);
            }
        }
    }

    private Socket connect(Url url, long start) throws IOException {
        settings.trace().line('*', "  Trying " + url.hostForUrl() + ":" + url.port() + "...");
        Duration timeout = settings.connectTimeout();
        if (settings.deadlineNanos() != 0) {
            Duration left = Duration.ofNanos(Math.max(1_000_000, settings.deadlineNanos() - System.nanoTime()));
            timeout = timeout == null || left.compareTo(timeout) < 0 ? left : timeout;
        }
        try {
            Socket socket = settings.network().connect(url.host(), url.port(), timeout);
            settings.trace().line('*', "Connected to " + url.host() + " port " + url.port());
            return socket;
        } catch (NetworkBlockedException e) {
            throw new NetException(NetException.Kind.BLOCKED, e.getMessage(), e);
        } catch (UnknownHostException e) {
            throw new NetException(NetException.Kind.RESOLVE, "Could not resolve host: " + url.host(), e);
        } catch (SocketTimeoutException e) {
            throw new NetException(
                    NetException.Kind.TIMEOUT, "Connection timed out after " + millisSince(start) + " milliseconds", e);
        } catch (IOException e) {
            settings.cancellation().check();
            throw new NetException(
                    NetException.Kind.CONNECT,
                    "Failed to connect to " + url.host() + " port " + url.port() + " after " + millisSince(start)
                            + " ms: " + reasonOf(e),
                    e);
        }
    }

    private Socket handshake(Socket socket, Url url, TimedInput timed) throws IOException {
        TlsTrust trust = settings.trust().load();
        try {
            SSLSocket ssl = (SSLSocket) trust.factory().createSocket(socket, url.host(), url.port(), true);
            SSLParameters params = ssl.getSSLParameters();
            if (trust.verify()) {
                params.setEndpointIdentificationAlgorithm("HTTPS");
            }
            if (!url.host().matches("[0-9.]+|.*:.*")) {
                params.setServerNames(List.of(new SNIHostName(url.host())));
            }
            ssl.setSSLParameters(params);
            timed.applyTimeout();
            ssl.startHandshake();
            settings.trace()
                    .line(
                            '*',
                            "TLS connection using " + ssl.getSession().getProtocol() + " / "
                                    + ssl.getSession().getCipherSuite());
            return ssl;
        } catch (SocketTimeoutException e) {
            throw timed.timeout(e);
        } catch (SSLException e) {
            settings.cancellation().check();
            Throwable cause = e;
            while (cause != null) {
                if (cause instanceof CertificateException) {
                    throw new NetException(
                            NetException.Kind.CERTIFICATE, "SSL certificate problem: " + rootMessage(e), e);
                }
                cause = cause.getCause();
            }
            throw new NetException(NetException.Kind.TLS, "TLS connect error: " + rootMessage(e), e);
        }
    }

    private void writeRequest(HttpRequest request, OutputStream out) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(request.method() + " " + request.url().target() + " HTTP/1.1");
        if (request.headers().stream().noneMatch(h -> h.named("Host"))) {
            lines.add("Host: " + request.url().hostHeader());
        }
        for (Header h : request.headers()) {
            lines.add(h.toString());
        }
        if (request.body() != null && request.headers().stream().noneMatch(h -> h.named("Content-Length"))) {
            lines.add("Content-Length: " + request.body().length());
        }
        StringBuilder head = new StringBuilder();
        for (String line : lines) {
            settings.trace().line('>', line);
            head.append(line).append("\r\n");
        }
        settings.trace().line('>', "");
        head.append("\r\n");
        try {
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (request.body() != null) {
                request.body().writeTo(out);
            }
            out.flush();
        } catch (NetException e) {
            throw e;
        } catch (SocketTimeoutException e) {
            throw new NetException(NetException.Kind.TIMEOUT, "Operation timed out while sending", e);
        } catch (dev.shellbox.shell.fs.FsException e) {
            throw e;
        } catch (IOException e) {
            settings.cancellation().check();
            throw new NetException(NetException.Kind.SEND, "Send failure: " + reasonOf(e), e);
        }
    }

    private ResponseHead readHead(InputStream in) throws IOException {
        StringBuilder raw = new StringBuilder();
        String statusLine;
        try {
            statusLine = readLine(in, true);
            raw.append(statusLine);
            statusLine = strip(statusLine);
        } catch (EOFException e) {
            throw new NetException(NetException.Kind.EMPTY_REPLY, "Empty reply from server", e);
        }
        if (!statusLine.matches("HTTP/\\d(\\.\\d)? \\d{3}( .*)?")) {
            throw new NetException(NetException.Kind.RECEIVE, "Unsupported HTTP response: " + statusLine);
        }
        settings.trace().line('<', statusLine);
        int status = Integer.parseInt(statusLine.substring(statusLine.indexOf(' ') + 1, statusLine.indexOf(' ') + 4));
        String reason = statusLine.length() > statusLine.indexOf(' ') + 5
                ? statusLine.substring(statusLine.indexOf(' ') + 5)
                : "";
        List<Header> headers = new ArrayList<>();
        int total = statusLine.length();
        while (true) {
            String line;
            try {
                line = readLine(in, false);
                raw.append(line);
                line = strip(line);
            } catch (EOFException e) {
                throw new NetException(NetException.Kind.RECEIVE, "Recv failure: connection closed in the headers", e);
            }
            settings.trace().line('<', line);
            total += line.length();
            if (total > MAX_HEAD) {
                throw new NetException(NetException.Kind.RECEIVE, "Response headers too large");
            }
            if (line.isEmpty()) {
                break;
            }
            if ((line.startsWith(" ") || line.startsWith("\t")) && !headers.isEmpty()) {
                Header last = headers.remove(headers.size() - 1);
                headers.add(new Header(last.name(), last.value() + " " + line.strip()));
                continue;
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.add(new Header(
                        line.substring(0, colon), line.substring(colon + 1).strip()));
            }
        }
        return new ResponseHead(statusLine, status, reason, headers, raw.toString());
    }

    /** Reads a line with its LF or CRLF (none at the end of the stream); EOFException at the end before any byte. */
    private static String readLine(InputStream in, boolean first) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        int c;
        while ((c = in.read()) != '\n') {
            if (c < 0) {
                if (line.size() == 0 || !first) {
                    throw new EOFException();
                }
                break;
            }
            if (line.size() > MAX_HEAD) {
                throw new NetException(NetException.Kind.RECEIVE, "Response headers too large");
            }
            line.write(c);
        }
        if (c == '\n') {
            line.write(c);
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    private static String strip(String line) {
        String s = line.endsWith("\n") ? line.substring(0, line.length() - 1) : line;
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    private static InputStream frame(HttpRequest request, ResponseHead head, InputStream in) throws NetException {
        int status = head.status();
        if (request.method().equals("HEAD") || status == 204 || status == 304 || (status >= 100 && status < 200)) {
            return InputStream.nullInputStream();
        }
        String te = head.header("Transfer-Encoding");
        if (te != null && te.toLowerCase(java.util.Locale.ROOT).contains("chunked")) {
            return new BodyStreams.Chunked(in);
        }
        String length = head.header("Content-Length");
        if (length != null) {
            try {
                return new BodyStreams.FixedLength(in, Long.parseLong(length.strip()));
            } catch (NumberFormatException e) {
                throw new NetException(NetException.Kind.RECEIVE, "Invalid Content-Length: " + length);
            }
        }
        return in;
    }

    private static String reasonOf(IOException e) {
        String m = e.getMessage();
        if (m == null) {
            return "Couldn't connect to server";
        }
        int paren = m.indexOf(" (");
        return paren > 0 ? m.substring(0, paren) : m;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? e.toString() : t.getMessage();
    }

    static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // closing only releases the connection
        }
    }

    /**
     * The socket's input under the command's limits: every read waits at most the idle timeout and what is left
     * before the deadline, and a timeout becomes a TIMEOUT failure naming the bytes received.
     */
    private final class TimedInput extends InputStream {
        private final Socket socket;
        private final long start;
        InputStream stream;
        HttpExchange exchange;

        TimedInput(Socket socket, long start) {
            this.socket = socket;
            this.start = start;
        }

        void applyTimeout() throws IOException {
            long millis = 0;
            if (settings.idleTimeout() != null) {
                millis = Math.max(1, settings.idleTimeout().toMillis());
            }
            if (settings.deadlineNanos() != 0) {
                long left = (settings.deadlineNanos() - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    throw timeout(null);
                }
                millis = millis == 0 ? left : Math.min(millis, left);
            }
            socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, millis));
        }

        NetException timeout(Throwable cause) {
            long received = exchange == null ? 0 : exchange.bytesReceived();
            return new NetException(
                    NetException.Kind.TIMEOUT,
                    "Operation timed out after " + millisSince(start) + " milliseconds with " + received
                            + " bytes received",
                    cause);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            applyTimeout();
            try {
                return stream.read(b, off, len);
            } catch (SocketTimeoutException e) {
                throw timeout(e);
            } catch (NetException e) {
                throw e;
            } catch (IOException e) {
                settings.cancellation().check();
                throw new NetException(NetException.Kind.RECEIVE, "Recv failure: " + reasonOf(e), e);
            }
        }
    }
}
