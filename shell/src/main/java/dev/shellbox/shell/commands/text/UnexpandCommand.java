package dev.shellbox.shell.commands.text;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** unexpand: convert blanks to tabs (GNU coreutils; columns count bytes). */
public final class UnexpandCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("at:")
            .longOption("all", 'a')
            .longOption("tabs", 't')
            .longOption("first-only", OptionParser.Arg.NONE)
            .longOption(TabStops.OBSOLETE_OPTION, OptionParser.Arg.REQUIRED);

    @Override
    public String name() {
        return "unexpand";
    }

    @Override
    public String help() {
        return """
                Usage: unexpand [OPTION]... [FILE]...
                Convert blanks in each FILE to tabs, writing to standard output.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -a, --all        convert all blanks, instead of just initial blanks
                      --first-only  convert only leading sequences of blanks (overrides -a)
                  -t, --tabs=N     have tabs N characters apart instead of 8 (enables -a)
                  -t, --tabs=LIST  use comma separated list of tab positions.
                                     The last specified position can be prefixed with '/'
                                     to specify a tab size to use after the last
                                     explicitly specified tab stop.  Also a prefix of '+'
                                     can be used to align remaining tab stops relative to
                                     the last specified tab stop instead of the first column
                      --help        display this help and exit
                      --version     output version information and exit
                """;
    }

    /** The conversion state of the current line. */
    private static final class Line {
        boolean convert = true;
        long column;
        int[] tabIndex = {0};
        boolean oneBlankBeforeTabStop;
        boolean previousBlank = true;
        byte[] pendingBlanks = new byte[64];
        int pending;

        void reset() {
            convert = true;
            column = 0;
            tabIndex[0] = 0;
            oneBlankBeforeTabStop = false;
            previousBlank = true;
            pending = 0;
        }

        void addPending(int c) {
            if (pending == pendingBlanks.length) {
                pendingBlanks = java.util.Arrays.copyOf(pendingBlanks, pending * 2);
            }
            pendingBlanks[pending++] = (byte) c;
        }
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(TabStops.rewriteObsolete(args));
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        TabStops tabs;
        try {
            // unexpand adds the obsolete -N stops after all -t lists.
            List<String> lists = new java.util.ArrayList<>(parsed.values('t'));
            lists.addAll(parsed.values(TabStops.OBSOLETE_OPTION));
            tabs = TabStops.parse(lists);
        } catch (TabStops.TabStopException e) {
            ctx.error(e.getMessage());
            return 1;
        }
        boolean all = (parsed.has('a') || parsed.has('t')) && !parsed.has("first-only");
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        ByteSink out = new ByteSink(ctx.stdout());
        int status = 0;
        Line line = new Line();
        byte[] buffer = new byte[1 << 16];
        try {
            for (String file : files) {
                ctx.checkCancelled();
                try (InputStream in = out.flushingBeforeBlocking(Inputs.open(ctx, file))) {
                    int n;
                    while ((n = in.read(buffer, 0, buffer.length)) >= 0) {
                        ctx.checkCancelled();
                        for (int i = 0; i < n; i++) {
                            convert(buffer[i] & 0xff, line, tabs, all, out);
                        }
                    }
                } catch (FsException e) {
                    out.flush();
                    ctx.error(Quoting.shell(file) + ": " + e.errno().message());
                    status = 1;
                }
            }
            convert(-1, line, tabs, all, out);
        } finally {
            out.flush();
        }
        return status;
    }

    /** GNU's unexpand loop for one byte, or -1 at the end of the input (which flushes pending blanks). */
    private static void convert(int c, Line s, TabStops tabs, boolean all, ByteSink out) throws IOException {
        if (s.convert) {
            boolean blank = c == ' ' || c == '\t';
            if (blank) {
                long next = tabs.next(s.column, s.tabIndex);
                if (next < 0) {
                    s.convert = false;
                } else {
                    if (c == '\t') {
                        s.column = next;
                        if (s.pending > 0) {
                            s.pendingBlanks[0] = '\t';
                        }
                    } else {
                        s.column++;
                        if (!(s.previousBlank && s.column == next)) {
                            // Not yet known whether the pending blanks will become a tab.
                            if (s.column == next) {
                                s.oneBlankBeforeTabStop = true;
                            }
                            s.addPending(c);
                            s.previousBlank = true;
                            return;
                        }
                        // Replace the pending blanks by a tab or two.
                        s.pendingBlanks[0] = '\t';
                        c = '\t';
                    }
                    // Discard pending blanks, unless it was a single blank just before the previous tab stop.
                    s.pending = s.oneBlankBeforeTabStop ? 1 : 0;
                }
            } else if (c == '\b') {
                s.column -= s.column > 0 ? 1 : 0;
                s.tabIndex[0] -= s.tabIndex[0] > 0 ? 1 : 0;
            } else {
                s.column++;
            }
            if (s.pending > 0) {
                if (s.pending > 1 && s.oneBlankBeforeTabStop) {
                    s.pendingBlanks[0] = '\t';
                }
                out.write(s.pendingBlanks, 0, s.pending);
                s.pending = 0;
                s.oneBlankBeforeTabStop = false;
            }
            s.previousBlank = blank;
            s.convert &= all || blank;
        }
        if (c < 0) {
            return;
        }
        out.write(c);
        if (c == '\n') {
            s.reset();
        }
    }
}
