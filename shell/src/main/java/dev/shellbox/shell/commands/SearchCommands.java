package dev.shellbox.shell.commands;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.commands.grep.GrepCommand;
import dev.shellbox.shell.commands.rg.RgCommand;
import dev.shellbox.shell.commands.sed.SedCommand;
import java.util.List;

/** grep, rg and sed. */
final class SearchCommands {
    private SearchCommands() {}

    static List<Command> all() {
        return List.of(new GrepCommand(), new RgCommand(), new SedCommand());
    }
}
