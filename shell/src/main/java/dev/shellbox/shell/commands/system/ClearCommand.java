package dev.shellbox.shell.commands.system;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.util.List;

/** clear: clear the terminal screen with the escape sequences of the terminal named by TERM. */
public final class ClearCommand implements Command {
    private static final String HOME = "\033[H";
    private static final String SCROLLBACK = "\033[3J";
    private static final OptionParser OPTIONS = OptionParser.of("T:Vx");

    @Override
    public String name() {
        return "clear";
    }

    @Override
    public String help() {
        return """
                Usage: clear [options]

                Options:
                  -T TERM     use this instead of $TERM
                  -V          print curses-version
                  -x          do not try to clear scrollback
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
        if (parsed.has('V')) {
            ctx.print("ncurses 6.4.20221231\n");
            ctx.stdout().flush();
            return 0;
        }
        if (!parsed.operands().isEmpty()) {
            ctx.stderr().write(Text.encode(help()));
            return 1;
        }
        String term = parsed.has('T') ? parsed.value('T') : ctx.env("TERM");
        if (term == null || term.isEmpty()) {
            ctx.stderr().write(Text.encode("TERM environment variable not set.\n"));
            return 1;
        }
        String sequence = sequenceFor(term);
        if (sequence == null) {
            ctx.stderr().write(Text.encode("'" + term + "': unknown terminal type.\n"));
            return 1;
        }
        if (sequence.isEmpty()) {
            return 1; // the terminal cannot clear
        }
        if (parsed.has('x')) {
            sequence = sequence.replace(SCROLLBACK, "");
        }
        ctx.print(sequence);
        ctx.stdout().flush();
        return 0;
    }

    /** The terminfo clear (and E3) strings of common terminals; null for an unknown one. */
    static String sequenceFor(String term) {
        if (term.equals("dumb")) {
            return "";
        }
        if (term.equals("xterm-color") || term.startsWith("rxvt")) {
            return HOME + "\033[2J";
        }
        if (term.startsWith("xterm") || term.equals("putty") || term.startsWith("putty-")) {
            return HOME + "\033[2J" + SCROLLBACK;
        }
        if (term.equals("linux") || term.startsWith("tmux")) {
            return HOME + "\033[J" + SCROLLBACK;
        }
        if (term.startsWith("screen") || term.startsWith("vt1") || term.startsWith("vt2") || term.equals("ansi")) {
            return HOME + "\033[J";
        }
        return null;
    }
}
