package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import java.io.IOException;
import java.util.List;

/** chgrp: change group ownership (only to the group a file already has: a sandbox has a single user). */
public final class ChgrpCommand implements Command {
    @Override
    public String name() {
        return "chgrp";
    }

    @Override
    public String help() {
        return """
                Usage: chgrp [OPTION]... GROUP FILE...
                  or:  chgrp [OPTION]... --reference=RFILE FILE...
                Change the group of each FILE to GROUP.
                With --reference, change the group of each FILE to that of RFILE.

                  -c, --changes          like verbose but report only when a change is made
                  -f, --silent, --quiet  suppress most error messages
                  -v, --verbose          output a diagnostic for every file processed
                      --dereference      affect the referent of each symbolic link (this is
                                         the default), rather than the symbolic link itself
                  -h, --no-dereference   affect symbolic links instead of any referenced file
                      --reference=RFILE  use RFILE's group rather than specifying a GROUP value
                  -R, --recursive        operate on files and directories recursively
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        return OwnershipChange.run(ctx, args, true);
    }
}
