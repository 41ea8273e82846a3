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

/** expand: convert tabs to spaces (GNU coreutils; columns count bytes). */
public final class ExpandCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("it:")
            .longOption("initial", 'i')
            .longOption("tabs", 't')
            .longOption(TabStops.OBSOLETE_OPTION, OptionParser.Arg.REQUIRED);

    @Override
    public String name() {
        return "expand";
    }

    @Override
    public String help() {
        return """
                Usage: expand [OPTION]... [FILE]...
                Convert tabs in each FILE to spaces, writing to standard output.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -i, --initial    do not convert tabs after non blanks
                  -t, --tabs=N     have tabs N characters apart, not 8
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
            tabs = TabStops.parse(TabStops.lists(parsed));
        } catch (TabStops.TabStopException e) {
            ctx.error(e.getMessage());
            return 1;
        }
        boolean initialOnly = parsed.has('i');
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        ByteSink out = new ByteSink(ctx.stdout());
        int status = 0;
        // GNU treats the files as one stream: a line may continue into the next file.
        long column = 0;
        int[] tabIndex = {0};
        boolean convert = true;
        byte[] buffer = new byte[1 << 16];
        try {
            for (String file : files) {
                ctx.checkCancelled();
                try (InputStream in = out.flushingBeforeBlocking(Inputs.open(ctx, file))) {
                    int n;
                    while ((n = in.read(buffer, 0, buffer.length)) >= 0) {
                        ctx.checkCancelled();
                        for (int i = 0; i < n; i++) {
                            int c = buffer[i] & 0xff;
                            if (c == '\n') {
                                out.write(c);
                                column = 0;
                                tabIndex[0] = 0;
                                convert = true;
                                continue;
                            }
                            if (convert) {
                                if (c == '\t') {
                                    long next = tabs.next(column, tabIndex);
                                    if (next < 0) {
                                        next = column + 1;
                                    }
                                    while (++column < next) {
                                        out.write(' ');
                                    }
                                    c = ' ';
                                } else if (c == '\b') {
                                    column -= column > 0 ? 1 : 0;
                                    tabIndex[0] -= tabIndex[0] > 0 ? 1 : 0;
                                } else {
                                    column++;
                                }
                                convert = !initialOnly || c == ' ' || c == '\t';
                            }
                            out.write(c);
                        }
                    }
                } catch (FsException e) {
                    out.flush();
                    ctx.error(Quoting.shell(file) + ": " + e.errno().message());
                    status = 1;
                }
            }
        } finally {
            out.flush();
        }
        return status;
    }
}
