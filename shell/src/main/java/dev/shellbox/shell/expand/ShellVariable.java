package dev.shellbox.shell.expand;

import java.util.List;

/** What expansion reads of a variable: a scalar, an indexed array or an associative array, with attributes. */
public interface ShellVariable {

    boolean isIndexedArray();

    boolean isAssociativeArray();

    /** Whether the variable has a value (a {@code declare x} without value is not set). */
    boolean isSet();

    /** {@code $x}: a scalar's value, or element 0 (key "0") of an array; null when unset. */
    String scalarValue();

    /** An element of an indexed array (negative indexes already resolved), or null. */
    String element(long index);

    /** An element of an associative array, or null. */
    String element(String key);

    /** Every value in index (or insertion) order; a scalar gives its one value. */
    List<String> values();

    /** The indexes or keys, in the order of {@link #values()}. */
    List<String> keys();

    /** The largest index of an indexed array plus one (for negative subscripts); 0 when empty. */
    long indexLimit();

    /** The attribute letters as {@code ${x@a}} prints them, e.g. {@code "ax"}. */
    String attributeFlags();
}
