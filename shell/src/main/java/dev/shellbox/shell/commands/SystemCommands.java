package dev.shellbox.shell.commands;

import java.util.List;

/** The system view: env, which, id, uname, ... */
final class SystemCommands {
    private SystemCommands() {}

    static List<Command> all() {
        return List.of();
    }
}
