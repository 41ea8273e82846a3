package dev.shellbox.shell.commands.files.tree;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** What the options of one {@code tree} run ask for. */
final class TreeOptions {
    boolean all;
    boolean directoriesOnly;
    boolean fullPath;
    boolean noIndent;
    boolean followLinks;
    /** Deepest level listed; entries of the operand are level 1. */
    int maxLevel = Integer.MAX_VALUE;

    final List<TreePattern> include = new ArrayList<>();
    final List<TreePattern> exclude = new ArrayList<>();
    boolean ignoreCase;
    boolean noReport;
    boolean prune;
    /** Sort before the base sort: directories first (-1), files first (1), or neither (0). */
    int groupDirectories;

    boolean classify;
    boolean size;
    boolean human;
    boolean si;
    boolean permissions;
    boolean user;
    boolean group;
    boolean date;
    boolean inodes;
    String timeFormat;
    boolean changeTime;
    boolean reverse;
    /** The base order of entries; null leaves them as the directory gives them. */
    Comparator<TreeNode> sort;

    boolean quote;
    boolean literal;
    boolean hideControl;
    int fileLimit;
    boolean utf8Lines;
}
