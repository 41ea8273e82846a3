package dev.shellbox.shell.commands;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandRegistry;
import dev.shellbox.shell.commands.data.DataCommands;
import dev.shellbox.shell.commands.files.FileCommands;
import dev.shellbox.shell.commands.net.NetCommands;
import dev.shellbox.shell.commands.search.SearchCommands;
import dev.shellbox.shell.commands.system.SystemCommands;
import dev.shellbox.shell.commands.text.TextCommands;
import dev.shellbox.shell.commands.utils.UtilityCommands;
import java.util.ArrayList;
import java.util.List;

/**
 * Every command Shellbox ships, gathered from the families. The interpreter knows none of them: an embedder hands this
 * registry (or a restriction or extension of it) to {@code Shell.builder().commands(...)}.
 */
public final class StandardCommands {
    private static final CommandRegistry REGISTRY = CommandRegistry.empty().register(all());

    private StandardCommands() {}

    /** The standard registry, shared by every shell that uses it (a registry is immutable). */
    public static CommandRegistry registry() {
        return REGISTRY;
    }

    /** The standard commands, one instance each. */
    public static List<Command> all() {
        List<Command> all = new ArrayList<>();
        all.addAll(FileCommands.all());
        all.addAll(SystemCommands.all());
        all.addAll(TextCommands.all());
        all.addAll(UtilityCommands.all());
        all.addAll(SearchCommands.all());
        all.addAll(DataCommands.all());
        all.addAll(NetCommands.all());
        return all;
    }
}
