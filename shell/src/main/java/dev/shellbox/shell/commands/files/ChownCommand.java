package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import java.io.IOException;
import java.util.List;

/** chown: change file owner and group (only to what they already are: a sandbox has a single user). */
public final class ChownCommand implements Command {
    @Override
    public String name() {
        return "chown";
    }

    @Override
    public String help() {
        return """
                Usage: chown [OPTION]... [OWNER][:[GROUP]] FILE...
                  or:  chown [OPTION]... --reference=RFILE FILE...
                Change the owner and/or group of each FILE to OWNER and/or GROUP.
                With --reference, change the owner and group of each FILE to those of RFILE.

                  -c, --changes          like verbose but report only when a change is made
                  -f, --silent, --quiet  suppress most error messages
                  -v, --verbose          output a diagnostic for every file processed
                      --dereference      affect the referent of each symbolic link (this is
                                         the default), rather than the symbolic link itself
                  -h, --no-dereference   affect symbolic links instead of any referenced file
                      --from=CURRENT_OWNER:CURRENT_GROUP
                                         change the owner and/or group of each file only if
                                         its current owner and/or group match those specified
                      --reference=RFILE  use RFILE's owner and group rather than
                                         specifying OWNER:GROUP values
                  -R, --recursive        operate on files and directories recursively
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        return OwnershipChange.run(ctx, args, false);
    }
}
