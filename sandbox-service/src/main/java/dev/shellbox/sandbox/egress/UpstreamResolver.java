package dev.shellbox.sandbox.egress;

import dev.shellbox.egress.dns.DnsAnswer;
import dev.shellbox.egress.dns.DnsFormatException;
import dev.shellbox.egress.dns.DnsResolverCodec;
import dev.shellbox.egress.dns.DnsTypes;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * How the egress proxy resolves names: itself, over UDP to configured servers, never through the JVM's resolver and
 * its cache, so that the address it checks is the address it connects to and a TTL-0 answer cannot change in between.
 */
final class UpstreamResolver {
    private static final SecureRandom IDS = new SecureRandom();
    /** Longest an answer is kept, whatever its TTL: a policy judges the addresses anew on every connection anyway. */
    static final long MAX_CACHE_SECONDS = 60;

    private static final int MAX_CACHED_NAMES = 10_000;
    /** Asks the AAAA question beside the A one; blocking UDP, so platform threads. */
    private static final ExecutorService ASKERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "egress-resolver");
        t.setDaemon(true);
        return t;
    });

    private final Map<String, Resolution> cache = new ConcurrentHashMap<>();

    private final List<InetSocketAddress> servers;
    private final int timeoutMillis;

    UpstreamResolver(List<InetSocketAddress> servers, Duration timeout) {
        this.servers = List.copyOf(servers);
        this.timeoutMillis = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    }

    /** The configured servers, or the nameservers of this host's /etc/resolv.conf. */
    static UpstreamResolver fromConfig(Optional<List<String>> configured, Duration timeout) {
        List<String> names = configured.filter(l -> !l.isEmpty()).orElseGet(UpstreamResolver::hostNameservers);
        List<InetSocketAddress> servers = new ArrayList<>();
        for (String s : names) {
            servers.add(parse(s.strip()));
        }
        return new UpstreamResolver(servers, timeout);
    }

    static InetSocketAddress parse(String server) {
        int port = 53;
        String host = server;
        if (server.startsWith("[")) {
            int close = server.indexOf(']');
            host = server.substring(1, close);
            if (server.length() > close + 2) {
                port = Integer.parseInt(server.substring(close + 2));
            }
        } else if (server.indexOf(':') == server.lastIndexOf(':') && server.indexOf(':') > 0) {
            host = server.substring(0, server.indexOf(':'));
            port = Integer.parseInt(server.substring(server.indexOf(':') + 1));
        }
        return new InetSocketAddress(
                dev.shellbox.egress.HostLiteral.parse(host)
                        .orElseThrow(() -> new IllegalArgumentException("a DNS server must be an address: " + server)),
                port);
    }

    private static List<String> hostNameservers() {
        List<String> found = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(Path.of("/etc/resolv.conf"))) {
                String[] words = line.strip().split("\\s+");
                if (words.length >= 2 && words[0].equals("nameserver")) {
                    found.add(words[1]);
                }
            }
        } catch (IOException e) {
            // no resolv.conf: nothing resolves until servers are configured
        }
        return found;
    }

    /**
     * What {@code name} resolves to: its IPv4 then IPv6 addresses (empty when it has none or no server answered), and
     * the names its CNAMEs led to on the way, which a policy must allow as well. Both questions are asked at once;
     * answers are kept for their TTL (at most {@link #MAX_CACHE_SECONDS}), never when it is 0, so a name that
     * changes its answer on every query is asked again on every connection.
     */
    Resolution resolve(String name) {
        Resolution cached = cache.get(name);
        if (cached != null && cached.expiresAt() > System.nanoTime()) {
            return cached;
        }
        CompletableFuture<Optional<DnsAnswer>> v6 =
                CompletableFuture.supplyAsync(() -> query(name, DnsTypes.AAAA), ASKERS);
        Optional<DnsAnswer> v4 = query(name, DnsTypes.A);
        List<InetAddress> addresses = new ArrayList<>();
        Set<String> aliases = new LinkedHashSet<>();
        long ttl = MAX_CACHE_SECONDS;
        for (Optional<DnsAnswer> answer : List.of(v4, v6.join())) {
            if (answer.isPresent()) {
                addresses.addAll(answer.get().addresses());
                aliases.addAll(answer.get().aliases());
                if (!answer.get().addresses().isEmpty()) {
                    ttl = Math.min(ttl, answer.get().ttlSeconds());
                }
            } else {
                ttl = 0;
            }
        }
        Resolution resolved = new Resolution(
                List.copyOf(addresses), List.copyOf(aliases), System.nanoTime() + TimeUnit.SECONDS.toNanos(ttl));
        if (ttl > 0 && !addresses.isEmpty()) {
            if (cache.size() >= MAX_CACHED_NAMES) {
                cache.clear();
            }
            cache.put(name, resolved);
        }
        return resolved;
    }

    /** The answer for a name, and when it stops being good ({@link System#nanoTime}). */
    record Resolution(List<InetAddress> addresses, List<String> aliases, long expiresAt) {}

    private Optional<DnsAnswer> query(String name, int type) {
        for (InetSocketAddress server : servers) {
            for (int attempt = 0; attempt < 2; attempt++) {
                Optional<DnsAnswer> answer = ask(server, name, type);
                if (answer.isPresent()) {
                    return answer;
                }
            }
        }
        return Optional.empty();
    }

    private Optional<DnsAnswer> ask(InetSocketAddress server, String name, int type) {
        int id = IDS.nextInt(0x10000);
        byte[] query = DnsResolverCodec.query(id, name, type);
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.setSoTimeout(Math.max(1, timeoutMillis / 4));
            socket.connect(server);
            socket.send(new DatagramPacket(query, query.length));
            byte[] buffer = new byte[DnsResolverCodec.MAX_RESPONSE_LENGTH];
            while (true) {
                DatagramPacket reply = new DatagramPacket(buffer, buffer.length);
                socket.receive(reply);
                try {
                    return Optional.of(DnsResolverCodec.parseResponse(buffer, reply.getLength(), id, name, type));
                } catch (DnsFormatException e) {
                    // a stray or spoofed datagram: keep waiting for the answer until the timeout
                }
            }
        } catch (SocketTimeoutException e) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
