package dev.shellbox.shell.commands.utils.diff;

import java.util.ArrayList;
import java.util.List;

/**
 * Computes the edit script between two files as GNU diff does: identical leading and trailing lines are set aside
 * (keeping a horizon of them for the boundary sliding), the rest is compared by {@link DiffAlgorithm}.
 */
final class FileDiff {
    private FileDiff() {}

    static List<Change> script(SourceFile a, SourceFile b, DiffOptions options, Runnable checkpoint) {
        int n0 = a.lineCount;
        int n1 = b.lineCount;
        int prefix = 0;
        while (prefix < n0 && prefix < n1 && a.sameLine(prefix, b, prefix)) {
            prefix++;
        }
        if (prefix == n0 && prefix == n1) {
            return List.of();
        }
        int suffix = 0;
        while (suffix < n0 - prefix && suffix < n1 - prefix && a.sameLine(n0 - 1 - suffix, b, n1 - 1 - suffix)) {
            suffix++;
        }
        int horizon = Math.max(
                options.horizonLines,
                options.style == DiffOptions.Style.UNIFIED || options.style == DiffOptions.Style.CONTEXT
                        ? options.effectiveContext()
                        : 0);
        int keptPrefix = Math.min(prefix, horizon);
        int keptSuffix = Math.min(suffix, horizon);
        int lo = prefix - keptPrefix;
        int hi0 = n0 - suffix + keptSuffix;
        int hi1 = n1 - suffix + keptSuffix;
        int[][] classes = LineClasses.of(a, lo, hi0, b, lo, hi1, options);
        boolean[][] changed =
                DiffAlgorithm.compare(classes[0], classes[1], options.minimal, options.speedLargeFiles, checkpoint);
        List<Change> script = new ArrayList<>();
        for (Change c : DiffAlgorithm.buildScript(changed[0], changed[1])) {
            script.add(new Change(c.line0() + lo, c.line1() + lo, c.deleted(), c.inserted()));
        }
        return script;
    }
}
