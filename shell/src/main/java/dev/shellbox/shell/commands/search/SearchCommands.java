package dev.shellbox.shell.commands.search;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.commands.search.grep.GrepCommand;
import dev.shellbox.shell.commands.search.rg.RgCommand;
import dev.shellbox.shell.commands.search.sed.SedCommand;
import java.util.List;

/** grep, rg and sed. */
public final class SearchCommands {
    private SearchCommands() {}

    public static List<Command> all() {
        return List.of(new GrepCommand(), new RgCommand(), new SedCommand());
    }
}
