package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.human.HumanSize;
import dev.shellbox.shell.gnu.human.SizeSuffix;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** df: report file system space usage, from {@link FileSystem#space}. The sandbox has one file system, on "/". */
public final class DfCommand implements Command {
    private static final String SI = "si";
    private static final String OUTPUT = "output";
    private static final String TOTAL = "total";
    private static final OptionParser OPTIONS = OptionParser.of("aB:hHiklPt:Tx:")
            .longOption("all", 'a')
            .longOption("block-size", 'B')
            .longOption("human-readable", 'h')
            .longOption("inodes", 'i')
            .longOption("local", 'l')
            .longOption("portability", 'P')
            .longOption("type", 't')
            .longOption("print-type", 'T')
            .longOption("exclude-type", 'x')
            .longOption(SI, OptionParser.Arg.NONE)
            .longOption(TOTAL, OptionParser.Arg.NONE)
            .longOption("sync", OptionParser.Arg.NONE)
            .longOption("no-sync", OptionParser.Arg.NONE)
            .longOption(OUTPUT, OptionParser.Arg.OPTIONAL);

    @Override
    public String name() {
        return "df";
    }

    @Override
    public String help() {
        return """
                Usage: df [OPTION]... [FILE]...
                Show information about the file system on which each FILE resides,
                or all file systems by default.

                  -a, --all             include pseudo, duplicate, inaccessible file systems
                  -B, --block-size=SIZE  scale sizes by SIZE before printing them
                  -h, --human-readable  print sizes in powers of 1024 (e.g., 1023M)
                  -H, --si              print sizes in powers of 1000 (e.g., 1.1G)
                  -i, --inodes          list inode information instead of block usage
                  -k                    like --block-size=1K
                  -l, --local           limit listing to local file systems
                  -P, --portability     use the POSIX output format
                      --total           elide all entries insignificant to available space,
                                          and produce a grand total
                  -t, --type=TYPE       limit listing to file systems of type TYPE
                  -T, --print-type      print file system type
                  -x, --exclude-type=TYPE   limit listing to file systems not of type TYPE
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        boolean human = false;
        boolean si = false;
        long blockSize = 1024;
        String blockLabel = "1K";
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "h" -> {
                    human = true;
                    si = false;
                }
                case "H", SI -> {
                    human = true;
                    si = true;
                }
                case "k" -> {
                    human = false;
                    blockSize = 1024;
                    blockLabel = "1K";
                }
                case "B" -> {
                    String v = o.value();
                    Long size = SizeSuffix.parse(!v.isEmpty() && Character.isLetter(v.charAt(0)) ? "1" + v : v);
                    if (size == null || size <= 0) {
                        ctx.error("invalid " + SizeSuffix.optionName(args) + " argument '" + v + "'");
                        return 1;
                    }
                    human = false;
                    blockSize = size;
                    blockLabel = Character.isDigit(v.charAt(0)) ? v : "1" + v;
                }
                default -> {}
            }
        }
        boolean inodes = parsed.has('i');
        boolean posix = parsed.has('P');
        boolean printType = parsed.has('T');
        List<String> types = parsed.values('t');
        List<String> excluded = parsed.values('x');
        List<FileSystem.SpaceInfo> rows = new ArrayList<>();
        int status = 0;
        if (parsed.operands().isEmpty()) {
            rows.add(ctx.fs().space("/"));
        }
        for (String operand : parsed.operands()) {
            try {
                rows.add(ctx.fs().space(PathOperands.resolve(ctx, operand)));
            } catch (FsException e) {
                ctx.error(Quoting.shell(operand) + ": " + e.errno().message());
                status = 1;
            }
        }
        rows.removeIf(r -> (!types.isEmpty() && !types.contains(r.name())) || excluded.contains(r.name()));
        if (rows.isEmpty() && status == 0) {
            ctx.error("no file systems processed");
            return 1;
        }
        if (rows.isEmpty()) {
            return status;
        }
        List<String[]> table = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("Filesystem"));
        if (printType) {
            header.add("Type");
        }
        if (inodes) {
            header.addAll(List.of("Inodes", "IUsed", "IFree", "IUse%"));
        } else if (human) {
            header.addAll(List.of("Size", "Used", "Avail", "Use%"));
        } else {
            header.addAll(List.of(
                    posix ? blockLabel.replace("1K", "1024") + "-blocks" : blockLabel + "-blocks",
                    "Used",
                    "Available",
                    posix ? "Capacity" : "Use%"));
        }
        header.add("Mounted on");
        table.add(header.toArray(new String[0]));
        for (FileSystem.SpaceInfo r : rows) {
            List<String> row = new ArrayList<>(List.of(r.name()));
            if (printType) {
                row.add(r.name());
            }
            if (inodes) {
                row.addAll(List.of("-", "-", "-", "-"));
            } else {
                long used = r.usedBytes();
                long available = r.availableBytes();
                row.add(size(r.totalBytes(), human, si, blockSize));
                row.add(size(used, human, si, blockSize));
                row.add(size(available, human, si, blockSize));
                row.add(percent(used, available));
            }
            row.add("/");
            table.add(row.toArray(new String[0]));
        }
        ctx.print(render(table, printType));
        ctx.stdout().flush();
        return status;
    }

    private static String size(long bytes, boolean human, boolean si, long blockSize) {
        return human ? HumanSize.format(bytes, si) : Long.toString(HumanSize.ceilUnits(bytes, 1, blockSize));
    }

    /** Use%: used over used plus available, rounded up, as df computes it. */
    private static String percent(long used, long available) {
        long denominator = used + available;
        if (denominator == 0) {
            return "-";
        }
        long pct = (used * 100 + denominator - 1) / denominator;
        return pct + "%";
    }

    /** Columns separated by a space: names and the mount point to the left, numbers to the right. */
    private static String render(List<String[]> table, boolean printType) {
        int columns = table.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : table) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        widths[0] = Math.max(widths[0], 14);
        int firstNumber = printType ? 2 : 1;
        for (int c = firstNumber; c < firstNumber + 3; c++) {
            widths[c] = Math.max(widths[c], 5); // size, used and available are at least 5 wide
        }
        StringBuilder sb = new StringBuilder();
        for (String[] row : table) {
            for (int c = 0; c < columns; c++) {
                boolean left = c == 0 || c == columns - 1 || (printType && c == 1);
                String cell = row[c];
                String pad = " ".repeat(widths[c] - cell.length());
                if (c == columns - 1) {
                    sb.append(cell);
                } else {
                    sb.append(left ? cell + pad : pad + cell).append(' ');
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
