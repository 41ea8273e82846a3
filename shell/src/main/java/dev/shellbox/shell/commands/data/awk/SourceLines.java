package dev.shellbox.shell.commands.data.awk;

/** The program text with its origin ("cmd. line" or a -f file name), for gawk-style diagnostics. */
final class SourceLines {
    private final String command;
    private final String origin;
    private final String[] lines;

    SourceLines(String command, String origin, String src) {
        this.command = command;
        this.origin = origin;
        this.lines = src.split("\n", -1);
    }

    /** "awk: ORIGIN:LINE: " */
    String prefix(int line) {
        return command + ": " + origin + ":" + line + ": ";
    }

    /** The source line, then a caret under {@code column} with the message, as gawk prints syntax errors. */
    AwkSyntaxException error(int line, int column, String message) {
        String text = line - 1 < lines.length ? lines[line - 1] : "";
        String prefix = prefix(line);
        return new AwkSyntaxException(prefix + text + "\n" + prefix + " ".repeat(Math.max(0, column)) + "^ " + message);
    }
}
