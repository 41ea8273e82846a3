package dev.shellbox.shell.commands.data.sqlite;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Runs SQL and dot-commands against one connection, printing results in the current output mode. */
final class SqliteShell {
    private final CommandContext ctx;
    private final Connection connection;
    private final OutputMode.Settings settings;

    SqliteShell(CommandContext ctx, Connection connection, OutputMode.Settings settings) {
        this.ctx = ctx;
        this.connection = connection;
        this.settings = settings;
    }

    /**
     * Runs a script of statements and dot-commands; stops at the first error (as sqlite3 does for non-interactive
     * input). {@code fromArgument} selects the error wording of command-line SQL.
     */
    int runScript(String script, boolean fromArgument) throws IOException {
        int lineNumber = 1;
        int status = 0;
        int i = 0;
        int n = script.length();
        while (i < n) {
            ctx.checkCancelled();
            char c = script.charAt(i);
            if (c == '\n') {
                lineNumber++;
                i++;
                continue;
            }
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == '.' && atLineStart(script, i)) {
                int end = script.indexOf('\n', i);
                end = end < 0 ? n : end;
                int dot = dotCommand(script.substring(i, end).trim());
                if (dot != 0) {
                    return dot == -1 ? status : dot;
                }
                i = end;
                continue;
            }
            int end = statementEnd(script, i);
            String statement = script.substring(i, end).trim();
            int startLine = lineNumber;
            for (int k = i; k < end; k++) {
                if (script.charAt(k) == '\n') {
                    lineNumber++;
                }
            }
            i = end;
            if (statement.equals(";") || statement.isEmpty()) {
                continue;
            }
            try {
                execute(statement);
            } catch (SQLException e) {
                ctx.stdout().flush();
                String message = cleanMessage(e);
                ctx.stderr()
                        .write(Text.encode(
                                fromArgument
                                        ? "Error: in prepare, " + message + "\n"
                                        : "Parse error near line " + startLine + ": " + message + "\n"));
                if (fromArgument) {
                    return 1;
                }
                // Input is read line by line: the rest of the failing line goes, the next lines still run.
                status = 1;
                int nl = script.indexOf('\n', Math.max(i - 1, 0));
                i = nl < 0 ? n : nl;
            }
        }
        return status;
    }

    private static boolean atLineStart(String s, int i) {
        for (int k = i - 1; k >= 0; k--) {
            char c = s.charAt(k);
            if (c == '\n') {
                return true;
            }
            if (!Character.isWhitespace(c)) {
                return false;
            }
        }
        return true;
    }

    /** The index just past the ';' ending the statement at {@code start}, skipping quotes and comments. */
    private static int statementEnd(String s, int start) {
        int i = start;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\'' || c == '"' || c == '`' || c == '[') {
                char close = c == '[' ? ']' : c;
                i = s.indexOf(close, i + 1);
                if (i < 0) {
                    return n;
                }
                i++;
            } else if (c == '-' && i + 1 < n && s.charAt(i + 1) == '-') {
                int nl = s.indexOf('\n', i);
                i = nl < 0 ? n : nl;
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int close = s.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
            } else if (c == ';') {
                return i + 1;
            } else {
                i++;
            }
        }
        return n;
    }

    /** sqlite-jdbc wraps messages as "[SQLITE_ERROR] SQL error or missing database (no such table: t)". */
    private static String cleanMessage(SQLException e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        int open = m.indexOf('(');
        if (m.startsWith("[") && open > 0 && m.endsWith(")")) {
            return m.substring(open + 1, m.length() - 1);
        }
        return m;
    }

    private void execute(String sql) throws SQLException, IOException {
        try (Statement st = connection.createStatement()) {
            boolean hasResults = st.execute(sql);
            if (!hasResults) {
                return;
            }
            try (ResultSet rs = st.getResultSet()) {
                print(rs);
            }
        }
    }

    private void print(ResultSet rs) throws SQLException, IOException {
        ResultSetMetaData meta = rs.getMetaData();
        int columns = meta.getColumnCount();
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= columns; i++) {
            names.add(meta.getColumnLabel(i));
        }
        List<Object[]> rows = new ArrayList<>();
        boolean streaming = settings.mode == OutputMode.LIST
                || settings.mode == OutputMode.CSV
                || settings.mode == OutputMode.TABS
                || settings.mode == OutputMode.QUOTE
                || settings.mode == OutputMode.LINE;
        boolean first = true;
        while (rs.next()) {
            ctx.checkCancelled();
            Object[] row = new Object[columns];
            for (int i = 1; i <= columns; i++) {
                Object v = rs.getObject(i);
                row[i - 1] = v instanceof Integer n ? Long.valueOf(n) : v instanceof Float f ? Double.valueOf(f) : v;
            }
            rows.add(row);
            if (streaming && rows.size() >= 1000) {
                // Row-by-row modes need no look at later rows: print in batches to keep memory flat.
                flush(names, rows, first);
                first = false;
            }
        }
        flush(names, rows, first);
    }

    private void flush(List<String> names, List<Object[]> rows, boolean withHeader) throws IOException {
        boolean headers = settings.headers;
        settings.headers = headers && withHeader;
        try {
            if (!rows.isEmpty()) {
                ctx.print(settings.mode.render(names, rows, settings));
            }
        } finally {
            settings.headers = headers;
        }
        rows.clear();
    }

    /** Runs a dot-command; 0 to go on, -1 to stop quietly (.quit), else an exit status. */
    private int dotCommand(String line) throws IOException {
        List<String> words = splitArguments(line.substring(1));
        if (words.isEmpty()) {
            return 0;
        }
        String command = words.get(0);
        try {
            switch (command) {
                case "quit", "exit" -> {
                    return -1;
                }
                case "headers", "header" -> settings.headers = words.size() > 1 && isOn(words.get(1));
                case "mode" -> {
                    OutputMode mode = words.size() > 1 ? OutputMode.named(words.get(1)) : null;
                    if (mode == null) {
                        ctx.stderr()
                                .write(Text.encode("Error: mode should be one of: box column csv html insert"
                                        + " json line list markdown qbox quote table tabs tcl\n"));
                        return 1;
                    }
                    settings.mode = mode;
                    // sqlite3 3.40: ".mode csv" (unlike -csv) also switches rows to RFC 4180's CRLF.
                    if (mode == OutputMode.CSV) {
                        settings.separator = ",";
                        settings.rowSeparator = "\r\n";
                    } else if (mode == OutputMode.LIST) {
                        settings.separator = "|";
                        settings.rowSeparator = "\n";
                    } else {
                        settings.rowSeparator = "\n";
                    }
                }
                case "separator" -> {
                    if (words.size() > 1) {
                        settings.separator = unescape(words.get(1));
                    }
                }
                case "nullvalue" -> settings.nullValue = words.size() > 1 ? words.get(1) : "";
                case "tables" -> tables(words.size() > 1 ? words.get(1) : null);
                case "schema" -> schema(words.size() > 1 ? words.get(1) : null);
                case "indexes", "indices" -> names("index", words.size() > 1 ? words.get(1) : null);
                case "import" -> {
                    return importCsv(words);
                }
                case "read" -> {
                    if (words.size() < 2) {
                        return usage("read FILE");
                    }
                    try (InputStream in = ctx.openInput(words.get(1))) {
                        return runScript(new String(in.readAllBytes(), StandardCharsets.UTF_8), false);
                    } catch (FsException e) {
                        ctx.stderr().write(Text.encode("Error: cannot open \"" + words.get(1) + "\"\n"));
                        return 1;
                    }
                }
                default -> {
                    ctx.stderr()
                            .write(Text.encode("Error: unknown command or invalid arguments:  \"" + command
                                    + "\". Enter \".help\" for help\n"));
                    return 1;
                }
            }
        } catch (SQLException e) {
            ctx.stderr().write(Text.encode("Error: " + cleanMessage(e) + "\n"));
            return 1;
        }
        return 0;
    }

    private int usage(String text) throws IOException {
        ctx.stderr().write(Text.encode("Usage: ." + text + "\n"));
        return 1;
    }

    private static boolean isOn(String v) {
        return v.equalsIgnoreCase("on") || v.equalsIgnoreCase("yes") || v.equals("1") || v.equalsIgnoreCase("true");
    }

    private static String unescape(String s) {
        return s.replace("\\t", "\t").replace("\\n", "\n").replace("\\\\", "\\");
    }

    private void tables(String like) throws SQLException, IOException {
        List<String> names = query(
                "SELECT name FROM sqlite_schema WHERE type IN ('table','view') AND name NOT LIKE" + " 'sqlite_%'"
                        + (like == null ? "" : " AND name LIKE ?") + " ORDER BY 1",
                like);
        if (names.isEmpty()) {
            return;
        }
        int width = 0;
        for (String n : names) {
            width = Math.max(width, n.length());
        }
        int perLine = Math.max(1, 80 / (width + 2));
        int rows = (names.size() + perLine - 1) / perLine;
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < rows; r++) {
            StringBuilder line = new StringBuilder();
            for (int c = r; c < names.size(); c += rows) {
                String name = names.get(c);
                line.append(name).append(" ".repeat(width - name.length() + 2));
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        ctx.print(out.toString());
    }

    private void names(String type, String table) throws SQLException, IOException {
        List<String> names = query(
                "SELECT name FROM sqlite_schema WHERE type = '" + type + "'"
                        + (table == null ? "" : " AND tbl_name LIKE ?") + " ORDER BY 1",
                table);
        for (String n : names) {
            ctx.print(n + "\n");
        }
    }

    private void schema(String like) throws SQLException, IOException {
        List<String> rows = query(
                "SELECT type || ' ' || name || char(10) || sql FROM sqlite_schema WHERE sql IS NOT NULL"
                        + " AND name NOT LIKE 'sqlite_%'" + (like == null ? "" : " AND name LIKE ?")
                        + " ORDER BY rowid",
                like);
        for (String row : rows) {
            int nl = row.indexOf('\n');
            String[] typeAndName = row.substring(0, nl).split(" ", 2);
            String sql = row.substring(nl + 1);
            if (typeAndName[0].equals("view")) {
                // sqlite3 shows a view's columns after its definition.
                List<String> columns = query("SELECT name FROM pragma_table_info(?)", typeAndName[1]);
                sql += "\n/* " + typeAndName[1] + "(" + String.join(",", columns) + ") */";
            }
            ctx.print(sql + ";\n");
        }
    }

    private List<String> query(String sql, String parameter) throws SQLException {
        List<String> values = new ArrayList<>();
        try (PreparedStatement st = connection.prepareStatement(sql)) {
            if (parameter != null) {
                st.setString(1, parameter);
            }
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    values.add(rs.getString(1));
                }
            }
        }
        return values;
    }

    /** .import FILE TABLE: CSV (or separator-split) rows; a new table takes its columns from the first row. */
    private int importCsv(List<String> words) throws IOException, SQLException {
        if (words.size() < 3) {
            return usage("import FILE TABLE");
        }
        String file = words.get(1);
        String table = words.get(2);
        String text;
        try (InputStream in = ctx.openInput(file)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (FsException e) {
            ctx.stderr().write(Text.encode("Error: cannot open \"" + file + "\"\n"));
            return 1;
        }
        boolean csv = settings.mode == OutputMode.CSV;
        List<List<String>> rows = csv ? Csv.parse(text) : Csv.split(text, settings.separator);
        if (rows.isEmpty()) {
            return 0;
        }
        boolean exists = !query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name = ?", table)
                .isEmpty();
        int start = 0;
        int columns;
        if (!exists) {
            List<String> header = rows.get(0);
            StringBuilder create = new StringBuilder("CREATE TABLE \"" + table.replace("\"", "\"\"") + "\"(");
            for (int i = 0; i < header.size(); i++) {
                create.append(i > 0 ? "," : "")
                        .append('"')
                        .append(header.get(i).replace("\"", "\"\""))
                        .append("\" TEXT");
            }
            try (Statement st = connection.createStatement()) {
                st.execute(create.append(')').toString());
            }
            start = 1;
            columns = header.size();
        } else {
            try (Statement st = connection.createStatement();
                    ResultSet rs = st.executeQuery("SELECT * FROM \"" + table.replace("\"", "\"\"") + "\" LIMIT 0")) {
                columns = rs.getMetaData().getColumnCount();
            }
        }
        String placeholders = String.join(",", java.util.Collections.nCopies(columns, "?"));
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO \"" + table.replace("\"", "\"\"") + "\" VALUES(" + placeholders + ")")) {
            for (int r = start; r < rows.size(); r++) {
                List<String> row = rows.get(r);
                if (row.size() < columns) {
                    ctx.stderr()
                            .write(Text.encode(file + ":" + (r + 1) + ": expected " + columns + " columns but found "
                                    + row.size() + " - filling the rest with NULL\n"));
                }
                for (int c = 0; c < columns; c++) {
                    insert.setString(c + 1, c < row.size() ? row.get(c) : null);
                }
                insert.executeUpdate();
            }
            connection.commit();
        } finally {
            connection.setAutoCommit(autoCommit);
        }
        return 0;
    }

    /** Splits a dot-command line into words, honouring single and double quotes. */
    private static List<String> splitArguments(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                continue;
            }
            if (word == null) {
                word = new StringBuilder();
            }
            if (c == '\'' || c == '"') {
                int end = line.indexOf(c, i + 1);
                end = end < 0 ? line.length() : end;
                word.append(line, i + 1, end);
                i = end;
            } else {
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }
}
