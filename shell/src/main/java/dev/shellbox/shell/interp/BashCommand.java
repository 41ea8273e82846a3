package dev.shellbox.shell.interp;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bash} and {@code sh} as commands: a child shell over the same file system, in-process ({@code bash -c
 * '...'}, {@code bash script.sh}, a script on stdin).
 */
final class BashCommand implements Command {
    private final Session session;
    private final String name;

    BashCommand(Session session, String name) {
        this.session = session;
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String help() {
        return """
                Usage:\tbash [GNU long option] [option] ...
                \tbash [GNU long option] [option] script-file ...
                GNU long options:
                \t--help
                \t--login
                \t--noprofile
                \t--norc
                \t--posix
                \t--version
                Shell options:
                \t-ilrsD or -c command or -O shopt_option\t\t(invocation only)
                \t-abefhkmnptuvxBCEHPT or -o option
                """;
    }

    /** What the command line asked for. */
    static final class Invocation {
        String command;
        String script;
        boolean readStdin;
        boolean interactive;
        final List<String[]> options = new ArrayList<>();
        final List<String[]> shopts = new ArrayList<>();
        String argv0;
        final List<String> args = new ArrayList<>();
        String error;
        boolean version;
    }

    /** Parses bash's command line; {@code error} is set for an invalid option. */
    static Invocation parse(List<String> args, String defaultName) {
        Invocation inv = new Invocation();
        boolean commandFlag = false;
        int i = 0;
        for (; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--") || a.equals("-")) {
                i++;
                break;
            }
            if (a.startsWith("--")) {
                switch (a) {
                    case "--norc",
                            "--noprofile",
                            "--login",
                            "--posix",
                            "--noediting",
                            "--restricted",
                            "--verbose",
                            "--debugger",
                            "--dump-strings" -> {
                        if (a.equals("--verbose")) {
                            inv.options.add(new String[] {"verbose", "on"});
                        }
                        if (a.equals("--posix")) {
                            inv.options.add(new String[] {"posix", "on"});
                        }
                    }
                    case "--rcfile", "--init-file" -> i++;
                    case "--version" -> inv.version = true;
                    default -> {
                        inv.error = a + ": invalid option";
                        return inv;
                    }
                }
                continue;
            }
            if ((a.startsWith("-") || a.startsWith("+")) && a.length() > 1) {
                boolean on = a.charAt(0) == '-';
                for (int k = 1; k < a.length(); k++) {
                    char c = a.charAt(k);
                    switch (c) {
                        case 'c' -> commandFlag = true; // bash accepts +c too
                        case 'i' -> inv.interactive = on;
                        case 's' -> inv.readStdin = true;
                        case 'l', 'r', 'D' -> {}
                        case 'o' -> {
                            if (i + 1 < args.size()) {
                                inv.options.add(new String[] {args.get(++i), on ? "on" : "off"});
                            }
                        }
                        case 'O' -> {
                            if (i + 1 < args.size()) {
                                inv.shopts.add(new String[] {args.get(++i), on ? "on" : "off"});
                            }
                        }
                        default -> {
                            String opt = Options.setOptionForLetter(c);
                            if (opt == null) {
                                inv.error = (on ? "-" : "+") + c + ": invalid option";
                                return inv;
                            }
                            inv.options.add(new String[] {opt, on ? "on" : "off"});
                        }
                    }
                }
                continue;
            }
            break;
        }
        List<String> rest = args.subList(i, args.size());
        if (commandFlag) {
            if (rest.isEmpty()) {
                inv.error = "-c: option requires an argument";
                return inv;
            }
            inv.command = rest.get(0);
            inv.argv0 = rest.size() > 1 ? rest.get(1) : defaultName;
            if (rest.size() > 2) {
                inv.args.addAll(rest.subList(2, rest.size()));
            }
            return inv;
        }
        if (!inv.readStdin && !rest.isEmpty()) {
            inv.script = rest.get(0);
            inv.argv0 = rest.get(0);
            inv.args.addAll(rest.subList(1, rest.size()));
            return inv;
        }
        inv.readStdin = true;
        inv.argv0 = defaultName;
        inv.args.addAll(rest);
        return inv;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        Invocation inv = parse(args, ctx.commandName());
        if (inv.error != null) {
            ctx.stderr().write(Text.encode(ctx.commandName() + ": " + inv.error + "\n"));
            return 2;
        }
        if (inv.version) {
            ctx.print("GNU bash, version " + ShellProcess.BASH_VERSION + " (x86_64-pc-linux-gnu)\n");
            return 0;
        }
        FdTable fds;
        if (ctx.fds() instanceof FdTable t) {
            fds = t.copy();
        } else {
            fds = new FdTable();
        }
        fds.set(0, new FdEntry(ctx.stdin(), null, "/dev/stdin", false));
        fds.set(1, new FdEntry(null, ctx.stdout(), "/dev/stdout", false));
        fds.set(2, new FdEntry(null, ctx.stderr(), "/dev/stderr", false));
        Interpreter child = ShellProcess.create(session, ctx.env(), ctx.cwd(), fds, ctx.cancellation());
        child.st.umask = ctx.umask();
        Interpreter parent = Interpreter.CURRENT.get();
        if (parent != null) {
            child.scope = parent.scope;
        }
        // a job or subshell whose command is a shell becomes that shell (as exec would): signals go to it
        if (parent != null && parent.shellProcess) {
            parent = null;
        }
        if (parent != null) {
            parent.delegate = child;
        }
        session.addProcess(child.st.pid, child);
        try {
            return runInvocation(child, inv, ctx);
        } finally {
            session.removeProcess(child.st.pid);
            if (parent != null) {
                parent.delegate = null;
            }
            child.st.fds.release();
        }
    }

    /** Runs a parsed invocation in a fresh shell process. */
    static int runInvocation(Interpreter child, Invocation inv, CommandContext ctx) throws IOException {
        child.st.shellName = inv.argv0;
        child.st.currentCall().positional = new ArrayList<>(inv.args);
        child.st.options.interactive = inv.interactive;
        for (String[] o : inv.options) {
            if (!Options.isSetOption(o[0])) {
                child.writeErr(inv.argv0 + ": " + o[0] + ": invalid option name\n");
                return 2;
            }
            child.st.options.set(o[0], o[1].equals("on"));
        }
        for (String[] o : inv.shopts) {
            if (!child.st.options.isShopt(o[0])) {
                child.writeErr(inv.argv0 + ": " + o[0] + ": invalid shell option name\n");
                return 2;
            }
            child.st.options.setShopt(o[0], o[1].equals("on"));
        }
        if (inv.interactive) {
            child.st.options.setShopt("expand_aliases", true);
            dev.shellbox.shell.expand.ShellVariable home = child.variable("HOME");
            if (home != null && home.scalarValue() != null) {
                Vars.assign(child, "HISTFILE", home.scalarValue() + "/.bash_history");
            }
        }
        String text;
        String source;
        if (inv.command != null) {
            child.st.commandString = true;
            text = inv.command;
            source = inv.argv0;
        } else if (inv.script != null) {
            String abs = child.resolvePath(inv.script);
            try (InputStream in = ctx != null ? ctx.openInput(inv.script) : child.session.fs.newInputStream(abs)) {
                if (child.session.fs.stat(abs).isDirectory()) {
                    child.writeErr(inv.script + ": " + inv.script + ": is a directory\n");
                    return 126;
                }
                text = Text.decode(in.readAllBytes());
            } catch (FsException e) {
                child.writeErr(inv.argv0 + ": " + inv.script + ": " + e.errno().message() + "\n");
                return 127;
            }
            child.st.currentCall().source = inv.script;
            source = inv.script;
        } else {
            child.st.stdinScript = true;
            text = Text.decode(child.stdin().readAllBytes());
            source = inv.argv0;
        }
        return ShellProcess.runScriptText(child, text, source);
    }
}
