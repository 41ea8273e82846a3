package dev.shellbox.shell.commands;

import java.util.List;

/** diff, patch, expr, bc, date, sleep, timeout, xargs, nice, nohup. */
final class UtilityCommands {
    private UtilityCommands() {}

    static List<Command> all() {
        return List.of(new SleepCommand(), new TimeoutCommand(), new NiceCommand(), new NohupCommand());
    }
}
