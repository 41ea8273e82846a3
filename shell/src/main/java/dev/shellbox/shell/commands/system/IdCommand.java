package dev.shellbox.shell.commands.system;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/** id: print the user and group ids of the sandbox user (or of root). */
public final class IdCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("agGnruzZ")
            .longOption("group", 'g')
            .longOption("groups", 'G')
            .longOption("name", 'n')
            .longOption("real", 'r')
            .longOption("user", 'u')
            .longOption("zero", 'z')
            .longOption("context", 'Z');

    @Override
    public String name() {
        return "id";
    }

    @Override
    public String help() {
        return """
                Usage: id [OPTION]... [USER]...
                Print user and group information for each specified USER,
                or (when USER omitted) for the current process.

                  -a             ignore, for compatibility with other versions
                  -g, --group    print only the effective group ID
                  -G, --groups   print all group IDs
                  -n, --name     print a name instead of a number, for -ugG
                  -r, --real     print the real ID instead of the effective ID, with -ugG
                  -u, --user     print only the effective user ID
                  -z, --zero     delimit entries with NUL characters, not whitespace;
                                   not permitted in default format
                """;
    }

    /** A user as id shows it. */
    private record Account(String user, int uid, String group, int gid) {}

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        if (parsed.has('Z')) {
            ctx.error("--context (-Z) works only on an SELinux-enabled kernel");
            return 1;
        }
        int choices = (parsed.has('u') ? 1 : 0) + (parsed.has('g') ? 1 : 0) + (parsed.has('G') ? 1 : 0);
        if (choices > 1) {
            ctx.error("cannot print \"only\" of more than one choice");
            return 1;
        }
        boolean names = parsed.has('n');
        boolean zero = parsed.has('z');
        if (choices == 0 && (names || parsed.has('r'))) {
            ctx.error("cannot print only names or real IDs in default format");
            return 1;
        }
        if (choices == 0 && zero) {
            ctx.error("option --zero not permitted in default format");
            return 1;
        }
        Identity me = ctx.identity();
        List<String> users = parsed.operands().isEmpty() ? List.of(me.user()) : parsed.operands();
        int status = 0;
        StringBuilder out = new StringBuilder();
        for (String user : users) {
            Account a = lookup(user, me);
            if (a == null) {
                ctx.print(out.toString());
                out.setLength(0);
                ctx.stdout().flush();
                ctx.error(Quoting.locale(user) + ": no such user");
                status = 1;
                continue;
            }
            String end = zero ? "\0" : "\n";
            if (parsed.has('u')) {
                out.append(names ? a.user : Integer.toString(a.uid)).append(end);
            } else if (parsed.has('g')) {
                out.append(names ? a.group : Integer.toString(a.gid)).append(end);
            } else if (parsed.has('G')) {
                out.append(names ? a.group : Integer.toString(a.gid)).append(end);
                if (zero && users.size() > 1) {
                    out.append('\0'); // GNU ends each user's list with another NUL
                }
            } else {
                out.append(String.format(
                        "uid=%d(%s) gid=%d(%s) groups=%d(%s)\n", a.uid, a.user, a.gid, a.group, a.gid, a.group));
            }
        }
        ctx.print(out.toString());
        ctx.stdout().flush();
        return status;
    }

    private static Account lookup(String name, Identity me) {
        if (name.equals(me.user()) || name.equals(Integer.toString(me.uid()))) {
            return new Account(me.user(), me.uid(), me.group(), me.gid());
        }
        if (name.equals("root") || name.equals("0")) {
            return new Account("root", 0, "root", 0);
        }
        return null;
    }
}
