package dev.shellbox.shell.commands;

import java.util.ArrayList;
import java.util.List;

/** Gathers the command groups into the standard registry. */
final class StandardCommands {
    static final CommandRegistry REGISTRY = CommandRegistry.empty().register(all());

    private StandardCommands() {}

    static List<Command> all() {
        List<Command> all = new ArrayList<>();
        all.addAll(FileCommands.all());
        all.addAll(SystemCommands.all());
        all.addAll(TextCommands.all());
        all.addAll(UtilityCommands.all());
        all.addAll(SearchCommands.all());
        all.addAll(DataCommands.all());
        return all;
    }
}
