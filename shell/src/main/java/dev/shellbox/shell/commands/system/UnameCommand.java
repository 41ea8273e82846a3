package dev.shellbox.shell.commands.system;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** uname: print system information; a sandbox presents itself as Linux on x86_64. */
public final class UnameCommand implements Command {
    static final String KERNEL_NAME = "Linux";
    static final String KERNEL_RELEASE = "6.1.0-shellbox";
    static final String KERNEL_VERSION = "#1 SMP PREEMPT_DYNAMIC";
    static final String MACHINE = "x86_64";
    static final String OPERATING_SYSTEM = "GNU/Linux";

    private static final OptionParser OPTIONS = OptionParser.of("asnrvmpio")
            .longOption("all", 'a')
            .longOption("kernel-name", 's')
            .longOption("sysname", 's')
            .longOption("nodename", 'n')
            .longOption("kernel-release", 'r')
            .longOption("release", 'r')
            .longOption("kernel-version", 'v')
            .longOption("machine", 'm')
            .longOption("processor", 'p')
            .longOption("hardware-platform", 'i')
            .longOption("operating-system", 'o');

    @Override
    public String name() {
        return "uname";
    }

    @Override
    public String help() {
        return """
                Usage: uname [OPTION]...
                Print certain system information.  With no OPTION, same as -s.

                  -a, --all                print all information, in the following order,
                                             except omit -p and -i if unknown:
                  -s, --kernel-name        print the kernel name
                  -n, --nodename           print the network node hostname
                  -r, --kernel-release     print the kernel release
                  -v, --kernel-version     print the kernel version
                  -m, --machine            print the machine hardware name
                  -p, --processor          print the processor type (non-portable)
                  -i, --hardware-platform  print the hardware platform (non-portable)
                  -o, --operating-system   print the operating system
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        if (!parsed.operands().isEmpty()) {
            return ctx.usageError(
                    "extra operand " + Quoting.locale(parsed.operands().get(0)), 1);
        }
        boolean all = parsed.has('a');
        boolean none = parsed.options().isEmpty();
        List<String> fields = new ArrayList<>();
        if (all || none || parsed.has('s')) {
            fields.add(KERNEL_NAME);
        }
        if (all || parsed.has('n')) {
            fields.add(ctx.identity().hostname());
        }
        if (all || parsed.has('r')) {
            fields.add(KERNEL_RELEASE);
        }
        if (all || parsed.has('v')) {
            fields.add(KERNEL_VERSION);
        }
        if (all || parsed.has('m')) {
            fields.add(MACHINE);
        }
        if (parsed.has('p')) {
            fields.add("unknown");
        }
        if (parsed.has('i')) {
            fields.add("unknown");
        }
        if (all || parsed.has('o')) {
            fields.add(OPERATING_SYSTEM);
        }
        ctx.print(String.join(" ", fields) + "\n");
        ctx.stdout().flush();
        return 0;
    }
}
