package dev.shellbox.egress;

import java.util.Set;

/**
 * The entries that match one destination, kept as the first (lowest index) that fully matches and the first that
 * would match if the request could be seen.
 */
final class Candidates {
    private final int port;
    private final String method;
    private final String path;
    private PolicyEntry full;
    private PolicyEntry unseen;

    /**
     * @param method upper-case method or null when unseen
     * @param path normalized path or null when unseen
     */
    Candidates(int port, String method, String path) {
        this.port = port;
        this.method = method;
        this.path = path;
    }

    /** Considers an entry whose host part already matched. */
    void offer(PolicyEntry entry) {
        if (!entry.ports().contains(port)) {
            return;
        }
        Set<String> methods = entry.methods();
        boolean methodUnseen = !methods.isEmpty() && method == null;
        boolean pathUnseen = entry.pathPrefix() != null && path == null;
        if (!methods.isEmpty() && method != null && !methods.contains(method)) {
            return;
        }
        if (entry.pathPrefix() != null && path != null && !RequestPath.isUnder(path, entry.pathPrefix())) {
            return;
        }
        if (methodUnseen || pathUnseen) {
            unseen = first(unseen, entry);
        } else {
            full = first(full, entry);
        }
    }

    /** The first entry that matches outright, or null. */
    PolicyEntry full() {
        return full;
    }

    /** The first entry that needs the unseen request to tell, or null. */
    PolicyEntry unseen() {
        return unseen;
    }

    private static PolicyEntry first(PolicyEntry current, PolicyEntry candidate) {
        return current == null || candidate.index() < current.index() ? candidate : current;
    }
}
