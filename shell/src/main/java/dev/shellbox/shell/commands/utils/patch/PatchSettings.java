package dev.shellbox.shell.commands.utils.patch;

/** The options of one patch run. */
final class PatchSettings {
    /** -p: leading path components to strip; -1 when not given (then only the base name is kept). */
    int strip = -1;

    boolean reverse;
    boolean dryRun;
    boolean forward;
    boolean batch;
    boolean force;
    boolean backup;
    boolean backupIfMismatch = true;
    boolean removeEmptyFiles;
    boolean ignoreWhiteSpace;
    boolean silent;
    boolean verbose;
    int maxFuzz = 2;
    String backupSuffix = ".orig";
    String outputFile;
    String rejectFile;
    /** The ORIGFILE operand: the file every patch in the input applies to. */
    String targetFile;

    FilePatch.Format forcedFormat;
}
