package dev.shellbox.shell.commands.system;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.commands.files.PathOperands;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** env: run a command in a modified environment, or print the environment. */
public final class EnvCommand implements Command {
    /** env's own failures exit with 125, so they differ from the command's statuses. */
    private static final int ENV_FAILURE = 125;

    private static final OptionParser OPTIONS = OptionParser.of("0iu:C:S:v")
            .longOption("null", '0')
            .longOption("ignore-environment", 'i')
            .longOption("unset", 'u')
            .longOption("chdir", 'C')
            .longOption("split-string", 'S')
            .longOption("debug", 'v')
            .longOption("block-signal", OptionParser.Arg.OPTIONAL)
            .longOption("default-signal", OptionParser.Arg.OPTIONAL)
            .longOption("ignore-signal", OptionParser.Arg.OPTIONAL)
            .longOption("list-signal-handling", OptionParser.Arg.NONE)
            .stopAtFirstOperand();

    @Override
    public String name() {
        return "env";
    }

    @Override
    public String help() {
        return """
                Usage: env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]
                Set each NAME to VALUE in the environment and run COMMAND.

                  -i, --ignore-environment  start with an empty environment
                  -0, --null           end each output line with NUL, not newline
                  -u, --unset=NAME     remove variable from the environment
                  -C, --chdir=DIR      change working directory to DIR
                  -S, --split-string=S  process and split S into separate arguments;
                                        used to pass multiple arguments on shebang lines
                  -v, --debug          print verbose information for each processing step

                A mere - implies -i.  If no COMMAND, print the resulting environment.
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), ENV_FAILURE);
        }
        boolean debug = parsed.has('v');
        List<String> operands = new ArrayList<>();
        for (String split : parsed.values('S')) {
            List<String> words = SplitString.split(split, ctx.env());
            if (words == null) {
                ctx.error("invalid backslash or unterminated quote in -S string " + Quoting.locale(split));
                return ENV_FAILURE;
            }
            if (debug) {
                debug(ctx, true, "split -S:  " + Quoting.locale(split));
                for (int k = 0; k < words.size(); k++) {
                    debug(ctx, true, (k == 0 ? " into:    " : "     &    ") + Quoting.locale(words.get(k)));
                }
            }
            operands.addAll(words);
        }
        operands.addAll(parsed.operands());
        boolean ignore = parsed.has('i');
        if (!operands.isEmpty() && operands.get(0).equals("-")) {
            ignore = true;
            operands.remove(0);
        }
        // The environment in a stable order: what was inherited, sorted, then new names as given.
        Map<String, String> env = new LinkedHashMap<>();
        if (ignore) {
            debug(ctx, debug, "cleaning environ");
        } else {
            env.putAll(new TreeMap<>(ctx.env()));
        }
        for (String name : parsed.values('u')) {
            if (name.isEmpty() || name.indexOf('=') >= 0) {
                ctx.error("cannot unset " + Quoting.locale(name) + ": Invalid argument");
                return ENV_FAILURE;
            }
            if (!ignore) {
                debug(ctx, debug, "unset:    " + name);
            }
            env.remove(name);
        }
        int i = 0;
        while (i < operands.size() && operands.get(i).indexOf('=') > 0) {
            String assignment = operands.get(i++);
            int eq = assignment.indexOf('=');
            debug(ctx, debug, "setenv:   " + assignment);
            env.put(assignment.substring(0, eq), assignment.substring(eq + 1));
        }
        // "=x" has an empty name: GNU's putenv refuses it silently and env goes on as if it were set.
        while (i < operands.size() && operands.get(i).startsWith("=")) {
            i++;
        }
        List<String> command = operands.subList(i, operands.size());
        boolean zero = parsed.has('0');
        if (command.isEmpty()) {
            StringBuilder out = new StringBuilder();
            for (Map.Entry<String, String> e : env.entrySet()) {
                out.append(e.getKey()).append('=').append(e.getValue()).append(zero ? '\0' : '\n');
            }
            ctx.print(out.toString());
            ctx.stdout().flush();
            return 0;
        }
        if (zero) {
            return ctx.usageError("cannot specify --null (-0) with command", ENV_FAILURE);
        }
        CommandContext child = ctx.withEnv(Map.copyOf(env));
        String dir = parsed.value('C');
        if (dir != null) {
            debug(ctx, debug, "chdir:    " + Quoting.shellAlways(dir));
            try {
                String abs = PathOperands.resolve(ctx, dir);
                if (!ctx.fs().stat(abs).isDirectory()) {
                    throw new FsException(Errno.ENOTDIR, abs);
                }
                child = child.withCwd(abs);
            } catch (FsException e) {
                ctx.error("cannot change directory to " + Quoting.shellAlways(dir) + ": "
                        + e.errno().message());
                return ENV_FAILURE;
            }
        }
        String name = command.get(0);
        if (debug) {
            debug(ctx, true, "executing: " + name);
            for (int k = 0; k < command.size(); k++) {
                debug(ctx, true, "   arg[" + k + "]= " + Quoting.locale(command.get(k)));
            }
        }
        if (name.indexOf('/') < 0 && child.runner().locate(child, name).isEmpty()) {
            ctx.error(Quoting.locale(name) + ": No such file or directory");
            return 127;
        }
        ctx.stdout().flush();
        return child.run(new ArrayList<>(command));
    }

    private static void debug(CommandContext ctx, boolean enabled, String message) throws IOException {
        if (enabled) {
            ctx.stderr().write(Text.encode(message + "\n"));
            ctx.stderr().flush();
        }
    }

    /** The splitting of {@code -S}: quotes, backslash escapes and {@code ${NAME}}, as GNU env does it. */
    static final class SplitString {
        private SplitString() {}

        /** The words of {@code s}, or null for an unterminated quote or an unknown escape. */
        static List<String> split(String s, Map<String, String> env) {
            List<String> words = new ArrayList<>();
            StringBuilder word = null;
            int i = 0;
            int n = s.length();
            while (i < n) {
                char c = s.charAt(i);
                if (c == ' ' || c == '\t' || c == '\n') {
                    if (word != null) {
                        words.add(word.toString());
                        word = null;
                    }
                    i++;
                    continue;
                }
                if (word == null) {
                    if (c == '#') {
                        break; // a comment runs to the end
                    }
                    word = new StringBuilder();
                }
                if (c == '\'') {
                    int end = s.indexOf('\'', i + 1);
                    if (end < 0) {
                        return null;
                    }
                    word.append(s, i + 1, end);
                    i = end + 1;
                } else if (c == '"') {
                    i++;
                    while (i < n && s.charAt(i) != '"') {
                        char d = s.charAt(i);
                        if (d == '\\' && i + 1 < n) {
                            Character escaped = escape(s.charAt(i + 1));
                            if (escaped == null) {
                                return null;
                            }
                            word.append(escaped.charValue());
                            i += 2;
                        } else if (d == '$' && s.startsWith("${", i)) {
                            i = expand(s, i, env, word);
                            if (i < 0) {
                                return null;
                            }
                        } else {
                            word.append(d);
                            i++;
                        }
                    }
                    if (i >= n) {
                        return null;
                    }
                    i++;
                } else if (c == '\\' && i + 1 < n) {
                    char e = s.charAt(i + 1);
                    if (e == 'c') {
                        break;
                    }
                    if (e == '_') {
                        // Outside quotes \_ separates arguments.
                        words.add(word.toString());
                        word = null;
                        i += 2;
                        continue;
                    }
                    Character escaped = escape(e);
                    if (escaped == null) {
                        return null;
                    }
                    word.append(escaped.charValue());
                    i += 2;
                } else if (c == '$' && s.startsWith("${", i)) {
                    i = expand(s, i, env, word);
                    if (i < 0) {
                        return null;
                    }
                } else {
                    word.append(c);
                    i++;
                }
            }
            if (word != null) {
                words.add(word.toString());
            }
            return words;
        }

        private static int expand(String s, int i, Map<String, String> env, StringBuilder word) {
            int end = s.indexOf('}', i + 2);
            if (end < 0) {
                return -1;
            }
            String value = env.get(s.substring(i + 2, end));
            if (value != null) {
                word.append(value);
            }
            return end + 1;
        }

        /** The character a backslash escape stands for; null for an unknown escape. */
        private static Character escape(char e) {
            return switch (e) {
                case 'f' -> '\f';
                case 'n' -> '\n';
                case 'r' -> '\r';
                case 't' -> '\t';
                case 'v' -> (char) 0x0b;
                case '\\', '"', '\'', '#', '$', ' ' -> e;
                case '_' -> ' ';
                default -> null;
            };
        }
    }
}
