package dev.shellbox.shell.commands.data.sqlite;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * sqlite3: the SQLite shell on a database file of the file system. The file is copied to a private temporary host
 * file, opened with sqlite-jdbc, and written back when the run changed it.
 */
public final class SqliteCommand implements Command {

    @Override
    public String name() {
        return "sqlite3";
    }

    @Override
    public String help() {
        return """
                Usage: sqlite3 [OPTIONS] FILENAME [SQL...]
                FILENAME is the name of an SQLite database. A new database is created
                if the file does not previously exist.
                OPTIONS include:
                   -bail                stop after hitting an error
                   -box                 set output mode to 'box'
                   -cmd COMMAND         run "COMMAND" before reading stdin
                   -column              set output mode to 'column'
                   -csv                 set output mode to 'csv'
                   -header              turn headers on
                   -json                set output mode to 'json'
                   -line                set output mode to 'line'
                   -list                set output mode to 'list'
                   -markdown            set output mode to 'markdown'
                   -noheader            turn headers off
                   -nullvalue TEXT      set text string for NULL values. Default ''
                   -quote               set output mode to 'quote'
                   -readonly            open the database read-only
                   -separator SEP       set output column separator. Default: '|'
                   -table               set output mode to 'table'
                   -tabs                set output mode to 'tabs'
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        OutputMode.Settings settings = new OutputMode.Settings();
        List<String> commands = new ArrayList<>();
        List<String> operands = new ArrayList<>();
        boolean readOnly = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!operands.isEmpty() || !a.startsWith("-") || a.equals("-")) {
                operands.add(a);
                continue;
            }
            String option = a.startsWith("--") ? a.substring(2) : a.substring(1);
            OutputMode mode = OutputMode.named(option);
            if (mode != null) {
                settings.mode = mode;
                if (mode == OutputMode.MARKDOWN || mode == OutputMode.TABLE || mode == OutputMode.BOX) {
                    settings.headers = true;
                }
                continue;
            }
            switch (option) {
                case "header", "headers" -> settings.headers = true;
                case "noheader" -> settings.headers = false;
                case "bail", "batch", "interactive" -> {}
                case "readonly" -> readOnly = true;
                case "separator", "nullvalue", "cmd", "newline" -> {
                    if (i + 1 >= args.size()) {
                        ctx.stderr().write(Text.encode("sqlite3: Error: missing argument to " + a + "\n"));
                        return 1;
                    }
                    String value = args.get(++i);
                    switch (option) {
                        case "separator" -> settings.separator = value;
                        case "nullvalue" -> settings.nullValue = value;
                        case "newline" -> settings.rowSeparator = value;
                        default -> commands.add(value);
                    }
                }
                default -> {
                    ctx.stderr()
                            .write(Text.encode("sqlite3: Error: unknown option: " + a + "\nUse -help for a list"
                                    + " of options.\n"));
                    return 1;
                }
            }
        }
        String database = operands.isEmpty() ? ":memory:" : operands.get(0);
        List<String> sql = operands.size() > 1 ? operands.subList(1, operands.size()) : List.of();
        Path temp = Files.createTempFile("shellbox-sqlite", ".db");
        byte[] original = null;
        try {
            boolean inMemory = database.equals(":memory:") || database.isEmpty();
            if (!inMemory) {
                try (InputStream in = ctx.openInput(database)) {
                    original = in.readAllBytes();
                    Files.write(temp, original);
                } catch (FsException e) {
                    String parent = PathNames.parent(ctx.resolve(database));
                    if (e.errno() != Errno.ENOENT || !ctx.fs().exists(parent)) {
                        ctx.stderr()
                                .write(Text.encode("Error: unable to open database \"" + database + "\": "
                                        + "unable to open database file\n"));
                        return 1;
                    }
                    Files.delete(temp);
                }
            }
            String url = inMemory ? "jdbc:sqlite::memory:" : "jdbc:sqlite:" + temp;
            int status;
            try (Connection connection = DriverManager.getConnection(url)) {
                if (readOnly) {
                    connection.setReadOnly(true);
                }
                SqliteShell shell = new SqliteShell(ctx, connection, settings);
                status = 0;
                for (String command : commands) {
                    status = shell.runScript(command, true);
                    if (status != 0) {
                        break;
                    }
                }
                if (status == 0) {
                    if (!sql.isEmpty()) {
                        for (String statement : sql) {
                            status = shell.runScript(statement, true);
                            if (status != 0) {
                                break;
                            }
                        }
                    } else {
                        String script = new String(ctx.stdin().readAllBytes(), StandardCharsets.UTF_8);
                        status = shell.runScript(script, false);
                    }
                }
            } catch (SQLException e) {
                ctx.stderr()
                        .write(Text.encode(
                                "Error: unable to open database \"" + database + "\": " + e.getMessage() + "\n"));
                return 1;
            }
            if (!inMemory && !readOnly && Files.exists(temp)) {
                byte[] now = Files.readAllBytes(temp);
                if (original == null || !Arrays.equals(original, now)) {
                    try (OutputStream out = ctx.openOutput(database, WriteMode.TRUNCATE)) {
                        out.write(now);
                    }
                }
            }
            ctx.stdout().flush();
            return status;
        } finally {
            for (String suffix : List.of("", "-journal", "-wal", "-shm")) {
                Files.deleteIfExists(Path.of(temp + suffix));
            }
        }
    }
}
