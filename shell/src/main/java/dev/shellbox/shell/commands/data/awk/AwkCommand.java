package dev.shellbox.shell.commands.data.awk;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.regex.Pattern;

/** awk: POSIX awk with the gawk extensions agents use, interpreted in-process over the file system. */
public final class AwkCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("F:v:f:e:")
            .longOption("field-separator", 'F')
            .longOption("assign", 'v')
            .longOption("file", 'f')
            .longOption("source", 'e')
            .stopAtFirstOperand();
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*", Pattern.DOTALL);

    @Override
    public String name() {
        return "awk";
    }

    @Override
    public List<String> aliases() {
        return List.of("gawk", "mawk", "nawk");
    }

    @Override
    public String help() {
        return """
                Usage: awk [POSIX or GNU style options] -f progfile [--] file ...
                Usage: awk [POSIX or GNU style options] [--] 'program' file ...
                POSIX options:		GNU long options: (standard)
                	-f progfile		--file=progfile
                	-F fs			--field-separator=fs
                	-v var=val		--assign=var=val
                Short options:		GNU long options: (extensions)
                	-e 'program-text'	--source='program-text'

                Examples:
                	awk '{ sum += $1 }; END { print sum }' file
                	awk -F: '{ print $1 }' /etc/passwd
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            ctx.error(e.getMessage());
            ctx.stderr().write(Text.encode(help()));
            return 1;
        }
        List<String> operands = parsed.operands();
        StringBuilder src = new StringBuilder();
        String origin = "cmd. line";
        boolean fromFiles = parsed.has('f') || parsed.has('e');
        for (ParsedOptions.Option o : parsed.options()) {
            if (o.key().equals("f")) {
                try (InputStream in = o.value().equals("-") ? null : ctx.openInput(o.value())) {
                    byte[] bytes = in == null ? ctx.stdin().readAllBytes() : in.readAllBytes();
                    src.append(Text.decode(bytes)).append('\n');
                    origin = o.value();
                } catch (FsException e) {
                    ctx.error("fatal: cannot open source file `" + o.value() + "' for reading: "
                            + e.errno().message());
                    return 2;
                }
            } else if (o.key().equals("e")) {
                src.append(o.value()).append('\n');
            }
        }
        if (!fromFiles) {
            if (operands.isEmpty()) {
                ctx.stderr().write(Text.encode(help()));
                return 1;
            }
            src.append(operands.get(0));
            operands = operands.subList(1, operands.size());
        }
        SourceLines lines = new SourceLines(ctx.commandName(), origin, src.toString());
        AwkProgram program;
        try {
            program = AwkParser.parse(src.toString(), lines);
        } catch (AwkSyntaxException e) {
            ctx.stderr().write(Text.encode(e.getMessage() + "\n"));
            return 1;
        }
        OutputStream out = new BufferedOutputStream(ctx.stdout(), 65536);
        AwkRuntime rt = new AwkRuntime(ctx, program, lines, out);
        rt.setArguments(operands);
        try {
            for (ParsedOptions.Option o : parsed.options()) {
                if (o.key().equals("F")) {
                    rt.setGlobal(AwkRuntime.FS, unescape(o.value()));
                } else if (o.key().equals("v")) {
                    if (!isAssignment(o.value())) {
                        ctx.error("fatal: `" + o.value() + "' is not a legal variable name");
                        return 2;
                    }
                    assign(rt, o.value());
                }
            }
            return new AwkInterpreter(rt).run();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (AwkRuntimeError e) {
            out.flush();
            String where = e.located ? lines.prefix(1) + rt.position() : ctx.commandName() + ": ";
            ctx.stderr().write(Text.encode(where + "fatal: " + e.getMessage() + "\n"));
            return 2;
        } finally {
            out.flush();
        }
    }

    /** Whether a command-line word is a {@code var=value} assignment rather than a file. */
    static boolean isAssignment(String arg) {
        return ASSIGNMENT.matcher(arg).matches();
    }

    /** Applies {@code var=value} with string-literal escapes; the value is a numeric string when it looks like one. */
    static void assign(AwkRuntime rt, String assignment) {
        int eq = assignment.indexOf('=');
        String name = assignment.substring(0, eq);
        String value = unescape(assignment.substring(eq + 1));
        int slot = rt.program.globals.indexOf(name);
        switch (name) {
            case "NR" -> rt.nr = (long) AwkValues.parseNumberPrefix(value);
            case "FNR" -> rt.fnr = (long) AwkValues.parseNumberPrefix(value);
            case "NF" -> rt.setNf((int) AwkValues.parseNumberPrefix(value));
            default -> {
                if (slot >= 0) {
                    rt.setGlobal(slot, new StrNum(value));
                }
            }
        }
    }

    /** Escape sequences as in an awk string literal. */
    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= s.length()) {
                sb.append(c);
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                case 'r' -> sb.append('\r');
                case '\\' -> sb.append('\\');
                case '"' -> sb.append('"');
                case '/' -> sb.append('/');
                case 'a' -> sb.append('\007');
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'v' -> sb.append('\013');
                default -> {
                    if (e >= '0' && e <= '7') {
                        int value = e - '0';
                        for (int k = 0;
                                k < 2 && i + 1 < s.length() && s.charAt(i + 1) >= '0' && s.charAt(i + 1) <= '7';
                                k++) {
                            value = value * 8 + (s.charAt(++i) - '0');
                        }
                        sb.append(AwkLexer.byteChar(value & 0xff));
                    } else {
                        sb.append('\\').append(e);
                    }
                }
            }
        }
        return sb.toString();
    }
}
