package dev.shellbox.shell.commands.data.awk;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An awk associative array: string subscripts to values, iterated in insertion order. */
final class AwkArray {
    private final Map<String, Object> map = new LinkedHashMap<>();

    /** The element, created empty when missing (as a reference to a[k] does in awk). */
    Object get(String key) {
        Object v = map.get(key);
        if (v == null) {
            map.put(key, Uninit.VALUE);
            return Uninit.VALUE;
        }
        return v;
    }

    /** The element or null, without creating it. */
    Object peek(String key) {
        return map.get(key);
    }

    void put(String key, Object value) {
        map.put(key, value);
    }

    boolean contains(String key) {
        return map.containsKey(key);
    }

    void remove(String key) {
        map.remove(key);
    }

    void clear() {
        map.clear();
    }

    int size() {
        return map.size();
    }

    /** A snapshot of the keys, so the loop body may change the array. */
    List<String> keys() {
        return new ArrayList<>(map.keySet());
    }

    Map<String, Object> entries() {
        return map;
    }
}
