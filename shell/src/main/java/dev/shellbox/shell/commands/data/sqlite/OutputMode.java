package dev.shellbox.shell.commands.data.sqlite;

import dev.shellbox.shell.commands.data.JsonPrinter;
import java.util.ArrayList;
import java.util.List;

/** The output modes of the sqlite3 shell (.mode), each rendering one result set the way sqlite3 3.40 does. */
enum OutputMode {
    LIST,
    CSV,
    COLUMN,
    JSON,
    LINE,
    TABS,
    MARKDOWN,
    TABLE,
    BOX,
    QUOTE;

    static OutputMode named(String name) {
        for (OutputMode m : values()) {
            if (m.name().equalsIgnoreCase(name)) {
                return m;
            }
        }
        return null;
    }

    /** Renders a result: column names and rows of values (Long, Double, String, byte[] or null). */
    String render(List<String> names, List<Object[]> rows, Settings s) {
        StringBuilder out = new StringBuilder();
        switch (this) {
            case LIST, TABS -> {
                String sep = this == TABS ? "\t" : s.separator;
                if (s.headers) {
                    out.append(String.join(sep, names)).append(s.rowSeparator);
                }
                for (Object[] row : rows) {
                    for (int i = 0; i < row.length; i++) {
                        out.append(i > 0 ? sep : "").append(text(row[i], s.nullValue));
                    }
                    out.append(s.rowSeparator);
                }
            }
            case CSV -> {
                if (s.headers) {
                    List<String> quoted = new ArrayList<>();
                    names.forEach(n -> quoted.add(csv(n)));
                    out.append(String.join(",", quoted)).append(s.rowSeparator);
                }
                for (Object[] row : rows) {
                    for (int i = 0; i < row.length; i++) {
                        out.append(i > 0 ? "," : "").append(row[i] == null ? s.nullValue : csv(text(row[i], "")));
                    }
                    out.append(s.rowSeparator);
                }
            }
            case QUOTE -> {
                if (s.headers) {
                    List<String> quoted = new ArrayList<>();
                    names.forEach(n -> quoted.add("'" + n.replace("'", "''") + "'"));
                    out.append(String.join(",", quoted)).append("\n");
                }
                for (Object[] row : rows) {
                    for (int i = 0; i < row.length; i++) {
                        out.append(i > 0 ? "," : "").append(quote(row[i]));
                    }
                    out.append("\n");
                }
            }
            case JSON -> {
                if (rows.isEmpty()) {
                    break;
                }
                out.append('[');
                for (int r = 0; r < rows.size(); r++) {
                    out.append(r > 0 ? ",\n" : "").append('{');
                    Object[] row = rows.get(r);
                    for (int i = 0; i < row.length; i++) {
                        if (i > 0) {
                            out.append(',');
                        }
                        JsonPrinter.string(out, names.get(i), false);
                        out.append(':').append(json(row[i]));
                    }
                    out.append('}');
                }
                out.append("]\n");
            }
            case LINE -> {
                int width = 5;
                for (String n : names) {
                    width = Math.max(width, n.length());
                }
                for (int r = 0; r < rows.size(); r++) {
                    if (r > 0) {
                        out.append('\n');
                    }
                    Object[] row = rows.get(r);
                    for (int i = 0; i < row.length; i++) {
                        out.append(" ".repeat(width - names.get(i).length()))
                                .append(names.get(i))
                                .append(" = ")
                                .append(text(row[i], s.nullValue))
                                .append('\n');
                    }
                }
            }
            default -> grid(out, names, rows, s);
        }
        return out.toString();
    }

    private void grid(StringBuilder out, List<String> names, List<Object[]> rows, Settings s) {
        int n = names.size();
        int[] widths = new int[n];
        List<String[]> cells = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            widths[i] = names.get(i).length();
        }
        for (Object[] row : rows) {
            String[] texts = new String[n];
            for (int i = 0; i < n; i++) {
                texts[i] = text(row[i], s.nullValue);
                widths[i] = Math.max(widths[i], texts[i].length());
            }
            cells.add(texts);
        }
        if (this == COLUMN) {
            if (s.headers) {
                line(out, names.toArray(new String[0]), widths, "", "  ", "", false);
                String[] dashes = new String[n];
                for (int i = 0; i < n; i++) {
                    dashes[i] = "-".repeat(widths[i]);
                }
                line(out, dashes, widths, "", "  ", "", false);
            }
            for (String[] row : cells) {
                line(out, row, widths, "", "  ", "", false);
            }
            return;
        }
        String[] frame = switch (this) {
            case BOX -> new String[] {"┌─", "─┬─", "─┐", "├─", "─┼─", "─┤", "└─", "─┴─", "─┘", "│ ", " │ ", " │", "─"};
            case TABLE ->
                new String[] {"+-", "-+-", "-+", "+-", "-+-", "-+", "+-", "-+-", "-+", "| ", " | ", " |", "-"};
            default -> new String[] {null, null, null, "|-", "-|-", "-|", null, null, null, "| ", " | ", " |", "-"};
        };
        if (frame[0] != null) {
            rule(out, widths, frame[0], frame[1], frame[2], frame[12]);
        }
        line(out, names.toArray(new String[0]), widths, frame[9], frame[10], frame[11], true);
        rule(out, widths, frame[3], frame[4], frame[5], frame[12]);
        for (String[] row : cells) {
            line(out, row, widths, frame[9], frame[10], frame[11], false);
        }
        if (frame[6] != null) {
            rule(out, widths, frame[6], frame[7], frame[8], frame[12]);
        }
    }

    private static void rule(StringBuilder out, int[] widths, String left, String middle, String right, String fill) {
        out.append(left);
        for (int i = 0; i < widths.length; i++) {
            out.append(i > 0 ? middle : "").append(fill.repeat(widths[i]));
        }
        out.append(right).append('\n');
    }

    private static void line(
            StringBuilder out,
            String[] texts,
            int[] widths,
            String left,
            String middle,
            String right,
            boolean centered) {
        out.append(left);
        for (int i = 0; i < texts.length; i++) {
            out.append(i > 0 ? middle : "");
            int pad = widths[i] - texts[i].length();
            if (centered) {
                out.append(" ".repeat(pad / 2)).append(texts[i]).append(" ".repeat(pad - pad / 2));
            } else {
                out.append(texts[i]).append(" ".repeat(pad));
            }
        }
        out.append(right).append('\n');
    }

    /** A value as the list and column modes print it. */
    static String text(Object v, String nullValue) {
        if (v == null) {
            return nullValue;
        }
        if (v instanceof Double d) {
            return real(d);
        }
        if (v instanceof byte[] b) {
            return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
        return v.toString();
    }

    /** sqlite's "%!.15g": 15 significant digits, always with a decimal point. */
    static String real(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Inf" : "-Inf";
        }
        String s = dev.shellbox.shell.commands.data.awk.AwkFormat.formatG(d, 15, false, false);
        int e = s.indexOf('e');
        String mantissa = e < 0 ? s : s.substring(0, e);
        if (mantissa.indexOf('.') < 0) {
            mantissa += ".0";
        }
        return e < 0 ? mantissa : mantissa + s.substring(e);
    }

    private static String csv(String s) {
        if (s.isEmpty() || s.chars().anyMatch(c -> c == ',' || c == '"' || c == '\n' || c == '\r' || c == ' ')) {
            return s.isEmpty() ? "\"\"" : "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }

    private static String quote(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        }
        if (v instanceof byte[] b) {
            return "X'" + java.util.HexFormat.of().formatHex(b) + "'";
        }
        return text(v, "");
    }

    private static String json(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String || v instanceof byte[]) {
            StringBuilder sb = new StringBuilder();
            JsonPrinter.string(sb, text(v, ""), false);
            return sb.toString();
        }
        return text(v, "");
    }

    /** The shell's settings that shape output. */
    static final class Settings {
        OutputMode mode = LIST;
        boolean headers;
        String separator = "|";
        String rowSeparator = "\n";
        String nullValue = "";
    }
}
