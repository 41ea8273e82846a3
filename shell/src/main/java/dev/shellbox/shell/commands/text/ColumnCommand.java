package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.mbchar.DisplayWidth;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * column: columnate lists or build tables (util-linux). Output is never a terminal here, so the width is 80 unless
 * {@code -c} or {@code COLUMNS} says otherwise. Tree output ({@code -r -i -p}) and cell truncation or wrapping of
 * over-wide tables ({@code -T -W}) are not supported.
 */
public final class ColumnCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("tn:O:N:l:E:deH:R:LJc:o:s:xhV")
            .longOption("table", 't')
            .longOption("table-name", 'n')
            .longOption("table-order", 'O')
            .longOption("table-columns", 'N')
            .longOption("table-columns-limit", 'l')
            .longOption("table-noextreme", 'E')
            .longOption("table-noheadings", 'd')
            .longOption("table-header-repeat", 'e')
            .longOption("table-hide", 'H')
            .longOption("table-right", 'R')
            .longOption("keep-empty-lines", 'L')
            .longOption("json", 'J')
            .longOption("output-width", 'c')
            .longOption("output-separator", 'o')
            .longOption("separator", 's')
            .longOption("fillrows", 'x')
            .longOption("help", 'h')
            .longOption("version", 'V');

    @Override
    public String name() {
        return "column";
    }

    @Override
    public String help() {
        return """

                Usage:
                 column [options] [<file>...]

                Columnate lists.

                Options:
                 -t, --table                      create a table
                 -n, --table-name <name>          table name for JSON output
                 -O, --table-order <columns>      specify order of output columns
                 -N, --table-columns <names>      comma separated columns names
                 -l, --table-columns-limit <num>  maximal number of input columns
                 -E, --table-noextreme <columns>  don't count long text from the columns to column width
                 -d, --table-noheadings           don't print header
                 -e, --table-header-repeat        repeat header for each page
                 -H, --table-hide <columns>       don't print the columns
                 -R, --table-right <columns>      right align text in these columns
                 -L, --keep-empty-lines           don't ignore empty lines
                 -J, --json                       use JSON output format for table

                 -c, --output-width <width>       width of output in number of characters
                 -o, --output-separator <string>  columns separator for table output (default is two spaces)
                 -s, --separator <string>         possible table delimiters
                 -x, --fillrows                   fill rows before columns

                 -h, --help                       display this help
                 -V, --version                    display version

                For more details see column(1).
                """;
    }

    /** The options that shape the output. */
    private static final class Settings {
        boolean table;
        boolean json;
        String tableName = "table";
        List<String> names;
        boolean noHeadings;
        String order;
        String hide;
        String right;
        int limit;
        boolean keepEmpty;
        int width = 80;
        String outputSeparator = "  ";
        String separators = " \t";
        boolean greedy = true;
        boolean fillRows;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        Settings s = new Settings();
        String columns = ctx.env("COLUMNS");
        if (columns != null && columns.matches("\\d{1,9}") && Integer.parseInt(columns) > 0) {
            s.width = Integer.parseInt(columns);
        }
        for (ParsedOptions.Option o : parsed.options()) {
            String v = o.value();
            switch (o.key()) {
                case "h" -> {
                    ctx.print(help());
                    return 0;
                }
                case "V" -> {
                    ctx.print("column (Shellbox) 1.0\n");
                    return 0;
                }
                case "t" -> s.table = true;
                case "J" -> {
                    s.json = true;
                    s.table = true;
                }
                case "n" -> s.tableName = v;
                case "N" -> s.names = List.of(v.split(",", -1));
                case "d" -> s.noHeadings = true;
                case "O" -> s.order = v;
                case "H" -> s.hide = v;
                case "R" -> s.right = v;
                case "l" -> {
                    if (!v.matches("\\d{1,9}")) {
                        ctx.error("invalid columns limit argument: '" + v + "'");
                        return 1;
                    }
                    s.limit = Integer.parseInt(v);
                }
                case "L" -> s.keepEmpty = true;
                case "c" -> {
                    if (!v.matches("\\d{1,9}")) {
                        ctx.error("invalid columns argument: '" + v + "'");
                        return 1;
                    }
                    s.width = Integer.parseInt(v);
                }
                case "o" -> s.outputSeparator = v;
                case "s" -> {
                    s.separators = v;
                    s.greedy = false;
                }
                case "x" -> s.fillRows = true;
                default -> {} // -e and -E change nothing without a terminal or a width limit
            }
        }
        if (s.json && s.names == null) {
            ctx.error("option --table-columns required for --json");
            return 1;
        }
        List<String> lines = new ArrayList<>();
        int status = 0;
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        for (String file : files) {
            try (InputStream in = Inputs.open(ctx, file)) {
                LineReader reader = new LineReader(in);
                while (reader.next()) {
                    ctx.checkCancelled();
                    String line = reader.text();
                    if (line.isEmpty() && !s.keepEmpty) {
                        continue;
                    }
                    lines.add(line);
                }
            } catch (FsException e) {
                ctx.error(file + ": " + e.errno().message());
                status = 1;
            }
        }
        ByteSink out = new ByteSink(ctx.stdout());
        try {
            if (s.table) {
                table(lines, s, out);
            } else if (!lines.isEmpty()) {
                fill(lines, s, out);
            }
        } finally {
            out.flush();
        }
        return status;
    }

    /** The fill modes: entries in columns (or rows with -x) separated by tabs. */
    private static void fill(List<String> entries, Settings s, ByteSink out) throws IOException {
        int maxLength = 0;
        for (String e : entries) {
            maxLength = Math.max(maxLength, DisplayWidth.of(e));
        }
        if (maxLength >= s.width) {
            for (String e : entries) {
                out.write(Text.encode(e));
                out.write('\n');
            }
            return;
        }
        int columnWidth = (maxLength + 8) & ~7;
        int numColumns = Math.max(1, s.width / columnWidth);
        int n = entries.size();
        if (s.fillRows) {
            int chars = 0;
            int col = 0;
            int endColumn = columnWidth;
            for (int i = 0; ; i++) {
                String e = entries.get(i);
                out.write(Text.encode(e));
                chars += DisplayWidth.of(e);
                if (i + 1 == n) {
                    break;
                }
                if (++col == numColumns) {
                    chars = 0;
                    col = 0;
                    endColumn = columnWidth;
                    out.write('\n');
                } else {
                    int next;
                    while ((next = (chars + 8) & ~7) <= endColumn) {
                        out.write('\t');
                        chars = next;
                    }
                    endColumn += columnWidth;
                }
            }
            if (chars > 0) {
                out.write('\n');
            }
            return;
        }
        int numRows = n / numColumns + (n % numColumns != 0 ? 1 : 0);
        for (int row = 0; row < numRows; row++) {
            int endColumn = columnWidth;
            int chars = 0;
            for (int base = row, col = 0; col < numColumns; col++) {
                String e = entries.get(base);
                out.write(Text.encode(e));
                chars += DisplayWidth.of(e);
                base += numRows;
                if (base >= n) {
                    break;
                }
                int next;
                while ((next = (chars + 8) & ~7) <= endColumn) {
                    out.write('\t');
                    chars = next;
                }
                endColumn += columnWidth;
            }
            out.write('\n');
        }
    }

    private static List<String> split(String line, Settings s) {
        List<String> cells = new ArrayList<>();
        int i = 0;
        int n = line.length();
        if (s.greedy) {
            while (i < n) {
                while (i < n && s.separators.indexOf(line.charAt(i)) >= 0) {
                    i++;
                }
                if (i >= n) {
                    break;
                }
                if (s.limit > 0 && cells.size() == s.limit - 1) {
                    cells.add(line.substring(i));
                    return cells;
                }
                int start = i;
                while (i < n && s.separators.indexOf(line.charAt(i)) < 0) {
                    i++;
                }
                cells.add(line.substring(start, i));
            }
            return cells;
        }
        int start = 0;
        for (i = 0; i <= n; i++) {
            if (s.limit > 0 && cells.size() == s.limit - 1) {
                cells.add(line.substring(start));
                return cells;
            }
            if (i == n || s.separators.indexOf(line.charAt(i)) >= 0) {
                cells.add(line.substring(start, i));
                start = i + 1;
            }
        }
        return cells;
    }

    /** Which columns (0-based) a list of names or 1-based numbers selects. */
    private static List<Integer> select(String spec, List<String> names) {
        List<Integer> selected = new ArrayList<>();
        if (spec == null) {
            return selected;
        }
        for (String item : spec.split(",")) {
            if (item.matches("\\d+")) {
                selected.add(Integer.parseInt(item) - 1);
            } else if (names != null) {
                int index = names.indexOf(item);
                if (index >= 0) {
                    selected.add(index);
                }
            }
        }
        return selected;
    }

    private static void table(List<String> lines, Settings s, ByteSink out) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        int columns = s.names != null ? s.names.size() : 0;
        for (String line : lines) {
            List<String> cells = line.isEmpty() ? new ArrayList<>(List.of("")) : split(line, s);
            rows.add(cells);
            columns = Math.max(columns, cells.size());
        }
        List<String> names = new ArrayList<>();
        for (int c = 0; c < columns; c++) {
            names.add(s.names != null && c < s.names.size() ? s.names.get(c) : "");
        }
        List<Integer> order = new ArrayList<>();
        for (int c : select(s.order, s.names)) {
            if (c >= 0 && c < columns && !order.contains(c)) {
                order.add(c);
            }
        }
        for (int c = 0; c < columns; c++) {
            if (!order.contains(c)) {
                order.add(c);
            }
        }
        order.removeAll(select(s.hide, s.names));
        List<Integer> right = select(s.right, s.names);
        if (s.json) {
            json(rows, names, order, s, out);
            return;
        }
        boolean header = s.names != null && !s.noHeadings;
        int[] widths = new int[columns];
        if (header) {
            for (int c = 0; c < columns; c++) {
                widths[c] = DisplayWidth.of(names.get(c));
            }
        }
        for (List<String> row : rows) {
            for (int c = 0; c < row.size(); c++) {
                widths[c] = Math.max(widths[c], DisplayWidth.of(row.get(c)));
            }
        }
        if (header) {
            writeRow(names, order, widths, right, s, out);
        }
        for (List<String> row : rows) {
            writeRow(row, order, widths, right, s, out);
        }
    }

    private static void writeRow(
            List<String> row, List<Integer> order, int[] widths, List<Integer> right, Settings s, ByteSink out)
            throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < order.size(); k++) {
            int c = order.get(k);
            String cell = c < row.size() ? row.get(c) : "";
            int pad = widths[c] - DisplayWidth.of(cell);
            boolean last = k == order.size() - 1;
            if (right.contains(c)) {
                sb.append(" ".repeat(pad)).append(cell);
            } else {
                sb.append(cell);
                if (!last) {
                    sb.append(" ".repeat(pad));
                }
            }
            if (!last) {
                sb.append(s.outputSeparator);
            }
        }
        out.write(Text.encode(sb.append('\n')));
    }

    private static void json(List<List<String>> rows, List<String> names, List<Integer> order, Settings s, ByteSink out)
            throws IOException {
        StringBuilder sb =
                new StringBuilder("{\n   ").append(jsonString(s.tableName)).append(": [\n");
        for (int r = 0; r < rows.size(); r++) {
            sb.append(r == 0 ? "      {\n" : "{\n");
            List<String> row = rows.get(r);
            for (int k = 0; k < order.size(); k++) {
                int c = order.get(k);
                String cell = c < row.size() ? row.get(c) : "";
                sb.append("         ")
                        .append(jsonString(names.get(c).toLowerCase(Locale.ROOT)))
                        .append(": ")
                        .append(cell.isEmpty() ? "null" : jsonString(cell))
                        .append(k + 1 < order.size() ? ",\n" : "\n");
            }
            sb.append(r + 1 < rows.size() ? "      }," : "      }\n");
        }
        sb.append("   ]\n}\n");
        out.write(Text.encode(sb));
    }

    private static String jsonString(String v) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
