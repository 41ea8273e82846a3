package dev.shellbox.shell.commands;

import java.util.List;

/** awk, jq, yq, checksums, compression and archives, sqlite3. */
final class DataCommands {
    private DataCommands() {}

    static List<Command> all() {
        return List.of();
    }
}
