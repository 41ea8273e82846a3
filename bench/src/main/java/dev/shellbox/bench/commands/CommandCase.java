package dev.shellbox.bench.commands;

/**
 * One command line timed both in-process ({@link CommandBenchmark}) and with the GNU tools ({@link GnuComparison}).
 * The script runs in the directory that holds its data set.
 */
public enum CommandCase {
    GREP("grep -rn over 10,000 files, 100 MiB", "grep-tree", "grep -rn " + BenchData.NEEDLE + " ."),
    SORT("sort of 1,000,000 lines", "sort-input", "sort lines.txt"),
    SED("sed s///g over 100 MiB", "text", "sed 's/alpha/omega/g' text.txt"),
    AWK("awk '{s+=$3}' over 100 MiB", "text", "awk '{s+=$3} END{print s}' text.txt"),
    FIND("find -name over 100,000 entries", "find-tree", "find . -name '*.x'");

    /** What the case does, for tables. */
    public final String label;
    /** The {@link BenchData} set the script reads, which is also its working directory. */
    public final String dataSet;

    public final String script;

    CommandCase(String label, String dataSet, String script) {
        this.label = label;
        this.dataSet = dataSet;
        this.script = script;
    }
}
