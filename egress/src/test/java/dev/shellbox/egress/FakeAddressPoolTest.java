package dev.shellbox.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class FakeAddressPoolTest {
    private static InetAddress ip(String text) {
        return HostLiteral.parse(text).orElseThrow();
    }

    @Test
    void sameNameGetsTheSameAddressAndMapsBack() {
        FakeAddressPool pool = new FakeAddressPool();
        Inet4Address address = pool.addressFor("API.example.com.");
        assertThat(pool.addressFor("api.example.com")).isEqualTo(address);
        assertThat(pool.nameFor(address)).contains("api.example.com");
        assertThat(pool.addressFor("other.example.com")).isNotEqualTo(address);
    }

    @Test
    void addressesLieInTheBenchmarkingRangeAndSkipZeroAndBroadcastOctets() {
        FakeAddressPool pool = new FakeAddressPool(FakeAddressPool.MAX_CAPACITY);
        Set<InetAddress> seen = new HashSet<>();
        for (int i = 0; i < FakeAddressPool.MAX_CAPACITY; i++) {
            Inet4Address address = pool.addressFor("h" + i + ".example");
            byte[] b = address.getAddress();
            assertThat(b[0] & 0xff).isEqualTo(198);
            assertThat(b[1] & 0xff).isIn(18, 19);
            assertThat(b[3] & 0xff).isNotIn(0, 255);
            assertThat(FakeAddressPool.isPoolAddress(address)).isTrue();
            seen.add(address);
        }
        assertThat(seen).hasSize(FakeAddressPool.MAX_CAPACITY);
        assertThat(pool.nameFor(ip("198.18.0.1"))).contains("h0.example");
        assertThat(pool.nameFor(ip("198.19.255.254"))).contains("h" + (FakeAddressPool.MAX_CAPACITY - 1) + ".example");
    }

    @Test
    void addressesOutsideThePoolHaveNoName() {
        FakeAddressPool pool = new FakeAddressPool(10);
        pool.addressFor("a.example");
        assertThat(pool.nameFor(ip("198.18.0.0"))).isEmpty();
        assertThat(pool.nameFor(ip("198.18.0.255"))).isEmpty();
        assertThat(pool.nameFor(ip("198.18.0.2"))).isEmpty(); // in range, not handed out
        assertThat(pool.nameFor(ip("198.18.1.1"))).isEmpty(); // beyond the capacity
        assertThat(pool.nameFor(ip("203.0.113.1"))).isEmpty();
        assertThat(pool.nameFor(ip("::ffff:198.18.0.1"))).contains("a.example"); // mapped is the same address
        assertThat(pool.nameFor(ip("2001:db8::1"))).isEmpty();
    }

    @Test
    void leastRecentlyUsedNameIsRecycledWhenFull() {
        FakeAddressPool pool = new FakeAddressPool(3);
        Inet4Address a = pool.addressFor("a.example");
        Inet4Address b = pool.addressFor("b.example");
        Inet4Address c = pool.addressFor("c.example");
        pool.nameFor(a); // a is in use again; b is now the least recently used
        Inet4Address d = pool.addressFor("d.example");

        assertThat(d).isEqualTo(b);
        assertThat(pool.nameFor(b)).contains("d.example");
        assertThat(pool.nameFor(a)).contains("a.example");
        assertThat(pool.nameFor(c)).contains("c.example");
        assertThat(pool.size()).isEqualTo(3);
        // the lookups above used d, then a, then c: d is now the least recently used and gives up its address
        assertThat(pool.addressFor("b.example")).isEqualTo(d);
        assertThat(pool.nameFor(d)).contains("b.example");
    }

    @Test
    void addressForRejectsInvalidNamesAndCapacityIsChecked() {
        FakeAddressPool pool = new FakeAddressPool();
        assertThat(pool.capacity()).isEqualTo(65_000);
        assertThatThrownBy(() -> pool.addressFor("bad name")).isInstanceOf(InvalidHostnameException.class);
        assertThatThrownBy(() -> new FakeAddressPool(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FakeAddressPool(FakeAddressPool.MAX_CAPACITY + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void concurrentCallersAgreeOnEveryMapping() throws Exception {
        FakeAddressPool pool = new FakeAddressPool(1_000);
        ConcurrentHashMap<String, InetAddress> firstSeen = new ConcurrentHashMap<>();
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = threads.invokeAll(List.of(
                    () -> hammer(pool, firstSeen),
                    () -> hammer(pool, firstSeen),
                    () -> hammer(pool, firstSeen),
                    () -> hammer(pool, firstSeen)));
            for (Future<Boolean> result : results) {
                assertThat(result.get()).isTrue();
            }
        } finally {
            threads.shutdown();
        }
        assertThat(pool.size()).isEqualTo(500);
    }

    /** 500 names fit in the pool, so no mapping may ever change. */
    private static boolean hammer(FakeAddressPool pool, ConcurrentHashMap<String, InetAddress> firstSeen) {
        for (int round = 0; round < 20; round++) {
            for (int i = 0; i < 500; i++) {
                String name = "n" + i + ".example";
                InetAddress address = pool.addressFor(name);
                if (!firstSeen.computeIfAbsent(name, k -> address).equals(address)
                        || !pool.nameFor(address).orElse("").equals(name)) {
                    return false;
                }
            }
        }
        return true;
    }
}
