package dev.shellbox.shell.commands.search.grep;

/** What a grep command line asks for, once its options are parsed. */
final class GrepSettings {
    enum BinaryFiles {
        BINARY,
        TEXT,
        WITHOUT_MATCH
    }

    enum Directories {
        READ,
        RECURSE,
        SKIP
    }

    enum ListFiles {
        NONE,
        MATCHING,
        NON_MATCHING
    }

    boolean invert;
    boolean count;
    ListFiles listFiles = ListFiles.NONE;
    boolean quiet;
    boolean noMessages;
    boolean onlyMatching;
    boolean lineNumbers;
    boolean byteOffsets;
    /** -H (true), -h (false) or neither (null). */
    Boolean withFilename;

    boolean initialTab;
    boolean nullAfterName;
    boolean nullData;
    boolean lineBuffered;
    long maxCount = -1;
    int before = -1;
    int after = -1;
    String groupSeparator = "--";
    String label = "(standard input)";
    BinaryFiles binaryFiles = BinaryFiles.BINARY;
    Directories directories = Directories.READ;
    boolean skipDevices;
    boolean dereferenceRecursive;

    boolean contextRequested() {
        return before >= 0 || after >= 0;
    }

    /** Output that stops at the first selected line of a file: -l, -L, -q. */
    boolean doneOnMatch() {
        return quiet || listFiles != ListFiles.NONE;
    }

    /** No lines are printed at all. */
    boolean outQuiet() {
        return count || doneOnMatch();
    }

    byte eol() {
        return nullData ? (byte) 0 : (byte) '\n';
    }
}
