package dev.shellbox.shell.interp;

import dev.shellbox.shell.expand.ShellVariable;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A shell variable: a scalar, a sparse indexed array or an associative array, with attributes (export, readonly,
 * integer, lowercase, uppercase, nameref). Not thread-safe: every shell process (subshell, pipeline stage) has its own
 * copies.
 */
public final class Variable implements ShellVariable {
    public static final int EXPORT = 1;
    public static final int READONLY = 2;
    public static final int INTEGER = 4;
    public static final int LOWERCASE = 8;
    public static final int UPPERCASE = 16;
    public static final int NAMEREF = 32;
    public static final int INDEXED = 64;
    public static final int ASSOCIATIVE = 128;
    public static final int CAPITALIZE = 256;
    public static final int TRACE = 512;

    int attributes;
    /** The scalar value; null when unset (or for arrays). */
    String value;

    TreeMap<Long, String> indexed;
    AssocArray associative;

    Variable() {}

    Variable(String value) {
        this.value = value;
    }

    static Variable indexedArray() {
        Variable v = new Variable();
        v.attributes = INDEXED;
        v.indexed = new TreeMap<>();
        return v;
    }

    static Variable associativeArray() {
        Variable v = new Variable();
        v.attributes = ASSOCIATIVE;
        v.associative = new AssocArray();
        return v;
    }

    Variable copy() {
        Variable c = new Variable();
        c.attributes = attributes;
        c.value = value;
        if (indexed != null) {
            c.indexed = new TreeMap<>(indexed);
        }
        if (associative != null) {
            c.associative = associative.copy();
        }
        return c;
    }

    public boolean has(int attribute) {
        return (attributes & attribute) != 0;
    }

    /** A variable computed on read (RANDOM, LINENO, SECONDS...): its value here means nothing. */
    public boolean isDynamic() {
        return has(Vars.DYNAMIC);
    }

    public int attributes() {
        return attributes;
    }

    @Override
    public boolean isIndexedArray() {
        return indexed != null;
    }

    @Override
    public boolean isAssociativeArray() {
        return associative != null;
    }

    public boolean isArray() {
        return indexed != null || associative != null;
    }

    @Override
    public boolean isSet() {
        if (indexed != null) {
            return true;
        }
        if (associative != null) {
            return true;
        }
        return value != null;
    }

    @Override
    public String scalarValue() {
        if (indexed != null) {
            return indexed.get(0L);
        }
        if (associative != null) {
            return associative.get("0");
        }
        return value;
    }

    @Override
    public String element(long index) {
        if (indexed != null) {
            return indexed.get(index);
        }
        return index == 0 ? value : null;
    }

    @Override
    public String element(String key) {
        if (associative != null) {
            return associative.get(key);
        }
        return null;
    }

    @Override
    public List<String> values() {
        if (indexed != null) {
            return new ArrayList<>(indexed.values());
        }
        if (associative != null) {
            return associative.values();
        }
        return value == null ? List.of() : List.of(value);
    }

    @Override
    public List<String> keys() {
        if (indexed != null) {
            List<String> keys = new ArrayList<>(indexed.size());
            for (Long k : indexed.keySet()) {
                keys.add(Long.toString(k));
            }
            return keys;
        }
        if (associative != null) {
            return associative.keys();
        }
        return value == null ? List.of() : List.of("0");
    }

    @Override
    public long indexLimit() {
        if (indexed != null) {
            return indexed.isEmpty() ? 0 : indexed.lastKey() + 1;
        }
        return value == null ? 0 : 1;
    }

    /** Number of elements (1 for a set scalar). */
    public int size() {
        if (indexed != null) {
            return indexed.size();
        }
        if (associative != null) {
            return associative.size();
        }
        return value == null ? 0 : 1;
    }

    @Override
    public String attributeFlags() {
        StringBuilder sb = new StringBuilder();
        if (indexed != null) {
            sb.append('a');
        }
        if (associative != null) {
            sb.append('A');
        }
        if (has(INTEGER)) {
            sb.append('i');
        }
        if (has(LOWERCASE)) {
            sb.append('l');
        }
        if (has(NAMEREF)) {
            sb.append('n');
        }
        if (has(READONLY)) {
            sb.append('r');
        }
        if (has(TRACE)) {
            sb.append('t');
        }
        if (has(UPPERCASE)) {
            sb.append('u');
        }
        if (has(EXPORT)) {
            sb.append('x');
        }
        return sb.toString();
    }

    /** Turns a scalar into an indexed array holding it at index 0. */
    void convertToIndexed() {
        if (indexed != null) {
            return;
        }
        indexed = new TreeMap<>();
        if (associative != null) {
            associative = null;
        } else if (value != null) {
            indexed.put(0L, value);
        }
        value = null;
        attributes = (attributes & ~ASSOCIATIVE) | INDEXED;
    }

    void convertToAssociative() {
        if (associative != null) {
            return;
        }
        associative = new AssocArray();
        if (value != null) {
            associative.put("0", value);
        }
        value = null;
        indexed = null;
        attributes = (attributes & ~INDEXED) | ASSOCIATIVE;
    }

    AssocArray associativeMap() {
        return associative;
    }

    TreeMap<Long, String> indexedMap() {
        return indexed;
    }
}
