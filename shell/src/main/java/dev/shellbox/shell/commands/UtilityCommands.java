package dev.shellbox.shell.commands;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.commands.bc.BcCommand;
import dev.shellbox.shell.commands.date.DateCommand;
import dev.shellbox.shell.commands.diff.DiffCommand;
import dev.shellbox.shell.commands.expr.ExprCommand;
import dev.shellbox.shell.commands.patch.PatchCommand;
import dev.shellbox.shell.commands.xargs.XargsCommand;
import java.util.List;

/** diff, patch, expr, bc, date, sleep, timeout, xargs, nice, nohup. */
final class UtilityCommands {
    private UtilityCommands() {}

    static List<Command> all() {
        return List.of(
                new BcCommand(),
                new DateCommand(),
                new DiffCommand(),
                new ExprCommand(),
                new PatchCommand(),
                new SleepCommand(),
                new TimeoutCommand(),
                new NiceCommand(),
                new NohupCommand(),
                new XargsCommand());
    }
}
