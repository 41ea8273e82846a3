package dev.shellbox.shell.commands.net;

import dev.shellbox.shell.command.Command;
import java.util.List;

/** The network clients: curl and wget, over the sandbox's network seam. */
public final class NetCommands {
    private NetCommands() {}

    public static List<Command> all() {
        return List.of(new CurlCommand(), new WgetCommand());
    }
}
