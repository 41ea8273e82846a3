package dev.shellbox.shell.commands.data.awk;

/**
 * An untyped variable passed to a function: it reads as uninitialized, and if the function uses the parameter as an
 * array, the array becomes the caller's variable too (awk passes arrays by reference).
 */
final class UninitRef {
    private final Object[] slots;
    private final int index;

    UninitRef(Object[] slots, int index) {
        this.slots = slots;
        this.index = index;
    }

    /** Makes the caller's variable an array (unless it became something else meanwhile) and returns it. */
    AwkArray materialize() {
        Object current = slots[index];
        if (current instanceof AwkArray a) {
            return a;
        }
        if (current instanceof UninitRef ref) {
            AwkArray a = ref.materialize();
            slots[index] = a;
            return a;
        }
        AwkArray a = new AwkArray();
        if (current == Uninit.VALUE) {
            slots[index] = a;
        }
        return a;
    }
}
