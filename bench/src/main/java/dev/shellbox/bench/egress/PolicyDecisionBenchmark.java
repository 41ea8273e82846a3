package dev.shellbox.bench.egress;

import dev.shellbox.egress.Decision;
import dev.shellbox.egress.Destination;
import dev.shellbox.egress.NetworkPolicy;
import dev.shellbox.egress.PolicyEngine;
import dev.shellbox.egress.PolicySpec;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Decisions against a policy of 1,000 mixed allow entries (exact names, wildcards, IPv4 and IPv6 ranges, ports,
 * methods and paths) and 50 deny entries, for hostnames and bare addresses that match and that do not. Sample mode
 * gives the percentiles. Run with {@code java -jar bench/target/benchmarks.jar PolicyDecisionBenchmark -f 1 -wi 2 -i
 * 3}.
 */
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PolicyDecisionBenchmark {
    /** Destinations per case, cycled through so that no single lookup stays hot in the caches. */
    private static final int DESTINATIONS = 1024;

    /** First octets outside every special range, so that generated ranges are public. */
    private static final int[] PUBLIC_FIRST_OCTETS = publicFirstOctets();

    private List<String> allow;
    private List<String> deny;
    private PolicyEngine engine;
    private Destination[] matchingNames;
    private Destination[] otherNames;
    private Destination[] matchingAddresses;
    private Destination[] otherAddresses;
    private String[] lookupNames;
    private int next;

    @Setup
    public void setUp() throws UnknownHostException {
        Random random = new Random(42);
        allow = new ArrayList<>();
        List<String> exact = new ArrayList<>();
        List<String> wildcardDomains = new ArrayList<>();
        List<int[]> ipv4Ranges = new ArrayList<>();
        for (int i = 0; i < 400; i++) { // exact names, a third with a port
            String name = "svc" + i + ".team" + (i % 37) + ".example" + (i % 5) + ".com";
            exact.add(name);
            allow.add(i % 3 == 0 ? name + ":443" : name);
        }
        for (int i = 0; i < 200; i++) { // wildcards, some with a port range
            String domain = "zone" + i + ".example" + (i % 7) + ".net";
            wildcardDomains.add(domain);
            allow.add(i % 4 == 0 ? "*." + domain + ":8000-8100" : "*." + domain);
        }
        for (int i = 0; i < 250; i++) { // IPv4 addresses and ranges of many prefix lengths
            int prefix = 8 + random.nextInt(25);
            int address =
                    (PUBLIC_FIRST_OCTETS[random.nextInt(PUBLIC_FIRST_OCTETS.length)] << 24) | random.nextInt(1 << 24);
            int network = prefix == 32 ? address : address & (-1 << (32 - prefix));
            ipv4Ranges.add(new int[] {network, prefix});
            allow.add(dotted(network) + "/" + prefix + (i % 5 == 0 ? ":443" : ""));
        }
        for (int i = 0; i < 50; i++) { // IPv6 ranges
            allow.add("[2001:db8:" + Integer.toHexString(i) + "::/" + (48 + i % 16) + "]:443");
        }
        for (int i = 0; i < 100; i++) { // requests the proxy must see
            allow.add("GET,HEAD api" + i + ".example.org:443/v" + (i % 3));
        }
        deny = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            deny.add(i % 2 == 0 ? "blocked" + i + ".example0.com" : "*.bad" + i + ".example.net");
        }
        engine = new PolicyEngine(NetworkPolicy.parse(new PolicySpec("allowlist", allow, deny, null)));

        InetAddress publicAddress = InetAddress.getByName("203.0.113.10");
        matchingNames = new Destination[DESTINATIONS];
        otherNames = new Destination[DESTINATIONS];
        matchingAddresses = new Destination[DESTINATIONS];
        otherAddresses = new Destination[DESTINATIONS];
        lookupNames = new String[DESTINATIONS];
        for (int i = 0; i < DESTINATIONS; i++) {
            // wildcards whose index is a multiple of 4 allow ports 8000-8100 only; the others any port
            String name = i % 2 == 0
                    ? exact.get(random.nextInt(exact.size()))
                    : "host" + i + ".deep." + wildcardDomains.get(1 + 4 * random.nextInt(50));
            matchingNames[i] = Destination.connection(name, publicAddress, 443);
            otherNames[i] =
                    Destination.connection("other" + i + ".unlisted" + (i % 11) + ".example.com", publicAddress, 443);
            int[] range = ipv4Ranges.get(random.nextInt(ipv4Ranges.size()));
            int hostBits = range[1] == 32 ? 0 : random.nextInt(1 << (32 - range[1]));
            matchingAddresses[i] = Destination.address(InetAddress.getByName(dotted(range[0] | hostBits)), 443);
            otherAddresses[i] = Destination.address(InetAddress.getByName("198.51.100." + (i % 250 + 1)), 443);
            lookupNames[i] = i % 2 == 0 ? name : "other" + i + ".unlisted.example.com";
        }
        checkCases();
    }

    /** Makes sure each case measures what its name says. */
    private void checkCases() {
        for (int i = 0; i < DESTINATIONS; i++) {
            if (!engine.decide(matchingNames[i]).allowed()
                    || engine.decide(otherNames[i]).allowed()) {
                throw new IllegalStateException("name case " + i + " does not decide as intended");
            }
            if (!engine.decide(matchingAddresses[i]).allowed()
                    || engine.decide(otherAddresses[i]).allowed()) {
                throw new IllegalStateException("address case " + i + ": " + engine.decide(matchingAddresses[i]));
            }
        }
    }

    private int nextIndex() {
        next = (next + 1) & (DESTINATIONS - 1);
        return next;
    }

    /** A hostname an exact or wildcard entry allows. */
    @Benchmark
    public Decision matchingHostname() {
        return engine.decide(matchingNames[nextIndex()]);
    }

    /** A hostname no entry matches: every lookup structure is probed and misses. */
    @Benchmark
    public Decision nonMatchingHostname() {
        return engine.decide(otherNames[nextIndex()]);
    }

    /** A bare IPv4 address inside an allowed range. */
    @Benchmark
    public Decision matchingAddress() {
        return engine.decide(matchingAddresses[nextIndex()]);
    }

    /** A bare IPv4 address outside every range. */
    @Benchmark
    public Decision nonMatchingAddress() {
        return engine.decide(otherAddresses[nextIndex()]);
    }

    /** The DNS stub's question: may this name be looked up (half allowed, half not). */
    @Benchmark
    public Decision decideName() {
        return engine.decideName(lookupNames[nextIndex()]);
    }

    /** Parsing and indexing the whole 1,050-entry policy, as when a sandbox is created. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public PolicyEngine parseAndIndexPolicy() {
        return new PolicyEngine(NetworkPolicy.parse(new PolicySpec("allowlist", allow, deny, null)));
    }

    private static String dotted(int address) {
        return (address >>> 24) + "." + (address >>> 16 & 0xff) + "." + (address >>> 8 & 0xff) + "." + (address & 0xff);
    }

    private static int[] publicFirstOctets() {
        List<Integer> octets = new ArrayList<>();
        for (int octet = 1; octet < 224; octet++) {
            if (octet != 10
                    && octet != 100
                    && octet != 127
                    && octet != 169
                    && octet != 172
                    && octet != 192
                    && octet != 198) {
                octets.add(octet);
            }
        }
        return octets.stream().mapToInt(Integer::intValue).toArray();
    }
}
