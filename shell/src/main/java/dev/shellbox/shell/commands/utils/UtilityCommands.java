package dev.shellbox.shell.commands.utils;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.commands.utils.bc.BcCommand;
import dev.shellbox.shell.commands.utils.date.DateCommand;
import dev.shellbox.shell.commands.utils.diff.DiffCommand;
import dev.shellbox.shell.commands.utils.expr.ExprCommand;
import dev.shellbox.shell.commands.utils.patch.PatchCommand;
import dev.shellbox.shell.commands.utils.xargs.XargsCommand;
import java.util.List;

/** diff, patch, expr, bc, date, sleep, timeout, xargs, nice, nohup. */
public final class UtilityCommands {
    private UtilityCommands() {}

    public static List<Command> all() {
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
