package dev.shellbox.shell.commands.search.sed;

import java.util.Map;

/**
 * One compiled sed command with its addresses. Fields other than the command letter and addresses are set only for
 * the commands that use them.
 */
final class Instruction {
    final char command;
    final Address first;
    final Address second;
    final boolean negated;

    /** a, i, c: the text with its final newline; e: the command line; b, t, T, :, v: the label. */
    String text;
    /** {: the index of the matching }; b, t, T: the index of the label, or -1 for the end of the script. */
    int jump = -1;
    /** q, Q: exit status; l: line length (-1: the default). */
    int number = -1;
    /** r, R, w, W: the file name. */
    String fileName;
    /** w, W: the opened output. */
    SedOutput output;

    Substitution substitution;
    /** y: characters (code points) mapped to their replacements. */
    Map<Integer, Integer> translation;

    Instruction(char command, Address first, Address second, boolean negated) {
        this.command = command;
        this.first = first;
        this.second = second;
        this.negated = negated;
    }

    /**
     * s: the regex, replacement and flags.
     *
     * @param occurrence replace the Nth match (and, with global, every later one)
     * @param print 0 none, 1 print, and when evaluate is set, 1 prints before evaluating and 2 after
     */
    record Substitution(
            SedRegex regex,
            Replacement replacement,
            boolean global,
            long occurrence,
            int print,
            boolean evaluate,
            SedOutput output) {}
}
