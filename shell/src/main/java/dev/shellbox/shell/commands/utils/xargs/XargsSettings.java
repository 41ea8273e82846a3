package dev.shellbox.shell.commands.utils.xargs;

import java.util.List;

/** The options of one xargs run. */
final class XargsSettings {
    /** The input delimiter byte for -0 and -d, or -1 for blank-separated words. */
    int delimiter = -1;

    String argFile;
    String eofString;
    /** The -I replacement string, or null. */
    String replace;

    long linesPerExec;
    long argsPerExec;
    int maxProcs = 1;
    /** Bytes a command line may take, each argument counted with its terminating NUL. */
    long argMax;

    boolean noRunIfEmpty;
    boolean verbose;
    boolean exitIfSizeExceeded;
    boolean interactive;
    boolean openTty;
    boolean showLimits;
    String slotVariable;

    List<String> command;
}
