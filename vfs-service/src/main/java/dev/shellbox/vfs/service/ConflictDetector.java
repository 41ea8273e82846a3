package dev.shellbox.vfs.service;

import dev.shellbox.vfs.domain.ChangeKind;
import dev.shellbox.vfs.domain.VfsPaths;
import dev.shellbox.vfs.repository.ChangeRepository;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Path-level conflict detection for commits. A path the commit changes conflicts with a change logged after the
 * commit's base version when
 *
 * <ul>
 *   <li>both are the same path (unless both created the same directory),
 *   <li>the logged change replaced or removed an ancestor of the path, or
 *   <li>the commit replaces or removes the path and the logged change was below it.
 * </ul>
 *
 * So a commit never silently overwrites or deletes what another writer changed after the commit's base, while writers
 * of different files (even in a directory both created) do not conflict.
 */
final class ConflictDetector {
    private ConflictDetector() {}

    /** The paths of {@code planned} that conflict with {@code logged}, in the commit's order. */
    static List<String> conflicts(Map<String, ChangeKind> planned, List<ChangeRepository.Entry> logged) {
        Set<String> conflicting = new LinkedHashSet<>();
        for (Map.Entry<String, ChangeKind> p : planned.entrySet()) {
            String path = p.getKey();
            ChangeKind kind = p.getValue();
            for (ChangeRepository.Entry l : logged) {
                if (conflict(path, kind, l.path(), l.kind())) {
                    conflicting.add(path);
                    break;
                }
            }
        }
        return new ArrayList<>(conflicting);
    }

    static boolean conflict(String path, ChangeKind kind, String loggedPath, ChangeKind loggedKind) {
        if (path.equals(loggedPath)) {
            return !(kind == ChangeKind.MKDIR && loggedKind == ChangeKind.MKDIR);
        }
        if (VfsPaths.isBelow(path, loggedPath)) {
            return loggedKind.destructive();
        }
        if (VfsPaths.isBelow(loggedPath, path)) {
            return kind.destructive();
        }
        return false;
    }
}
