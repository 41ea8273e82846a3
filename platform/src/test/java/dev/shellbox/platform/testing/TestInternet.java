package dev.shellbox.platform.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Assumptions;

/**
 * A fake internet for tests of egress policy: a network namespace of its own, joined to the host by a veth pair,
 * holding an authoritative DNS server that logs every query, HTTP and HTTPS servers (certificates from a test CA)
 * that log every request, echo servers and a fake cloud metadata service at 169.254.169.254. Code under test runs in
 * the host namespace and reaches the namespace's addresses over the veth; nothing here touches any other network.
 *
 * <p>Layout, for slot {@code s} (0 to 7; {@link #start()} takes the first free one, so up to eight can run at once,
 * also from parallel JVMs): slots 0-3 are the /26 blocks of 198.51.100.0/24, slots 4-7 those of 203.0.113.0/24. In
 * a block starting at {@code b}, the host side of the veth ({@code sbxinet<s>}) has {@code b+1}, the namespace side
 * ({@code eth0}) {@code b+2}, which carries the DNS server (port 53, UDP and TCP), the UDP echo (port 7) and the
 * default web servers; {@link #host} hands out {@code b+10} to {@code b+62}. IPv6 mirrors this in
 * {@code 2001:db8:<s>::/64}: {@code ::1} on the host side, {@code ::2} in the namespace, {@code ::10} to {@code ::62}
 * for hosts (the same digits as the IPv4 offset); DNS and the UDP echo listen on {@code ::2} too. HTTP (80) and HTTPS
 * (443) answer on every address of the namespace. The block and the /64 are directly connected on the host's veth,
 * so no route is needed to reach them.
 *
 * <p>169.254.169.254/32 sits on the namespace side too, answering {@link #METADATA_SECRET} on port 80. The host reaches
 * it only after {@link #routeMetadataFromHost()}, which points the host's route for that address into the namespace
 * for as long as this instance lives (one instance at a time): an egress proxy under test must still refuse it.
 *
 * <p>DNS is served by {@link TestDnsServer}, inside the namespace, with TTL 0 on every answer; changes take effect for
 * the next query. HTTPS presents a certificate issued on the spot by this instance's test CA for the name in the
 * client's SNI (or, without SNI, for the namespace's addresses). Requests, queries and echo connections are logged
 * before they are answered, so once a client has its answer, {@link #requests()}, {@link #dnsQueries()} and
 * {@link #connections()} show it. Needs root and iproute2 (no other tool): guard tests with
 * {@link #assumeAvailable()}.
 */
public final class TestInternet implements AutoCloseable {
    /** The fake cloud metadata service's address (inside the namespace only). */
    public static final String METADATA_ADDRESS = "169.254.169.254";
    /** The body every request to the metadata service gets: a test can check it never reaches a sandbox. */
    public static final String METADATA_SECRET = "shellbox-test-metadata-secret-do-not-leak";

    public static final int UDP_ECHO_PORT = TestInternetHost.UDP_ECHO_PORT;
    private static final String PREFIX = "sbx-inet-";
    private static final int SLOTS = 8;
    private static final int FIRST_HOST = 10, LAST_HOST = 62;
    private static final char[] TRUST_STORE_PASSWORD = "changeit".toCharArray();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static String unavailable;

    /** A name with its own addresses in the namespace (also in DNS). ipv6 is null where the host has no IPv6. */
    public record Host(String name, String ipv4, String ipv6) {}

    /** One DNS query as the server received it; name in lower case without the final dot. */
    public record DnsQuery(String name, String type, String transport, String client) {}

    /** One HTTP or HTTPS request as the server received it; sni is null when the client sent none. */
    public record Request(
            String scheme,
            String method,
            String host,
            String path,
            Map<String, List<String>> headers,
            long bodyLength,
            String localAddress,
            int localPort,
            String remoteAddress,
            String sni) {
        /** The first value of a header, whatever its case, or null. */
        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(e ->
                            e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty())
                    .map(e -> e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    /** A connection to a TCP echo or a datagram to the UDP echo. */
    public record Connection(String protocol, String localAddress, int localPort, String remoteAddress) {}

    private final int slot;
    private final String namespace;
    private final String veth;
    private final boolean ipv6;
    private final Path work;
    private final Map<String, Host> hosts = new LinkedHashMap<>();
    private Process server;
    private OutputStream commands;
    private BufferedReader answers;
    private SSLContext sslContext;
    private boolean ownsNamespace;
    private boolean ownsLink;
    private final Thread shutdownHook = new Thread(this::closeQuietly, "test-internet-cleanup");
    private boolean closed;

    private TestInternet(int slot, String namespace, Path work) {
        this.slot = slot;
        this.namespace = namespace;
        this.veth = "sbxinet" + slot;
        this.ipv6 = Files.isDirectory(Path.of("/proc/sys/net/ipv6"));
        this.work = work;
    }

    // --- availability ---

    /** Whether this machine can run a test internet: Linux, root, iproute2, network namespaces and veth pairs. */
    public static synchronized boolean available() {
        if (unavailable == null) {
            unavailable = probe();
        }
        return unavailable.isEmpty();
    }

    /** Skips the calling test (JUnit assumption) where {@link #available()} is false, saying why. */
    public static void assumeAvailable() {
        Assumptions.assumeTrue(available(), () -> "no test internet here: " + unavailable);
    }

    private static String probe() {
        if (!System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("linux")) {
            return "not Linux";
        }
        try {
            if (!Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .anyMatch(line -> line.matches("Uid:\\s+0\\s.*"))) {
                return "not root";
            }
            run("ip", "-V");
        } catch (IOException | RuntimeException e) {
            return "no iproute2 (" + e.getMessage() + ")";
        }
        String probe = PREFIX + ProcessHandle.current().pid() + "-probe"
                + ThreadLocalRandom.current().nextInt(1 << 20);
        try {
            run("ip", "netns", "add", probe);
            try {
                run("ip", "-n", probe, "link", "add", "probe0", "type", "veth", "peer", "name", "probe1");
            } finally {
                run("ip", "netns", "del", probe);
            }
            return "";
        } catch (RuntimeException e) {
            return "cannot create a network namespace with a veth pair (" + e.getMessage() + ")";
        }
    }

    // --- lifecycle ---

    /** Starts a test internet in the first free slot. */
    public static TestInternet start() {
        if (!available()) {
            throw new IllegalStateException("no test internet here: " + unavailable);
        }
        removeStaleNamespaces();
        for (int attempt = 1; ; attempt++) {
            try {
                for (int slot = 0; slot < SLOTS; slot++) {
                    TestInternet internet = tryStart(slot);
                    if (internet != null) {
                        return internet;
                    }
                }
                throw new IllegalStateException("all " + SLOTS + " test internet slots are in use");
            } catch (IllegalStateException e) {
                // ip netns add racing another process's on a fresh /run/netns leaves a namespace that cannot be
                // entered ("Invalid argument"): that one was cleaned up, make another
                if (attempt >= 3 || !String.valueOf(e.getMessage()).contains("setting the network namespace")) {
                    throw e;
                }
            }
        }
    }

    /** Starts a test internet in the given slot (0 to 7), failing if it is taken. */
    public static TestInternet start(int slot) {
        if (slot < 0 || slot >= SLOTS) {
            throw new IllegalArgumentException("slot must be 0 to " + (SLOTS - 1));
        }
        if (!available()) {
            throw new IllegalStateException("no test internet here: " + unavailable);
        }
        removeStaleNamespaces();
        TestInternet internet = tryStart(slot);
        if (internet == null) {
            throw new IllegalStateException("test internet slot " + slot + " is in use");
        }
        return internet;
    }

    /** The test internet in {@code slot}, or null if the slot is taken (its veth exists or its block is routed). */
    private static TestInternet tryStart(int slot) {
        String block = blockText(slot);
        if (!run("ip", "-o", "route", "show", "root", block).isBlank()) {
            return null;
        }
        String namespace = PREFIX + ProcessHandle.current().pid() + "-" + slot + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 16));
        TestInternet internet;
        try {
            internet = new TestInternet(slot, namespace, Files.createTempDirectory(namespace + "-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            run("ip", "netns", "add", namespace);
            internet.ownsNamespace = true;
            try {
                // the name of the host side is the slot's lock: only one process can create it
                run("ip", "link", "add", internet.veth, "type", "veth", "peer", "name", "eth0", "netns", namespace);
                internet.ownsLink = true;
            } catch (IllegalStateException e) {
                if (e.getMessage().contains("File exists")) {
                    internet.close();
                    return null;
                }
                throw e;
            }
            internet.configure();
            return internet;
        } catch (RuntimeException e) {
            internet.closeQuietly();
            throw e;
        }
    }

    private void configure() {
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        run("ip", "addr", "add", hostAddress() + "/26", "dev", veth);
        run("ip", "-n", namespace, "link", "set", "lo", "up");
        run("ip", "-n", namespace, "addr", "add", address() + "/26", "dev", "eth0");
        run("ip", "-n", namespace, "addr", "add", METADATA_ADDRESS + "/32", "dev", "eth0");
        if (ipv6) {
            run("ip", "-6", "addr", "add", hostAddress6() + "/64", "dev", veth, "nodad");
            run("ip", "-n", namespace, "-6", "addr", "add", address6() + "/64", "dev", "eth0", "nodad");
        }
        run("ip", "link", "set", veth, "up");
        run("ip", "-n", namespace, "link", "set", "eth0", "up");

        TestCertificates ca = TestCertificates.newCa("Shellbox test CA " + namespace);
        try {
            ca.save(caCertificatePem(), work.resolve("ca-key.pem"));
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("shellbox-test-ca", ca.caCertificate());
            try (OutputStream out = Files.newOutputStream(trustStore())) {
                trust.store(out, TRUST_STORE_PASSWORD);
            }
            TrustManagerFactory trustManagers =
                    TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trustManagers.init(trust);
            sslContext = SSLContext.getInstance("TLS");
            sslContext.init(null, trustManagers.getTrustManagers(), null);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot write the test CA", e);
        }
        startServer();
    }

    private void startServer() {
        try {
            // the class path goes in an argument file: it can be longer than one argument may be
            Path arguments = work.resolve("java.args");
            Files.writeString(arguments, "-cp \"" + System.getProperty("java.class.path") + "\"\n");
            List<String> command = new ArrayList<>(List.of(
                    "ip",
                    "netns",
                    "exec",
                    namespace,
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:+UseSerialGC",
                    "-Xmx256m",
                    "@" + arguments,
                    TestInternetHost.class.getName(),
                    work.toString(),
                    address()));
            if (ipv6) {
                command.add(address6());
            }
            server = new ProcessBuilder(command)
                    .redirectError(work.resolve("server.log").toFile())
                    .start();
            commands = server.getOutputStream();
            answers = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            String ready = answers.readLine();
            if (!"ready".equals(ready)) {
                throw new IllegalStateException("the test internet's servers did not start: " + serverLog());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the servers and removes the namespace, the veth pair (with the routes on it) and the files. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // already shutting down: this is the hook
        }
        List<RuntimeException> failures = new ArrayList<>();
        if (server != null) {
            try {
                commands.close(); // the server exits when its stdin closes
                if (!server.waitFor(5, TimeUnit.SECONDS)) {
                    server.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (IOException | InterruptedException e) {
                server.destroyForcibly();
            }
        }
        if (ownsLink && linkExists()) {
            attempt(failures, () -> {
                try {
                    run("ip", "link", "del", veth);
                } catch (IllegalStateException e) {
                    // gone meanwhile is as good as deleted
                    if (linkExists()) {
                        throw e;
                    }
                }
            });
        }
        if (ownsNamespace) {
            attempt(failures, () -> run("ip", "netns", "del", namespace));
        }
        attempt(failures, () -> deleteRecursively(work));
        if (!failures.isEmpty()) {
            RuntimeException failure = failures.get(0);
            failures.stream().skip(1).forEach(failure::addSuppressed);
            throw failure;
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (RuntimeException e) {
            System.err.println("test internet " + namespace + ": " + e.getMessage());
        }
    }

    private boolean linkExists() {
        try {
            run("ip", "link", "show", "dev", veth);
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    /**
     * Removes what test internets of JVMs that are gone left behind: namespaces (with their veth pairs) and work
     * directories, all named {@code sbx-inet-<pid>-...} after the JVM that made them.
     */
    private static void removeStaleNamespaces() {
        Pattern ours = Pattern.compile("^(" + Pattern.quote(PREFIX) + "(\\d+)-\\S+)", Pattern.MULTILINE);
        Matcher matcher = ours.matcher(run("ip", "netns", "list"));
        while (matcher.find()) {
            if (ProcessHandle.of(Long.parseLong(matcher.group(2))).isEmpty()) {
                try {
                    // deleting the peer takes the host side with it at once; the namespace itself goes lazily
                    run("ip", "-n", matcher.group(1), "link", "del", "eth0");
                } catch (IllegalStateException e) {
                    // no veth left in it
                }
                try {
                    run("ip", "netns", "del", matcher.group(1));
                } catch (IllegalStateException e) {
                    // another JVM removed it first
                }
            }
        }
        Path temp = Path.of(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> entries = Files.list(temp)) {
            for (Path entry : entries.toList()) {
                Matcher name = ours.matcher(entry.getFileName().toString());
                if (name.matches()
                        && ProcessHandle.of(Long.parseLong(name.group(2))).isEmpty()) {
                    deleteRecursively(entry);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // another JVM is cleaning up too
        }
    }

    // --- the layout ---

    /** Which of the eight address blocks this instance has (see the class comment). */
    public int slot() {
        return slot;
    }

    /** The namespace's name, for {@code ip netns exec} and {@code ip -n}. */
    public String namespace() {
        return namespace;
    }

    /** The host side of the veth pair. */
    public String hostInterface() {
        return veth;
    }

    /** The IPv4 block of this instance, e.g. 198.51.100.0/26. */
    public String subnet() {
        return blockText(slot);
    }

    /** The IPv6 /64 of this instance, e.g. 2001:db8:1::/64 (for slot 0: 2001:db8::/64). */
    public String subnet6() {
        return v6(0) + "/64";
    }

    /** The host's address on the veth: where connections from the code under test come from. */
    public String hostAddress() {
        return slotBase(slot) + (64 * (slot % 4) + 1);
    }

    public String hostAddress6() {
        return ipv6 ? v6(1) : null;
    }

    /** The namespace's own address: DNS server, UDP echo, web servers. */
    public String address() {
        return slotBase(slot) + (64 * (slot % 4) + 2);
    }

    public String address6() {
        return ipv6 ? v6(2) : null;
    }

    /** The DNS server: {@link #address()} port 53, UDP and TCP. */
    public InetSocketAddress dnsServer() {
        return new InetSocketAddress(literal(address()), 53);
    }

    /**
     * A host of the fake internet: the next free addresses in the namespace, recorded in DNS under {@code name} (A
     * and AAAA). Asking again for the same name gives the same host.
     */
    public synchronized Host host(String name) {
        String key = name.toLowerCase(Locale.ROOT);
        Host existing = hosts.get(key);
        if (existing != null) {
            return existing;
        }
        int offset = FIRST_HOST + hosts.size();
        if (offset > LAST_HOST) {
            throw new IllegalStateException("no more host addresses in " + subnet());
        }
        String v4 = slotBase(slot) + (64 * (slot % 4) + offset);
        String v6 = ipv6 ? v6(offset) : null;
        run("ip", "-n", namespace, "addr", "add", v4 + "/32", "dev", "eth0");
        if (v6 != null) {
            run("ip", "-n", namespace, "-6", "addr", "add", v6 + "/128", "dev", "eth0", "nodad");
        }
        Host host = new Host(key, v4, v6);
        hosts.put(key, host);
        if (v6 != null) {
            record(key, v4, v6);
        } else {
            record(key, v4);
        }
        return host;
    }

    // --- DNS ---

    /** Answers A and AAAA queries for {@code name} with these addresses (none: the name exists with no address). */
    public void record(String name, String... addresses) {
        List<String> words = new ArrayList<>(List.of("A", name));
        for (String address : addresses) {
            words.add(text(literal(address)));
        }
        command(words.toArray(String[]::new));
    }

    /** Answers every query for {@code name} with a CNAME to {@code target}, followed by target's own answer. */
    public void cname(String name, String target) {
        command("CNAME", name, target);
    }

    /** Answers TXT queries for {@code name} with this one text. */
    public void txt(String name, String text) {
        command("TXT", name, text);
    }

    /**
     * A DNS-rebinding name: the first query of {@code first}'s type (A for IPv4, AAAA for IPv6) is answered with
     * {@code first}, every later one with {@code then}; queries of other types do not count.
     */
    public void rebinding(String name, String first, String then) {
        command("REBIND", name, text(literal(first)), text(literal(then)));
    }

    /** Forgets everything about {@code name}: it gets NXDOMAIN again. */
    public void remove(String name) {
        command("REMOVE", name);
    }

    /** All DNS queries the server received, oldest first. */
    public List<DnsQuery> dnsQueries() {
        return events("dns")
                .map(e -> new DnsQuery(
                        e.get("name").asText(),
                        e.get("type").asText(),
                        e.get("transport").asText(),
                        e.get("client").asText()))
                .toList();
    }

    /** The DNS queries for one name, whatever its case or final dot. */
    public List<DnsQuery> queriesFor(String name) {
        String key = name.toLowerCase(Locale.ROOT).replaceAll("\\.$", "");
        return dnsQueries().stream().filter(q -> q.name().equals(key)).toList();
    }

    // --- web and echo servers ---

    /** All HTTP and HTTPS requests the servers received (the metadata service's too), oldest first. */
    public List<Request> requests() {
        return events("http", "https")
                .map(e -> {
                    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
                    e.get("headers").fields().forEachRemaining(h -> {
                        List<String> values = new ArrayList<>();
                        h.getValue().forEach(v -> values.add(v.asText()));
                        headers.put(h.getKey(), List.copyOf(values));
                    });
                    return new Request(
                            e.get("kind").asText(),
                            e.get("method").asText(),
                            e.get("host").isNull() ? null : e.get("host").asText(),
                            e.get("path").asText(),
                            Collections.unmodifiableMap(headers),
                            e.get("bodyLength").asLong(),
                            e.get("localAddress").asText(),
                            e.get("localPort").asInt(),
                            e.get("remoteAddress").asText(),
                            e.get("sni").isNull() ? null : e.get("sni").asText());
                })
                .toList();
    }

    /** Connections to the TCP echoes and datagrams to the UDP echo, oldest first. */
    public List<Connection> connections() {
        return events("tcp", "udp")
                .map(e -> new Connection(
                        e.get("kind").asText(),
                        e.get("localAddress").asText(),
                        e.get("localPort").asInt(),
                        e.get("remoteAddress").asText()))
                .toList();
    }

    /** Opens a TCP echo on {@code port} of every address of the namespace. */
    public void tcpEcho(int port) {
        command("TCPECHO", Integer.toString(port));
    }

    /**
     * Routes 169.254.169.254 from the host into the namespace, until {@link #close()}. Returns false, changing
     * nothing, where the host already has a route for exactly that address (its own, or another instance's).
     */
    public boolean routeMetadataFromHost() {
        try {
            run("ip", "route", "add", METADATA_ADDRESS + "/32", "via", address(), "dev", veth);
            return true;
        } catch (IllegalStateException e) {
            if (e.getMessage().contains("File exists")) {
                return false;
            }
            throw e;
        }
    }

    /**
     * The bytes {@code /bytes?n=N} serves, from {@code offset}: every response is a prefix of one fixed sequence, so a
     * test can check any slice of a download.
     */
    public static byte[] expectedBytes(long offset, int length) {
        byte[] bytes = new byte[length];
        TestInternetHost.pattern(offset, bytes, length);
        return bytes;
    }

    // --- TLS ---

    /** The test CA's certificate as a PEM file (for non-Java clients: curl --cacert, SSL_CERT_FILE). */
    public Path caCertificatePem() {
        return work.resolve("ca.pem");
    }

    /** A PKCS12 trust store holding only the test CA (password {@link #trustStorePassword()}). */
    public Path trustStore() {
        return work.resolve("truststore.p12");
    }

    public String trustStorePassword() {
        return new String(TRUST_STORE_PASSWORD);
    }

    /** An SSLContext trusting the test CA and nothing else. */
    public SSLContext sslContext() {
        return sslContext;
    }

    // --- plumbing ---

    private synchronized void command(String... words) {
        for (String word : words) {
            if (word.indexOf('\t') >= 0 || word.indexOf('\n') >= 0 || word.indexOf('\r') >= 0) {
                throw new IllegalArgumentException("tabs and line breaks are not allowed: " + word);
            }
        }
        if (closed || server == null) {
            throw new IllegalStateException("the test internet is closed");
        }
        try {
            commands.write((String.join("\t", words) + "\n").getBytes(StandardCharsets.UTF_8));
            commands.flush();
            String answer = answers.readLine();
            if (!"ok".equals(answer)) {
                throw new IllegalStateException(
                        answer == null ? "the test internet's servers died: " + serverLog() : answer);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the test internet's servers died: " + serverLog(), e);
        }
    }

    private Stream<JsonNode> events(String... kinds) {
        List<String> wanted = List.of(kinds);
        Path file = work.resolve("events.jsonl");
        if (!Files.exists(file)) {
            return Stream.empty();
        }
        try {
            String content = Files.readString(file);
            int end = content.lastIndexOf('\n') + 1; // a line still being written is left out
            List<JsonNode> events = new ArrayList<>();
            for (String line : content.substring(0, end).split("\n")) {
                if (!line.isEmpty()) {
                    JsonNode event = JSON.readTree(line);
                    if (wanted.contains(event.get("kind").asText())) {
                        events.add(event);
                    }
                }
            }
            return events.stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String serverLog() {
        try {
            Path log = work.resolve("server.log");
            return Files.exists(log) ? Files.readString(log) : "(no log)";
        } catch (IOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    /** The address with this interface id (written with the same digits as the IPv4 offset) in the slot's /64. */
    private String v6(int offset) {
        return text(literal("2001:db8:" + slot + "::" + offset));
    }

    private static String slotBase(int slot) {
        return slot < 4 ? "198.51.100." : "203.0.113.";
    }

    private static String blockText(int slot) {
        return slotBase(slot) + (64 * (slot % 4)) + "/26";
    }

    /** Runs a command, returning its output; throws with the output when it fails. */
    static String run(String... command) {
        try {
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectInput(new File("/dev/null"))
                    .start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + ": " + output.strip());
            }
            return output;
        } catch (IOException e) {
            throw new IllegalStateException(String.join(" ", command) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(String.join(" ", command) + ": interrupted", e);
        }
    }

    private static void attempt(List<RuntimeException> failures, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            failures.add(e);
        }
    }

    private static void deleteRecursively(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An IP address literal (never a name: nothing here may look anything up). */
    static InetAddress literal(String address) {
        boolean v4 = address.matches("\\d{1,3}(\\.\\d{1,3}){3}");
        boolean v6 = address.contains(":") && address.matches("[0-9A-Fa-f:.]+");
        if (!v4 && !v6) {
            throw new IllegalArgumentException("not an IP address: " + address);
        }
        try {
            return InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP address: " + address, e);
        }
    }

    /** An address as text: IPv6 compressed as RFC 5952 writes it, IPv4-mapped IPv6 as IPv4, no scope. */
    static String text(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length == 4) {
            return address.getHostAddress();
        }
        boolean mapped = bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
        for (int i = 0; i < 10 && mapped; i++) {
            mapped = bytes[i] == 0;
        }
        if (mapped) {
            return (bytes[12] & 0xff) + "." + (bytes[13] & 0xff) + "." + (bytes[14] & 0xff) + "." + (bytes[15] & 0xff);
        }
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = ((bytes[2 * i] & 0xff) << 8) | (bytes[2 * i + 1] & 0xff);
        }
        int bestStart = -1, bestLength = 1;
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = Math.max(j, i + 1);
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                out.append("::");
                i += bestLength - 1;
                continue;
            }
            if (out.length() > 0 && out.charAt(out.length() - 1) != ':') {
                out.append(':');
            }
            out.append(Integer.toHexString(groups[i]));
        }
        return out.toString();
    }
}
