package dev.shellbox.shell.commands.system;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * which: locate a command, as Debian's which does: the first (or with {@code -a} every) match, silence and status
 * 1 for names not found. Built-in commands and programs that escalate are found through the command runner;
 * executables in the file system through {@code PATH}.
 */
public final class WhichCommand implements Command {
    @Override
    public String name() {
        return "which";
    }

    @Override
    public String help() {
        return """
                Usage: which [-a] args
                Locate each command in PATH and print the path of the file that would run.

                  -a   print all matching pathnames of each argument
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        boolean all = false;
        int i = 0;
        // Debian's which takes clustered -a options before the names, and no others.
        while (i < args.size() && args.get(i).startsWith("-") && args.get(i).length() > 1) {
            String a = args.get(i++);
            if (a.equals("--")) {
                break;
            }
            for (int k = 1; k < a.length(); k++) {
                if (a.charAt(k) != 'a') {
                    ctx.stderr().write(Text.encode("Illegal option -" + a.charAt(k) + "\n"));
                    ctx.print("Usage: /usr/bin/which [-a] args\n");
                    ctx.stdout().flush();
                    return 2;
                }
            }
            all = true;
        }
        List<String> names = args.subList(i, args.size());
        if (names.isEmpty()) {
            return 1;
        }
        boolean allFound = true;
        StringBuilder out = new StringBuilder();
        for (String name : names) {
            ctx.checkCancelled();
            List<String> found = find(ctx, name, all);
            if (found.isEmpty()) {
                allFound = false;
            }
            for (String path : found) {
                out.append(path).append('\n');
            }
        }
        ctx.print(out.toString());
        ctx.stdout().flush();
        return allFound ? 0 : 1;
    }

    private static List<String> find(CommandContext ctx, String name, boolean all) {
        List<String> found = new ArrayList<>();
        if (name.isEmpty()) {
            return found;
        }
        if (name.indexOf('/') >= 0) {
            if (isExecutable(ctx, ctx.resolve(name))) {
                found.add(name);
            }
            return found;
        }
        Optional<String> located = ctx.runner().locate(ctx, name);
        located.ifPresent(found::add);
        if (found.isEmpty() || all) {
            String path = ctx.env("PATH");
            for (String dir : path == null ? new String[0] : path.split(":", -1)) {
                String candidate = (dir.isEmpty() ? "." : dir) + "/" + name;
                if (!found.contains(candidate) && isExecutable(ctx, ctx.resolve(candidate))) {
                    found.add(candidate);
                    if (!all) {
                        break;
                    }
                }
            }
        }
        return found;
    }

    private static boolean isExecutable(CommandContext ctx, String abs) {
        try {
            FileStat st = ctx.fs().stat(PathNames.normalize(abs));
            return st.isRegularFile() && (st.mode() & 0111) != 0;
        } catch (FsException e) {
            return false;
        }
    }
}
