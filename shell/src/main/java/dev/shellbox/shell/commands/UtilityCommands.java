package dev.shellbox.shell.commands;

import java.util.List;

/** diff, patch, expr, bc, date, sleep, timeout, xargs. */
final class UtilityCommands {
    private UtilityCommands() {}

    static List<Command> all() {
        return List.of();
    }
}
