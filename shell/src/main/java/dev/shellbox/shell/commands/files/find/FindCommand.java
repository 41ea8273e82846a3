package dev.shellbox.shell.commands.files.find;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.files.EntryOrder;
import dev.shellbox.shell.commands.files.PathOperands;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.gnu.time.TimeZoneSpec;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * find: walk directory trees and evaluate an expression for each file. Directories are read once each with {@link
 * FileSystem#listWithStats}; entries are visited in byte order of their names (GNU follows the directory's own order,
 * which a file system does not define).
 */
public final class FindCommand implements Command {

    /** How symlinks are treated: never followed, followed on the command line, or always. */
    private enum Follow {
        NEVER,
        COMMAND_LINE,
        ALWAYS
    }

    @Override
    public String name() {
        return "find";
    }

    @Override
    public String help() {
        return """
                Usage: find [-H] [-L] [-P] [starting-point...] [expression]

                Default path is the current directory; default expression is -print.
                Expression may consist of: operators, options, tests, and actions.

                Operators (decreasing precedence; -and is implicit where no others are given):
                      ( EXPR )   ! EXPR   -not EXPR   EXPR1 -a EXPR2   EXPR1 -and EXPR2
                      EXPR1 -o EXPR2   EXPR1 -or EXPR2   EXPR1 , EXPR2

                Positional options (always true):
                      -daystart -follow -regextype

                Normal options (always true, specified before other expressions):
                      -depth -maxdepth LEVELS -mindepth LEVELS -mount -noleaf -xdev
                      -ignore_readdir_race -noignore_readdir_race

                Tests (N can be +N or -N or N):
                      -amin N -anewer FILE -atime N -cmin N -cnewer FILE -ctime N
                      -empty -false -executable -gid N -group NAME -ilname PATTERN
                      -iname PATTERN -inum N -iwholename PATTERN -iregex PATTERN
                      -links N -lname PATTERN -mmin N -mtime N -name PATTERN -newer FILE
                      -newerXY REFERENCE -nouser -nogroup -path PATTERN -perm [-/]MODE
                      -regex PATTERN -readable -writable -size N[bcwkMG] -true
                      -type [bcdpflsD] -uid N -used N -user NAME -wholename PATTERN
                      -xtype [bcdpfls] -samefile FILE

                Actions:
                      -delete -print0 -printf FORMAT -fprintf FILE FORMAT -print
                      -fprint0 FILE -fprint FILE -ls -fls FILE -prune -quit
                      -exec COMMAND ; -exec COMMAND {} + -execdir COMMAND ; -execdir COMMAND {} +
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        Follow follow = Follow.NEVER;
        int i = 0;
        // Global options -H, -L and -P (and -D, -O) come before the starting points.
        while (i < args.size()) {
            String a = args.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (!a.matches("-[HLPDO].*") || a.length() < 2) {
                break;
            }
            if (a.startsWith("-D") || a.startsWith("-O")) {
                i += a.length() == 2 ? 2 : 1;
                continue;
            }
            if (!a.matches("-[HLP]+")) {
                break;
            }
            for (int k = 1; k < a.length(); k++) {
                follow = switch (a.charAt(k)) {
                    case 'H' -> Follow.COMMAND_LINE;
                    case 'L' -> Follow.ALWAYS;
                    default -> Follow.NEVER;
                };
            }
            i++;
        }
        List<String> starts = new ArrayList<>();
        while (i < args.size() && !startsExpression(args.get(i))) {
            starts.add(args.get(i++));
        }
        if (starts.isEmpty()) {
            starts.add(".");
        }
        OutputStream out = new BufferedOutputStream(ctx.stdout(), 65536);
        FindState state = new FindState(
                ctx, out, TimeZoneSpec.zoneId(ctx.env("TZ")), ctx.clock().millis());
        FindParser.Options options = new FindParser.Options();
        Expr expr;
        try {
            expr = new FindParser(args.subList(i, args.size()), state, options).parse();
        } catch (FindParser.ParseException e) {
            out.flush();
            ctx.error(e.getMessage());
            return 1;
        }
        if (options.follow) {
            follow = Follow.ALWAYS;
        }
        try {
            Walker walker = new Walker(ctx, state, options, follow, expr);
            for (String start : starts) {
                if (state.quit) {
                    break;
                }
                walker.walkStart(start);
            }
            for (ExecAction batch : state.batches) {
                batch.flush();
            }
        } finally {
            out.flush();
            for (OutputStream file : state.files) {
                file.close();
            }
        }
        return state.status;
    }

    private static boolean startsExpression(String arg) {
        return (arg.startsWith("-") && arg.length() > 1)
                || arg.equals("(")
                || arg.equals("!")
                || arg.equals(")")
                || arg.equals(",");
    }

    /** The depth-first walk over the trees. */
    private static final class Walker {
        private final CommandContext ctx;
        private final FileSystem fs;
        private final FindState state;
        private final FindParser.Options options;
        private final Follow follow;
        private final Expr expr;

        Walker(CommandContext ctx, FindState state, FindParser.Options options, Follow follow, Expr expr) {
            this.ctx = ctx;
            this.fs = ctx.fs();
            this.state = state;
            this.options = options;
            this.follow = follow;
            this.expr = expr;
        }

        void walkStart(String start) throws IOException {
            String abs;
            FileStat st;
            try {
                abs = PathOperands.resolve(ctx, start);
                st = PathOperands.lstat(ctx, start);
                if (st.isSymlink() && follow != Follow.NEVER) {
                    st = statOr(abs, st);
                }
            } catch (FsException e) {
                state.error(Quoting.locale(start) + ": " + e.errno().message());
                return;
            }
            walk(start, abs, st, 0, start, new ArrayDeque<>());
        }

        private void walk(String path, String abs, FileStat st, int depth, String start, Deque<FileStat> ancestors)
                throws IOException {
            ctx.checkCancelled();
            if (st.isDirectory() && follow != Follow.NEVER) {
                for (FileStat ancestor : ancestors) {
                    if (ancestor.inode() == st.inode()) {
                        state.error("File system loop detected; " + Quoting.locale(path)
                                + " is part of the same file system loop as "
                                + Quoting.locale(loopStart(path, ancestors, ancestor)) + ".");
                        return;
                    }
                }
            }
            boolean following = follow == Follow.ALWAYS || (follow == Follow.COMMAND_LINE && depth == 0);
            Visit visit = new Visit(path, abs, st, depth, start, following);
            boolean evaluate = depth >= options.minDepth;
            if (evaluate && !options.depthFirst) {
                expr.eval(visit);
                if (state.quit) {
                    return;
                }
            }
            if (st.isDirectory() && depth < options.maxDepth && (options.depthFirst || !visit.prune)) {
                List<FileSystem.DirEntry> entries;
                try {
                    entries = EntryOrder.sorted(fs.listWithStats(abs));
                } catch (FsException e) {
                    state.error(Quoting.locale(path) + ": " + e.errno().message());
                    entries = List.of();
                }
                ancestors.push(st);
                for (FileSystem.DirEntry entry : entries) {
                    if (state.quit) {
                        break;
                    }
                    String childAbs = PathNames.join(abs, entry.name());
                    FileStat childStat = entry.stat();
                    if (childStat.isSymlink() && follow == Follow.ALWAYS) {
                        childStat = statOr(childAbs, childStat);
                    }
                    String childPath = path.endsWith("/") ? path + entry.name() : path + "/" + entry.name();
                    walk(childPath, childAbs, childStat, depth + 1, start, ancestors);
                }
                ancestors.pop();
            }
            if (evaluate && options.depthFirst && !state.quit) {
                expr.eval(visit);
            }
        }

        /** The path of the ancestor directory a loop leads back to. */
        private static String loopStart(String path, Deque<FileStat> ancestors, FileStat ancestor) {
            int up = 0;
            for (FileStat a : ancestors) {
                up++;
                if (a == ancestor) {
                    break;
                }
            }
            String p = path;
            for (int k = 0; k < up; k++) {
                int slash = p.lastIndexOf('/');
                p = slash <= 0 ? p : p.substring(0, slash);
            }
            return p;
        }

        private FileStat statOr(String abs, FileStat fallback) {
            try {
                return fs.stat(abs);
            } catch (FsException e) {
                return fallback;
            }
        }
    }
}
