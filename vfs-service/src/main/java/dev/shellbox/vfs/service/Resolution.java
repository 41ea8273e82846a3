package dev.shellbox.vfs.service;

import dev.shellbox.vfs.domain.Node;

/**
 * What a path names in a tree after following symlinks.
 *
 * @param path the path after following symlinks
 * @param node the entry there, or null when there is none
 * @param parent the entry of the parent directory, or null when it does not exist (or for the root)
 * @param firstMissing the shortest ancestor-or-self of {@code path} that does not exist, or null when it exists
 */
record Resolution(String path, Node node, Node parent, String firstMissing) {
    boolean exists() {
        return node != null;
    }

    /** Whether the parent directory exists (so only the entry itself is missing, if anything). */
    boolean parentExists() {
        return node != null || path.equals(firstMissing);
    }
}
