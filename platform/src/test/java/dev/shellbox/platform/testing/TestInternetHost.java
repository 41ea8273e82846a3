package dev.shellbox.platform.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsServer;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.KeyPair;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * The servers of {@link TestInternet}, run as its own JVM inside the test namespace (a JVM cannot open sockets in
 * another namespace): HTTP on port 80 and HTTPS on 443 of every address of the namespace, the fake metadata service
 * on 169.254.169.254:80, the DNS server ({@link TestDnsServer}), a UDP echo on port 7 of the DNS addresses and TCP
 * echoes on request.
 *
 * <p>Every request, query and echo connection is appended as one JSON line to {@code events.jsonl} in the work
 * directory before it is answered. The harness drives it through stdin, one tab-separated command a line, each
 * answered on stdout by {@code ok} or {@code error <message>}; it exits when stdin closes, so it cannot outlive the
 * test JVM.
 *
 * <p>Arguments: the work directory (holding the CA's {@code ca.pem} and {@code ca-key.pem}), then the addresses the
 * DNS server and UDP echo listen on.
 */
public final class TestInternetHost {
    static final int UDP_ECHO_PORT = 7;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Writer events;
    private final TestDnsServer dns;
    private final ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "test-internet");
        thread.setDaemon(true);
        return thread;
    });

    private TestInternetHost(Path workDirectory) throws IOException {
        this.events = Files.newBufferedWriter(
                workDirectory.resolve("events.jsonl"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        this.dns = new TestDnsServer((name, type, transport, client) ->
                event(ordered("kind", "dns", "name", name, "type", type, "transport", transport, "client", client)));
    }

    public static void main(String[] args) throws Exception {
        PrintStream control = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err); // stdout carries only the answers to commands
        Path work = Path.of(args[0]);
        TestInternetHost host = new TestInternetHost(work);
        TestCertificates ca = TestCertificates.load(work.resolve("ca.pem"), work.resolve("ca-key.pem"));
        host.serveHttp(ca);
        for (int i = 1; i < args.length; i++) {
            InetAddress address = TestInternet.literal(args[i]);
            host.dns.listen(address);
            host.udpEcho(address);
        }
        control.println("ready");
        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = commands.readLine()) != null; ) {
            try {
                host.command(line.split("\t", -1));
                control.println("ok");
            } catch (Exception e) {
                control.println("error " + String.valueOf(e.getMessage()).replace('\n', ' '));
            }
        }
        System.exit(0);
    }

    private void command(String[] words) throws IOException {
        switch (words[0]) {
            case "A" -> {
                List<InetAddress> addresses = new ArrayList<>();
                for (int i = 2; i < words.length; i++) {
                    addresses.add(TestInternet.literal(words[i]));
                }
                dns.addresses(words[1], addresses);
            }
            case "CNAME" -> dns.cname(words[1], words[2]);
            case "TXT" -> dns.txt(words[1], words[2]);
            case "REBIND" -> dns.rebinding(words[1], TestInternet.literal(words[2]), TestInternet.literal(words[3]));
            case "REMOVE" -> dns.remove(words[1]);
            case "TCPECHO" -> tcpEcho(Integer.parseInt(words[1]));
            default -> throw new IllegalArgumentException("unknown command " + words[0]);
        }
    }

    // --- HTTP and HTTPS ---

    private void serveHttp(TestCertificates ca) throws Exception {
        HttpServer http = HttpServer.create(new InetSocketAddress(80), 100);
        http.createContext("/", exchange -> handle(exchange, "http"));
        http.setExecutor(executor);
        http.start();
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(new KeyManager[] {new IssuingKeyManager(ca)}, null, null);
        HttpsServer https = HttpsServer.create(new InetSocketAddress(443), 100);
        https.setHttpsConfigurator(new HttpsConfigurator(tls));
        https.createContext("/", exchange -> handle(exchange, "https"));
        https.setExecutor(executor);
        https.start();
    }

    private void handle(HttpExchange exchange, String scheme) throws IOException {
        try (exchange) {
            long bodyLength = exchange.getRequestBody().transferTo(OutputStream.nullOutputStream());
            InetSocketAddress local = exchange.getLocalAddress();
            Map<String, Object> request = ordered(
                    "kind", scheme,
                    "method", exchange.getRequestMethod(),
                    "host", exchange.getRequestHeaders().getFirst("Host"),
                    "path", exchange.getRequestURI().toString(),
                    "headers", new TreeMap<>(exchange.getRequestHeaders()),
                    "bodyLength", bodyLength,
                    "localAddress", address(local.getAddress()),
                    "localPort", local.getPort(),
                    "remoteAddress", address(exchange.getRemoteAddress().getAddress()),
                    "sni", sni(exchange));
            event(request);
            if (address(local.getAddress()).equals(TestInternet.METADATA_ADDRESS)) {
                respond(exchange, 200, "text/plain", TestInternet.METADATA_SECRET + "\n");
                return;
            }
            Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
            switch (exchange.getRequestURI().getPath()) {
                case "/bytes" -> streamBytes(exchange, Long.parseLong(query.getOrDefault("n", "0")));
                case "/redirect" -> {
                    exchange.getResponseHeaders().set("Location", query.getOrDefault("to", "/"));
                    respond(exchange, 302, "text/plain", "");
                }
                case "/status" -> {
                    int code = Integer.parseInt(query.getOrDefault("code", "200"));
                    respond(exchange, code, "text/plain", "status " + code + "\n");
                }
                default -> {
                    request.remove("kind");
                    request.put("scheme", scheme);
                    respond(exchange, 200, "application/json", JSON.writeValueAsString(request));
                }
            }
        } catch (RuntimeException e) {
            System.err.println("http: " + e);
            throw e;
        }
    }

    private static void respond(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        boolean empty = bytes.length == 0 || exchange.getRequestMethod().equals("HEAD") || status == 204;
        exchange.sendResponseHeaders(status, empty ? -1 : bytes.length);
        if (!empty) {
            exchange.getResponseBody().write(bytes);
        }
    }

    private static void streamBytes(HttpExchange exchange, long n) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(200, n == 0 || head ? -1 : n);
        if (head) {
            return;
        }
        OutputStream out = exchange.getResponseBody();
        byte[] buffer = new byte[64 * 1024];
        for (long offset = 0; offset < n; ) {
            int length = (int) Math.min(buffer.length, n - offset);
            pattern(offset, buffer, length);
            out.write(buffer, 0, length);
            offset += length;
        }
    }

    /** The bytes /bytes serves: byte i of every response is a fixed function of i (splitmix64 of i / 8 + 1). */
    static void pattern(long offset, byte[] buffer, int length) {
        for (int i = 0; i < length; i++) {
            long position = offset + i;
            long z = ((position >>> 3) + 1) * 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z ^= z >>> 31;
            buffer[i] = (byte) (z >>> ((position & 7) * 8));
        }
    }

    private static String sni(HttpExchange exchange) {
        if (exchange instanceof HttpsExchange https && https.getSSLSession() instanceof ExtendedSSLSession session) {
            return session.getRequestedServerNames().stream()
                    .filter(SNIHostName.class::isInstance)
                    .map(name -> ((SNIHostName) name).getAsciiName())
                    .findFirst()
                    .orElse(null);
        }
        return null;
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> query = new HashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int equals = pair.indexOf('=');
                String key = equals < 0 ? pair : pair.substring(0, equals);
                String value = equals < 0 ? "" : pair.substring(equals + 1);
                query.put(
                        URLDecoder.decode(key, StandardCharsets.UTF_8),
                        URLDecoder.decode(value, StandardCharsets.UTF_8));
            }
        }
        return query;
    }

    /**
     * Gives every TLS client a certificate issued on the spot by the test CA: for the name in its SNI, or, without
     * SNI (clients leave it out for IP literals), for all the addresses the namespace has at that moment.
     */
    private static final class IssuingKeyManager extends X509ExtendedKeyManager {
        private final TestCertificates ca;
        private final KeyPair key = TestCertificates.newKeyPair();
        private final Map<String, X509Certificate[]> chains = new ConcurrentHashMap<>();

        IssuingKeyManager(TestCertificates ca) {
            this.ca = ca;
        }

        @Override
        public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
            if (!keyType.startsWith("EC")) {
                return null;
            }
            SSLSession handshake = engine.getHandshakeSession();
            if (handshake instanceof ExtendedSSLSession session) {
                for (var name : session.getRequestedServerNames()) {
                    if (name instanceof SNIHostName host) {
                        return "dns:" + host.getAsciiName();
                    }
                }
            }
            return "ip:" + localAddresses();
        }

        @Override
        public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
            return keyType.startsWith("EC") ? "ip:" + localAddresses() : null;
        }

        @Override
        public X509Certificate[] getCertificateChain(String alias) {
            return chains.computeIfAbsent(alias, this::issue);
        }

        @Override
        public PrivateKey getPrivateKey(String alias) {
            return key.getPrivate();
        }

        private X509Certificate[] issue(String alias) {
            List<String> names = new ArrayList<>();
            List<InetAddress> addresses = new ArrayList<>();
            if (alias.startsWith("dns:")) {
                names.add(alias.substring(4));
            } else {
                for (String address : alias.substring(3).split(",")) {
                    addresses.add(TestInternet.literal(address));
                }
            }
            return new X509Certificate[] {ca.issue(key.getPublic(), names, addresses), ca.caCertificate()};
        }

        private static String localAddresses() {
            try {
                return Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                        .flatMap(NetworkInterface::inetAddresses)
                        .filter(a -> !(a instanceof Inet6Address && a.isLinkLocalAddress()))
                        .map(TestInternetHost::address)
                        .sorted()
                        .collect(Collectors.joining(","));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public String[] getServerAliases(String keyType, Principal[] issuers) {
            return null;
        }

        @Override
        public String[] getClientAliases(String keyType, Principal[] issuers) {
            return null;
        }

        @Override
        public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
            return null;
        }
    }

    // --- echoes ---

    private void tcpEcho(int port) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(port));
        executor.execute(() -> {
            while (true) {
                try {
                    Socket socket = server.accept();
                    event(connection("tcp", socket.getLocalSocketAddress(), socket.getRemoteSocketAddress()));
                    executor.execute(() -> {
                        try (socket) {
                            socket.getInputStream().transferTo(socket.getOutputStream());
                        } catch (IOException e) {
                            // the client went away
                        }
                    });
                } catch (IOException e) {
                    System.err.println("tcp echo: " + e);
                }
            }
        });
    }

    private void udpEcho(InetAddress address) throws IOException {
        DatagramSocket socket = new DatagramSocket(new InetSocketAddress(address, UDP_ECHO_PORT));
        executor.execute(() -> {
            byte[] buffer = new byte[65536];
            while (true) {
                try {
                    DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                    socket.receive(packet);
                    event(connection("udp", socket.getLocalSocketAddress(), packet.getSocketAddress()));
                    socket.send(packet);
                } catch (IOException e) {
                    System.err.println("udp echo: " + e);
                }
            }
        });
    }

    private static Map<String, Object> connection(String kind, Object local, Object remote) {
        InetSocketAddress l = (InetSocketAddress) local;
        InetSocketAddress r = (InetSocketAddress) remote;
        return ordered(
                "kind", kind,
                "localAddress", address(l.getAddress()),
                "localPort", l.getPort(),
                "remoteAddress", address(r.getAddress()));
    }

    // --- the event log ---

    private void event(Map<String, Object> event) {
        try {
            String line = JSON.writeValueAsString(event);
            synchronized (events) {
                events.write(line);
                events.write('\n');
                events.flush();
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the event log", e);
        }
    }

    private static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    static String address(InetAddress address) {
        return TestInternet.text(address);
    }
}
