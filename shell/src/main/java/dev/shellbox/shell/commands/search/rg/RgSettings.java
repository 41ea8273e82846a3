package dev.shellbox.shell.commands.search.rg;

import java.util.ArrayList;
import java.util.List;

/** What an rg command line asks for, once parsed. */
final class RgSettings {
    boolean invert;
    boolean count;
    boolean countMatches;
    boolean filesWithMatches;
    boolean filesWithoutMatch;
    boolean quiet;
    boolean onlyMatching;
    String replacement;
    long maxCount = -1;
    int before;
    int after;
    String contextSeparator = "--";
    boolean lineNumbers;
    /** -H (true), -I/--no-filename (false) or neither (null: names when more than one file may be searched). */
    Boolean withFilename;

    boolean column;
    boolean heading;
    boolean nullAfterPath;
    boolean text;
    boolean hidden;
    boolean noIgnore;
    boolean noIgnoreVcs;
    boolean follow;
    int maxDepth = Integer.MAX_VALUE;
    boolean listFiles;
    final IgnoreFile overrides = new IgnoreFile();
    boolean hasPositiveOverride;
    final List<GitGlob> selectedTypes = new ArrayList<>();
    final List<GitGlob> excludedTypes = new ArrayList<>();

    boolean contextRequested() {
        return before > 0 || after > 0;
    }

    boolean listsOnly() {
        return filesWithMatches || filesWithoutMatch || count || countMatches || quiet;
    }
}
