package dev.shellbox.shell.command;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * How a command runs other commands ({@code xargs}, {@code find -exec}, {@code env}, {@code timeout}): the
 * interpreter supplies one that looks up functions, shell builtins, registered commands and finally the escalator,
 * exactly as the shell would for a simple command.
 */
public interface CommandRunner {

    /**
     * Runs {@code argv} with the streams, environment, working directory and cancellation of {@code ctx}.
     *
     * @return the exit status; 127 when the command is not found, 126 when it cannot be executed
     */
    int run(CommandContext ctx, List<String> argv) throws IOException;

    /** Where {@code which} finds {@code name}: a path such as {@code /usr/bin/grep}, or empty when not found. */
    Optional<String> locate(CommandContext ctx, String name);

    /** A runner that knows only the commands of {@code registry}; for tests of single commands. */
    static CommandRunner of(CommandRegistry registry) {
        return new CommandRunner() {
            @Override
            public int run(CommandContext ctx, List<String> argv) throws IOException {
                Optional<Command> command = registry.lookup(argv.get(0));
                if (command.isEmpty()) {
                    ctx.stderr().write(dev.shellbox.shell.io.Text.encode(argv.get(0) + ": command not found\n"));
                    return 127;
                }
                return registry.invoke(command.get(), ctx.withCommandName(argv.get(0)), argv.subList(1, argv.size()));
            }

            @Override
            public Optional<String> locate(CommandContext ctx, String name) {
                return registry.lookup(name).map(c -> "/usr/bin/" + name);
            }
        };
    }
}
