package dev.shellbox.shell.commands.utils.patch;

import java.util.ArrayList;
import java.util.List;

/** The part of a patch that changes one file: its header names and its hunks. */
final class FilePatch {
    /** The formats patch reads. */
    enum Format {
        UNIFIED,
        CONTEXT,
        NORMAL
    }

    Format format;
    /** Names as written in the header (before -p stripping), or null. "/dev/null" marks an absent side. */
    String oldName;

    String newName;
    String indexName;
    /** What followed the name on the header line (usually a tab and a timestamp), kept for reject headers. */
    String oldSuffix = "";

    String newSuffix = "";
    boolean gitCreation;
    boolean gitDeletion;
    /** The input lines that led up to the first hunk, shown when the file to patch cannot be found. */
    final List<String> leadingText = new ArrayList<>();
    /** The 1-based input line number of the first hunk's header. */
    int firstHunkLine;

    final List<Hunk> hunks = new ArrayList<>();

    private static final java.util.regex.Pattern EPOCH =
            java.util.regex.Pattern.compile("\\s+1970-01-01 00:00:00(\\.0+)? \\+0000\\s*");

    /** The old side is absent: /dev/null, a git "new file", or diff -N's epoch timestamp. */
    boolean createsFile() {
        return gitCreation
                || "/dev/null".equals(oldName)
                || EPOCH.matcher(oldSuffix).matches();
    }

    /** The new side is absent. */
    boolean deletesFile() {
        return gitDeletion
                || "/dev/null".equals(newName)
                || EPOCH.matcher(newSuffix).matches();
    }
}
