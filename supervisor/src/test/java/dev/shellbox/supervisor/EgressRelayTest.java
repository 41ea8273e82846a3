package dev.shellbox.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The egress relay of the real supervisor executable: listeners it opens on the host's behalf, connections relayed
 * over connections the client attaches, and DNS datagrams over the control connection. Each test has a supervisor of
 * its own, so no test sees another's control connection.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EgressRelayTest {
    private static final InetSocketAddress LOOPBACK_ANY_PORT = new InetSocketAddress("127.0.0.1", 0);
    private static final int EXPIRY_MS = 2000;

    @TempDir
    Path dir;

    private Process process;
    private Supervisor supervisor;
    private final Handler handler = new Handler();
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "egress-test");
        t.setDaemon(true);
        return t;
    });

    @BeforeEach
    void startSupervisor() throws Exception {
        Path sock = dir.resolve("sock");
        UnixDomainSocketAddress address = UnixDomainSocketAddress.of(sock);
        process = start(dir, List.of("--socket", sock.toString()), address);
        supervisor = new Supervisor(address, SupervisorTest.SECRET);
    }

    private static Process start(Path dir, List<String> listen, SocketAddress address) throws Exception {
        List<String> arguments =
                new ArrayList<>(List.of("--state", dir.resolve("state").toString()));
        arguments.addAll(listen);
        arguments.addAll(List.of("--egress-expiry-ms", Integer.toString(EXPIRY_MS)));
        return SupervisorTest.launch(dir, arguments, address);
    }

    @AfterEach
    void stopSupervisor() throws Exception {
        pool.shutdownNow();
        if (process != null) {
            process.destroy();
            assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    /** Collects connections; answers DNS queries with {@link #dns}. */
    private static final class Handler implements EgressHandler {
        final BlockingQueue<EgressConnection> connections = new LinkedBlockingQueue<>();
        final BlockingQueue<DnsQuery> queries = new LinkedBlockingQueue<>();
        volatile Function<DnsQuery, byte[]> dns = q -> null;

        @Override
        public void connection(EgressConnection connection) {
            connections.add(connection);
        }

        @Override
        public byte[] dnsQuery(DnsQuery query) {
            queries.add(query);
            return dns.apply(query);
        }

        EgressConnection next() throws InterruptedException {
            EgressConnection c = connections.poll(20, TimeUnit.SECONDS);
            assertThat(c).as("an EGRESS_CONN").isNotNull();
            return c;
        }
    }

    private static Socket connect(InetAddress address, int port) throws IOException {
        Socket s = new Socket(address, port);
        s.setSoTimeout(30_000);
        return s;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static String readN(InputStream in, int n) throws IOException {
        byte[] b = in.readNBytes(n);
        assertThat(b).hasSize(n);
        return new String(b, StandardCharsets.US_ASCII);
    }

    @Test
    void relaysAConnectionBothWaysAndPassesOnAHalfCloseOfTheProgram() throws Exception {
        EgressListen spec = EgressListen.none()
                .tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY)
                .tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.TRANSPARENT);
        try (EgressControl control = supervisor.egress(spec, handler)) {
            assertThat(control.tcpPorts())
                    .hasSize(2)
                    .allSatisfy(p -> assertThat(p).isPositive());
            assertThat(control.dnsPorts()).isEmpty();
            int port = control.tcpPorts().get(0);
            try (Socket program = connect(InetAddress.getLoopbackAddress(), port)) {
                EgressConnection c = handler.next();
                assertThat(c.kind()).isEqualTo(EgressListen.Kind.PROXY);
                assertThat(c.destination()).isEqualTo(new InetSocketAddress("127.0.0.1", port));
                assertThat(c.peer()).isEqualTo(program.getLocalSocketAddress());
                // sent before the host attached: it waits in the socket
                program.getOutputStream().write(ascii("CONNECT example.org:443\n"));
                try (EgressStream relay = supervisor.attachEgress(c.id())) {
                    assertThat(readN(relay.in(), 24)).isEqualTo("CONNECT example.org:443\n");
                    relay.out().write(ascii("200 ok\n"));
                    assertThat(readN(program.getInputStream(), 7)).isEqualTo("200 ok\n");
                    // the program is done sending; the host still can
                    program.shutdownOutput();
                    assertThat(relay.in().read()).isEqualTo(-1);
                    relay.out().write(ascii("more\n"));
                    assertThat(readN(program.getInputStream(), 5)).isEqualTo("more\n");
                    relay.shutdownOutput();
                    assertThat(program.getInputStream().read()).isEqualTo(-1);
                }
            }
        }
    }

    @Test
    void aTransparentListenerSeesTheDestinationAndPassesOnAHalfCloseOfTheHost() throws Exception {
        EgressListen spec = EgressListen.none().tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.TRANSPARENT);
        try (EgressControl control = supervisor.egress(spec, handler)) {
            int port = control.tcpPorts().get(0);
            try (Socket program = connect(InetAddress.getLoopbackAddress(), port)) {
                EgressConnection c = handler.next();
                assertThat(c.kind()).isEqualTo(EgressListen.Kind.TRANSPARENT);
                assertThat(c.destination()).isEqualTo(new InetSocketAddress("127.0.0.1", port));
                try (EgressStream relay = supervisor.attachEgress(c.id())) {
                    relay.out().write(ascii("greeting\n"));
                    relay.out().close();
                    assertThat(program.getInputStream().readAllBytes()).isEqualTo(ascii("greeting\n"));
                    // the host is done sending; the program still can
                    program.getOutputStream().write(ascii("request\n"));
                    program.shutdownOutput();
                    assertThat(relay.in().readAllBytes()).isEqualTo(ascii("request\n"));
                }
            }
        }
    }

    @Test
    void aResetByTheProgramEndsTheRelay() throws Exception {
        try (EgressControl control =
                supervisor.egress(EgressListen.none().tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY), handler)) {
            Socket program =
                    connect(InetAddress.getLoopbackAddress(), control.tcpPorts().get(0));
            try (EgressStream relay = supervisor.attachEgress(handler.next().id())) {
                program.getOutputStream().write(ascii("bye\n"));
                assertThat(readN(relay.in(), 4)).isEqualTo("bye\n");
                program.setSoLinger(true, 0); // closing resets the connection
                program.close();
                byte[] rest;
                try {
                    rest = relay.in().readAllBytes();
                } catch (IOException reset) {
                    rest = new byte[0];
                }
                assertThat(rest).isEmpty();
                // the supervisor closed the host's end too: writing fails sooner or later
                assertThatThrownBy(() -> {
                            for (int i = 0; i < 1000; i++) {
                                relay.out().write(new byte[64 * 1024]);
                            }
                        })
                        .isInstanceOf(IOException.class);
            }
        }
    }

    @Test
    void anAbortResetsTheProgramsConnectionAndDropsWhatWasBuffered() throws Exception {
        try (EgressControl control =
                supervisor.egress(EgressListen.none().tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY), handler)) {
            Socket program =
                    connect(InetAddress.getLoopbackAddress(), control.tcpPorts().get(0));
            long id = handler.next().id();
            try (EgressStream relay = supervisor.attachEgress(id)) {
                // more than the relay and the kernel hold for a program that does not read
                byte[] chunk = new byte[64 * 1024];
                relay.out().write(chunk);
                assertThat(program.getInputStream().read()).isEqualTo(0);
                Thread writer = new Thread(() -> {
                    try {
                        for (int i = 0; i < 4096; i++) {
                            relay.out().write(chunk);
                        }
                    } catch (IOException e) {
                        // the abort closes the host's end too
                    }
                });
                writer.setDaemon(true);
                writer.start();
                Thread.sleep(300);
                control.abort(id);
                long read = 0;
                IOException ended = null;
                try {
                    InputStream in = program.getInputStream();
                    byte[] buffer = new byte[64 * 1024];
                    int n;
                    while ((n = in.read(buffer)) > 0) {
                        read += n;
                    }
                } catch (IOException e) {
                    ended = e;
                }
                assertThat(ended).as("a reset, not an orderly end").isNotNull();
                assertThat(read).as("what was buffered is dropped").isLessThan(4096L * chunk.length);
                writer.join(10_000);
            }
        }
    }

    /** Writes {@code bytes} pseudo-random bytes from {@code seed}; returns their SHA-256. */
    private static byte[] send(OutputStream out, long bytes, long seed) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        Random random = new Random(seed);
        byte[] chunk = new byte[48 * 1024 + 7]; // not a multiple of the relay's buffer
        for (long left = bytes; left > 0; ) {
            random.nextBytes(chunk);
            int n = (int) Math.min(chunk.length, left);
            out.write(chunk, 0, n);
            sha.update(chunk, 0, n);
            left -= n;
        }
        return sha.digest();
    }

    /** Reads to the end; returns the SHA-256 and the count of what came. */
    private static Map.Entry<byte[], Long> receive(InputStream in) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        byte[] buf = new byte[32 * 1024];
        long total = 0;
        for (int n; (n = in.read(buf)) >= 0; ) {
            sha.update(buf, 0, n);
            total += n;
        }
        return Map.entry(sha.digest(), total);
    }

    @Test
    void moves64MiBEachWayAtOnceThroughBoundedBuffers() throws Exception {
        long size = 64L << 20;
        try (EgressControl control =
                supervisor.egress(EgressListen.none().tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY), handler)) {
            try (Socket program = connect(
                            InetAddress.getLoopbackAddress(), control.tcpPorts().get(0));
                    EgressStream relay = supervisor.attachEgress(handler.next().id())) {
                Future<byte[]> up = pool.submit(() -> {
                    byte[] sha = send(program.getOutputStream(), size, 1);
                    program.shutdownOutput();
                    return sha;
                });
                Future<byte[]> down = pool.submit(() -> {
                    byte[] sha = send(relay.out(), size, 2);
                    relay.shutdownOutput();
                    return sha;
                });
                Future<Map.Entry<byte[], Long>> upReceived = pool.submit(() -> receive(relay.in()));
                Future<Map.Entry<byte[], Long>> downReceived = pool.submit(() -> receive(program.getInputStream()));
                assertThat(upReceived.get().getValue()).isEqualTo(size);
                assertThat(upReceived.get().getKey()).isEqualTo(up.get());
                assertThat(downReceived.get().getValue()).isEqualTo(size);
                assertThat(downReceived.get().getKey()).isEqualTo(down.get());
            }
        }
    }

    @Test
    void relaysFiftyConnectionsAtOnce() throws Exception {
        int count = 50;
        try (EgressControl control =
                supervisor.egress(EgressListen.none().tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY), handler)) {
            int port = control.tcpPorts().get(0);
            List<Socket> programs = new ArrayList<>();
            List<EgressStream> relays = new ArrayList<>();
            try {
                for (int i = 0; i < count; i++) {
                    programs.add(connect(InetAddress.getLoopbackAddress(), port));
                }
                Map<Integer, EgressStream> byPeerPort = new HashMap<>();
                for (int i = 0; i < count; i++) {
                    EgressConnection c = handler.next();
                    EgressStream relay = supervisor.attachEgress(c.id());
                    relays.add(relay);
                    byPeerPort.put(c.peer().getPort(), relay);
                }
                // the host echoes every relay
                for (EgressStream relay : relays) {
                    pool.submit(() -> {
                        relay.in().transferTo(relay.out());
                        relay.shutdownOutput();
                        return null;
                    });
                }
                List<Future<String>> echoes = new ArrayList<>();
                for (Socket program : programs) {
                    assertThat(byPeerPort).containsKey(program.getLocalPort());
                    echoes.add(pool.submit(() -> {
                        byte[] message = ascii(("from " + program.getLocalPort() + "\n").repeat(1000));
                        program.getOutputStream().write(message);
                        program.shutdownOutput();
                        return new String(program.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
                    }));
                }
                for (int i = 0; i < count; i++) {
                    assertThat(echoes.get(i).get())
                            .isEqualTo(("from " + programs.get(i).getLocalPort() + "\n").repeat(1000));
                }
            } finally {
                for (Socket s : programs) {
                    s.close();
                }
                relays.forEach(EgressStream::close);
            }
        }
    }

    @Test
    void attachingAnUnknownIdFails() throws Exception {
        try (EgressControl control =
                supervisor.egress(EgressListen.none().tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY), handler)) {
            assertThatThrownBy(() -> supervisor.attachEgress(424242))
                    .isInstanceOf(SupervisorException.class)
                    .satisfies(
                            e -> assertThat(((SupervisorException) e).errno()).isEqualTo(2));
            // an attached id is not waiting any more either
            try (Socket program =
                    connect(InetAddress.getLoopbackAddress(), control.tcpPorts().get(0))) {
                long id = handler.next().id();
                try (EgressStream relay = supervisor.attachEgress(id)) {
                    assertThatThrownBy(() -> supervisor.attachEgress(id)).isInstanceOf(SupervisorException.class);
                }
            }
        }
        assertThat(supervisor.hello().version()).isEqualTo(1);
    }

    @Test
    void anUnattachedConnectionIsClosedWhenItExpires() throws Exception {
        try (EgressControl control =
                supervisor.egress(EgressListen.none().tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY), handler)) {
            try (Socket program =
                    connect(InetAddress.getLoopbackAddress(), control.tcpPorts().get(0))) {
                long connected = System.nanoTime();
                long id = handler.next().id();
                int end;
                try {
                    end = program.getInputStream().read();
                } catch (java.net.SocketException reset) {
                    end = -1;
                }
                assertThat(end).isEqualTo(-1);
                // well after the connection came, not at once
                assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - connected))
                        .isGreaterThanOrEqualTo(EXPIRY_MS / 2);
                assertThatThrownBy(() -> supervisor.attachEgress(id)).isInstanceOf(SupervisorException.class);
            }
        }
    }

    @Test
    void closingTheControlConnectionClosesTheListenersButNotTheRelays() throws Exception {
        EgressControl control =
                supervisor.egress(EgressListen.none().tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY), handler);
        int port = control.tcpPorts().get(0);
        try (Socket program = connect(InetAddress.getLoopbackAddress(), port);
                EgressStream relay = supervisor.attachEgress(handler.next().id())) {
            control.close();
            assertThat(control.ended()).succeedsWithin(java.time.Duration.ofSeconds(10));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (true) {
                try (Socket late = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    assertThat(System.nanoTime())
                            .as("the listener still accepts")
                            .isLessThan(deadline);
                } catch (ConnectException refused) {
                    break;
                }
                Thread.sleep(10);
            }
            program.getOutputStream().write(ascii("still here\n"));
            assertThat(readN(relay.in(), 11)).isEqualTo("still here\n");
            relay.out().write(ascii("so am I\n"));
            assertThat(readN(program.getInputStream(), 8)).isEqualTo("so am I\n");
        }
        // and a new control connection may listen again
        try (EgressControl again =
                supervisor.egress(EgressListen.none().tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY), handler)) {
            assertThat(again.tcpPorts()).hasSize(1);
        }
    }

    @Test
    void relaysADnsDatagramAndItsReply() throws Exception {
        handler.dns = q -> {
            byte[] reply = new byte[q.payload().length + 6];
            System.arraycopy(ascii("reply:"), 0, reply, 0, 6);
            System.arraycopy(q.payload(), 0, reply, 6, q.payload().length);
            return reply;
        };
        EgressListen spec = EgressListen.none()
                .tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY)
                .dns(LOOPBACK_ANY_PORT)
                .dns(LOOPBACK_ANY_PORT);
        try (EgressControl control = supervisor.egress(spec, handler);
                DatagramSocket program = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            assertThat(control.dnsPorts()).hasSize(2);
            assertThat(control.ports()).hasSize(3).endsWith(control.dnsPorts().toArray(Integer[]::new));
            program.setSoTimeout(20_000);
            byte[] query = ascii("\u0012\u0034 what is example.org?");
            program.send(new DatagramPacket(
                    query,
                    query.length,
                    new InetSocketAddress("127.0.0.1", control.dnsPorts().get(1))));
            DatagramPacket answer = new DatagramPacket(new byte[4096], 4096);
            program.receive(answer);
            assertThat(new String(answer.getData(), 0, answer.getLength(), StandardCharsets.US_ASCII))
                    .isEqualTo("reply:\u0012\u0034 what is example.org?");
            assertThat(answer.getPort()).isEqualTo(control.dnsPorts().get(1));
            DnsQuery seen = handler.queries.poll(10, TimeUnit.SECONDS);
            assertThat(seen).isNotNull();
            assertThat(seen.listener()).isEqualTo(1);
            assertThat(seen.peer()).isEqualTo(program.getLocalSocketAddress());
        }
    }

    @Test
    void aSecondControlConnectionIsRefused() throws Exception {
        try (EgressControl control =
                supervisor.egress(EgressListen.none().tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY), handler)) {
            assertThatThrownBy(() -> supervisor.egress(
                            EgressListen.none().tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY), handler))
                    .isInstanceOf(SupervisorException.class)
                    .hasMessageContaining("another connection");
            assertThat(control.ended()).isNotDone();
        }
    }

    @Test
    void anAddressThatCannotBeBoundIsAnErrorNamingTheListener() throws Exception {
        EgressListen spec = EgressListen.none()
                .tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY)
                .tcp(new InetSocketAddress("192.0.2.1", 0), EgressListen.Kind.TRANSPARENT);
        assertThatThrownBy(() -> supervisor.egress(spec, handler))
                .isInstanceOf(SupervisorException.class)
                .hasMessageContaining("TCP listener 1")
                .hasMessageContaining("192.0.2.1");
        EgressListen dns = EgressListen.none().dns(new InetSocketAddress("192.0.2.1", 53));
        assertThatThrownBy(() -> supervisor.egress(dns, handler))
                .isInstanceOf(SupervisorException.class)
                .hasMessageContaining("DNS listener 0");
        // nothing stayed bound, and no control connection stayed
        try (EgressControl control =
                supervisor.egress(EgressListen.none().tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY), handler)) {
            assertThat(control.tcpPorts()).hasSize(1);
        }
    }

    @Test
    void relaysOverIpv6() throws Exception {
        InetAddress v6 = InetAddress.getByName("::1");
        boolean available;
        try (ServerSocket probe = new ServerSocket(0, 1, v6)) {
            available = true;
        } catch (IOException e) {
            available = false;
        }
        assumeTrue(available, "no IPv6 loopback here");
        try (EgressControl control = supervisor.egress(
                EgressListen.none().tcp(new InetSocketAddress(v6, 0), EgressListen.Kind.TRANSPARENT), handler)) {
            int port = control.tcpPorts().get(0);
            try (Socket program = connect(v6, port)) {
                EgressConnection c = handler.next();
                assertThat(c.destination()).isEqualTo(new InetSocketAddress(v6, port));
                assertThat(c.peer().getAddress()).isEqualTo(v6);
                try (EgressStream relay = supervisor.attachEgress(c.id())) {
                    program.getOutputStream().write(ascii("six\n"));
                    assertThat(readN(relay.in(), 4)).isEqualTo("six\n");
                }
            }
        }
    }

    @Test
    void relaysOverTcpToo(@TempDir Path other) throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        InetSocketAddress address = new InetSocketAddress("127.0.0.1", port);
        Process tcp = start(other, List.of("--listen", "tcp:" + port), address);
        try {
            Supervisor client = new Supervisor(address, SupervisorTest.SECRET);
            handler.dns = q -> ascii("answer");
            EgressListen spec = EgressListen.none()
                    .tcp(LOOPBACK_ANY_PORT, EgressListen.Kind.PROXY)
                    .dns(LOOPBACK_ANY_PORT);
            try (EgressControl control = client.egress(spec, handler);
                    Socket program = connect(
                            InetAddress.getLoopbackAddress(), control.tcpPorts().get(0));
                    EgressStream relay = client.attachEgress(handler.next().id());
                    DatagramSocket resolver = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
                program.getOutputStream().write(ascii("over tcp\n"));
                assertThat(readN(relay.in(), 9)).isEqualTo("over tcp\n");
                relay.out().write(ascii("back\n"));
                assertThat(readN(program.getInputStream(), 5)).isEqualTo("back\n");
                resolver.setSoTimeout(20_000);
                resolver.send(new DatagramPacket(
                        new byte[] {1},
                        1,
                        new InetSocketAddress("127.0.0.1", control.dnsPorts().get(0))));
                DatagramPacket answer = new DatagramPacket(new byte[64], 64);
                resolver.receive(answer);
                assertThat(new String(answer.getData(), 0, answer.getLength(), StandardCharsets.US_ASCII))
                        .isEqualTo("answer");
            }
        } finally {
            tcp.destroy();
            assertThat(tcp.waitFor(10, TimeUnit.SECONDS)).isTrue();
        }
    }
}
