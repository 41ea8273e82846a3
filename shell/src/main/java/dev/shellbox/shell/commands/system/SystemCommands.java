package dev.shellbox.shell.commands.system;

import dev.shellbox.shell.command.Command;
import java.util.List;

/** The system view: env, which, id, uname, ... */
public final class SystemCommands {
    private SystemCommands() {}

    public static List<Command> all() {
        return List.of(
                new EnvCommand(),
                new PrintenvCommand(),
                new WhichCommand(),
                new WhoamiCommand(),
                new IdCommand(),
                new HostnameCommand(),
                new UnameCommand(),
                new NprocCommand(),
                new ClearCommand());
    }
}
