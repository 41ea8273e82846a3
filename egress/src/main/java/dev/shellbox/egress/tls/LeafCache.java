package dev.shellbox.egress.tls;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The leaves a CA issued, by host, least recently used first out. Issuing happens outside the lock (a key pair and a
 * signature take about a millisecond); when two threads issue for one host at once, the first stored wins, so every
 * caller gets the same leaf.
 */
final class LeafCache {
    private final int capacity;
    private final Map<String, LeafCertificate> leaves;

    LeafCache(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity);
        }
        this.capacity = capacity;
        this.leaves = new LinkedHashMap<>(16, 0.75f, true);
    }

    /** The cached leaf for {@code host} unless it is no longer valid at {@code freshUntil}; else a new one. */
    LeafCertificate get(String host, Instant freshUntil, Function<String, LeafCertificate> issue) {
        LeafCertificate cached = lookup(host, freshUntil);
        if (cached != null) {
            return cached;
        }
        LeafCertificate issued = issue.apply(host);
        synchronized (this) {
            LeafCertificate raced = leaves.get(host);
            if (raced != null && isFresh(raced, freshUntil)) {
                return raced;
            }
            leaves.put(host, issued);
            if (leaves.size() > capacity) {
                leaves.remove(leaves.keySet().iterator().next());
            }
            return issued;
        }
    }

    synchronized int size() {
        return leaves.size();
    }

    private synchronized LeafCertificate lookup(String host, Instant freshUntil) {
        LeafCertificate leaf = leaves.get(host);
        return leaf != null && isFresh(leaf, freshUntil) ? leaf : null;
    }

    private static boolean isFresh(LeafCertificate leaf, Instant freshUntil) {
        return leaf.certificate().getNotAfter().toInstant().isAfter(freshUntil);
    }
}
