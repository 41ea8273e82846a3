package dev.shellbox.sandbox.egress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.egress.dns.DnsMessage;
import dev.shellbox.egress.dns.DnsQuery;
import dev.shellbox.egress.dns.DnsTypes;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy's resolver against a DNS server on loopback that counts the A queries it answers. */
class UpstreamResolverTest {
    private DatagramSocket server;
    private Thread serving;
    private final AtomicInteger aQueries = new AtomicInteger();
    private final AtomicLong ttl = new AtomicLong();

    @BeforeEach
    void start() throws Exception {
        server = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        serving = new Thread(() -> {
            byte[] buffer = new byte[4096];
            while (!server.isClosed()) {
                try {
                    DatagramPacket p = new DatagramPacket(buffer, buffer.length);
                    server.receive(p);
                    DnsQuery q = DnsMessage.parseQuery(buffer, p.getLength());
                    byte[] reply;
                    if (q.question().type() == DnsTypes.A) {
                        aQueries.incrementAndGet();
                        reply = DnsMessage.answerA(
                                q, List.of((Inet4Address) InetAddress.getByName("203.0.113.9")), ttl.get());
                    } else {
                        reply = DnsMessage.noData(q);
                    }
                    server.send(new DatagramPacket(reply, reply.length, p.getSocketAddress()));
                } catch (Exception e) {
                    // closed, or a datagram the test did not send
                }
            }
        });
        serving.setDaemon(true);
        serving.start();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        serving.join(5000);
    }

    private UpstreamResolver resolver() {
        return new UpstreamResolver(
                List.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort())),
                Duration.ofSeconds(2));
    }

    @Test
    void anAnswerIsKeptForItsTtl() throws Exception {
        ttl.set(30);
        UpstreamResolver resolver = resolver();
        assertThat(resolver.resolve("api.example.test").addresses())
                .containsExactly(InetAddress.getByName("203.0.113.9"));
        resolver.resolve("api.example.test");
        assertThat(aQueries).hasValue(1);
    }

    @Test
    void aTtlOfZeroIsAskedAgainOnEveryConnection() throws Exception {
        ttl.set(0);
        UpstreamResolver resolver = resolver();
        resolver.resolve("rebind.example.test");
        resolver.resolve("rebind.example.test");
        resolver.resolve("rebind.example.test");
        assertThat(aQueries).hasValue(3);
    }
}
