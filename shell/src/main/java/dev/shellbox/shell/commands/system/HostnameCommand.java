package dev.shellbox.shell.commands.system;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.util.List;

/** hostname: show the sandbox's host name (it cannot be changed from inside). */
public final class HostnameCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("aAdfiIsy")
            .longOption("alias", 'a')
            .longOption("all-fqdns", 'A')
            .longOption("domain", 'd')
            .longOption("fqdn", 'f')
            .longOption("long", 'f')
            .longOption("ip-address", 'i')
            .longOption("all-ip-addresses", 'I')
            .longOption("short", 's')
            .longOption("yp", 'y')
            .longOption("nis", 'y');

    @Override
    public String name() {
        return "hostname";
    }

    @Override
    public String help() {
        return """
                Usage: hostname [-b] {hostname|-F file}         set host name (from file)
                       hostname [-a|-A|-d|-f|-i|-I|-s|-y]       display formatted name
                       hostname                                 display host name

                Program options:
                    -a, --alias            alias names
                    -A, --all-fqdns        all long host names (FQDNs)
                    -d, --domain           DNS domain name
                    -f, --fqdn, --long     long host name (FQDN)
                    -i, --ip-address       addresses for the host name
                    -I, --all-ip-addresses all addresses for the host
                    -s, --short            short host name
                    -y, --yp, --nis        NIS/YP domain name
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            ctx.error(e.getMessage());
            ctx.print(help());
            ctx.stdout().flush();
            return 255;
        }
        if (parsed.operands().size() > 1) {
            ctx.print(help());
            ctx.stdout().flush();
            return 255;
        }
        if (parsed.operands().size() == 1) {
            ctx.error("you must be root to change the host name");
            return 1;
        }
        String host = ctx.identity().hostname();
        String answer = host;
        for (ParsedOptions.Option o : parsed.options()) {
            answer = switch (o.key()) {
                case "s" -> host.contains(".") ? host.substring(0, host.indexOf('.')) : host;
                case "d" -> host.contains(".") ? host.substring(host.indexOf('.') + 1) : "";
                case "a", "A" -> "";
                case "i" -> "127.0.0.1";
                case "I" -> "127.0.0.1 ";
                case "y" -> null;
                default -> host;
            };
        }
        if (answer == null) {
            ctx.stderr().write(Text.encode("hostname: Local domain name not set\n"));
            return 1;
        }
        ctx.print(answer + "\n");
        ctx.stdout().flush();
        return 0;
    }
}
