package dev.shellbox.shell.interp;

import dev.shellbox.shell.io.Text;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The storage of an associative array, iterating in bash's order: bash keeps such arrays in a hash table of 1024
 * buckets (FNV-1 hash of the key bytes), each bucket listing its keys newest first, and grows it fourfold when it holds
 * twice as many keys as buckets. Scripts that print {@code ${!a[@]}} see exactly that order, so it is reproduced.
 */
final class AssocArray {
    private static final int INITIAL_BUCKETS = 1024;

    private final Map<String, String> values;
    private List<List<String>> buckets;
    private int nbuckets;

    AssocArray() {
        values = new HashMap<>();
        nbuckets = INITIAL_BUCKETS;
        buckets = new ArrayList<>(nbuckets);
        for (int i = 0; i < nbuckets; i++) {
            buckets.add(null);
        }
    }

    private AssocArray(AssocArray other) {
        values = new HashMap<>(other.values);
        nbuckets = other.nbuckets;
        buckets = new ArrayList<>(nbuckets);
        for (List<String> b : other.buckets) {
            buckets.add(b == null ? null : new ArrayList<>(b));
        }
    }

    AssocArray copy() {
        return new AssocArray(this);
    }

    /** bash's hash_string: FNV-1 over the bytes. */
    static int hash(String key) {
        int h = 0x811c9dc5;
        for (byte b : Text.encode(key)) {
            h *= 16777619;
            h ^= b & 0xff;
        }
        return h;
    }

    String get(String key) {
        return values.get(key);
    }

    String getOrDefault(String key, String dflt) {
        return values.getOrDefault(key, dflt);
    }

    boolean containsKey(String key) {
        return values.containsKey(key);
    }

    int size() {
        return values.size();
    }

    boolean isEmpty() {
        return values.isEmpty();
    }

    void put(String key, String value) {
        if (values.containsKey(key)) {
            values.put(key, value);
            return;
        }
        if (values.size() >= nbuckets * 2) {
            rehash(nbuckets * 4);
        }
        int b = hash(key) & (nbuckets - 1);
        List<String> chain = buckets.get(b);
        if (chain == null) {
            chain = new ArrayList<>(2);
            buckets.set(b, chain);
        }
        chain.add(0, key);
        values.put(key, value);
    }

    void remove(String key) {
        if (!values.containsKey(key)) {
            return;
        }
        values.remove(key);
        List<String> chain = buckets.get(hash(key) & (nbuckets - 1));
        if (chain != null) {
            chain.remove(key);
        }
    }

    void clear() {
        values.clear();
        for (int i = 0; i < nbuckets; i++) {
            buckets.set(i, null);
        }
    }

    private void rehash(int size) {
        List<List<String>> old = buckets;
        buckets = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            buckets.add(null);
        }
        nbuckets = size;
        for (List<String> chain : old) {
            if (chain == null) {
                continue;
            }
            for (String key : chain) {
                int b = hash(key) & (size - 1);
                List<String> c = buckets.get(b);
                if (c == null) {
                    c = new ArrayList<>(2);
                    buckets.set(b, c);
                }
                c.add(0, key);
            }
        }
    }

    /** The keys in bash's iteration order. */
    List<String> keys() {
        List<String> out = new ArrayList<>(values.size());
        for (List<String> chain : buckets) {
            if (chain != null) {
                out.addAll(chain);
            }
        }
        return out;
    }

    /** The values in the order of {@link #keys()}. */
    List<String> values() {
        List<String> out = new ArrayList<>(values.size());
        for (String k : keys()) {
            out.add(values.get(k));
        }
        return out;
    }
}
