package dev.shellbox.shell.syntax;

import java.util.List;

/**
 * {@code name=value}, {@code name+=value}, {@code name[index]=value} or {@code name=(elements)}: exactly one of value
 * and array is non-null.
 */
public record Assignment(Pos pos, String name, Word index, boolean append, Word value, List<ArrayElement> array) {

    public boolean isArray() {
        return array != null;
    }
}
