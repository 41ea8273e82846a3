package dev.shellbox.shell.commands.utils.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The settings of one diff run. */
final class DiffOptions {
    /** Output formats. */
    enum Style {
        NORMAL,
        UNIFIED,
        CONTEXT,
        SIDE_BY_SIDE,
        ED
    }

    /** How white space is compared, weakest first, as GNU's ignore_white_space levels. */
    enum WhiteSpace {
        NONE,
        TAB_EXPANSION,
        TRAILING,
        TAB_EXPANSION_AND_TRAILING,
        SPACE_CHANGE,
        ALL;

        boolean ignoresTrailing() {
            return compareTo(TRAILING) >= 0;
        }
    }

    Style style;
    /** Lines of context for -u and -c; -1 until given. */
    int context = -1;

    boolean brief;
    boolean reportIdentical;
    boolean ignoreCase;
    boolean ignoreBlankLines;
    WhiteSpace whiteSpace = WhiteSpace.NONE;
    final List<Pattern> ignorePatterns = new ArrayList<>();
    boolean text;
    boolean stripTrailingCr;
    boolean minimal;
    boolean speedLargeFiles;
    int horizonLines;

    boolean recursive;
    boolean newFile;
    boolean unidirectionalNewFile;
    boolean noDereference;
    final List<String> excludes = new ArrayList<>();
    String startingFile;

    String label0;
    String label1;
    String fromFile;
    String toFile;

    boolean expandTabs;
    boolean initialTab;
    int tabSize = 8;
    int width = 130;
    boolean leftColumn;
    boolean suppressCommonLines;
    Pattern functionPattern;

    /** The options as typed, for the "diff -r ..." line printed before each pair of files. */
    String switches = "";

    int effectiveContext() {
        return context < 0 ? 3 : context;
    }
}
