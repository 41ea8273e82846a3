package dev.shellbox.shell.fs;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The paths the last changes of a tree touched, by version, so that a copy kept in sync elsewhere can look at those
 * alone. Bounded: once older changes are forgotten, asking about them answers "unknown". A change recorded without a
 * path (one that reached the tree through a symbolic link or a hard link, say) also answers "unknown" for every version
 * before it. Not thread-safe: the tree records under its own lock.
 */
final class ChangeJournal {
    private record Change(String path, long version) {}

    private final int capacity;
    private final ArrayDeque<Change> changes = new ArrayDeque<>();
    /** Every change after this version is recorded. */
    private long coveredFrom;

    ChangeJournal(int capacity) {
        this.capacity = capacity;
    }

    /**
     * Records that the change that made {@code version} touched {@code path} (and, for a directory, what is below it);
     * a null path means the change cannot be placed. Repeated changes of one path take one entry.
     */
    void record(long version, String path) {
        Change last = changes.peekLast();
        if (last != null && Objects.equals(last.path, path)) {
            changes.pollLast();
        } else if (changes.size() == capacity) {
            coveredFrom = changes.pollFirst().version;
        }
        changes.addLast(new Change(path, version));
    }

    /** The paths changed after {@code version}; empty when that is no longer (or was never) known. */
    Optional<Set<String>> since(long version) {
        if (version < coveredFrom) {
            return Optional.empty();
        }
        Set<String> paths = new HashSet<>();
        for (Iterator<Change> newestFirst = changes.descendingIterator(); newestFirst.hasNext(); ) {
            Change c = newestFirst.next();
            if (c.version <= version) {
                break;
            }
            if (c.path == null) {
                return Optional.empty();
            }
            paths.add(c.path);
        }
        return Optional.of(paths);
    }
}
