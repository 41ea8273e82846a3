package dev.shellbox.shell.command;

import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The built-in commands a shell can run in-process, by name. Embedders start from a set of commands (Shellbox's own is
 * {@code dev.shellbox.shell.commands.StandardCommands.registry()}) and restrict ({@link #without}, {@link #only}) or
 * extend ({@link #register}) it. Immutable once built: every change returns a new
 * registry, so one instance can be shared by many shells.
 */
public final class CommandRegistry {
    private final Map<String, Command> byName;

    private CommandRegistry(Map<String, Command> byName) {
        this.byName = byName;
    }

    public static CommandRegistry empty() {
        return new CommandRegistry(Map.of());
    }

    /** A registry with {@code commands} added (replacing commands of the same names). */
    public CommandRegistry register(Collection<? extends Command> commands) {
        Map<String, Command> copy = new LinkedHashMap<>(byName);
        for (Command c : commands) {
            copy.put(c.name(), c);
            for (String alias : c.aliases()) {
                copy.put(alias, c);
            }
        }
        return new CommandRegistry(Map.copyOf(copy));
    }

    public CommandRegistry register(Command... commands) {
        return register(List.of(commands));
    }

    /** A registry without the given names. */
    public CommandRegistry without(String... names) {
        Set<String> drop = Set.of(names);
        return filter(name -> !drop.contains(name));
    }

    /** A registry with only the given names. */
    public CommandRegistry only(Set<String> names) {
        return filter(names::contains);
    }

    private CommandRegistry filter(Predicate<String> keep) {
        Map<String, Command> copy = new LinkedHashMap<>();
        byName.forEach((name, command) -> {
            if (keep.test(name)) {
                copy.put(name, command);
            }
        });
        return new CommandRegistry(Map.copyOf(copy));
    }

    public Optional<Command> lookup(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public boolean contains(String name) {
        return byName.containsKey(name);
    }

    /** Every name a command answers to, sorted. */
    public SortedSet<String> names() {
        return new TreeSet<>(byName.keySet());
    }

    /**
     * Runs {@code command}, answering {@code --help} and {@code --version} as the first argument the GNU way. {@code
     * ctx} carries the invoked name.
     */
    public int invoke(Command command, CommandContext ctx, List<String> args) throws IOException {
        if (args.size() == 1) {
            String only = args.get(0);
            if (only.equals("--help")) {
                ctx.stdout().write(Text.encode(command.help().endsWith("\n") ? command.help() : command.help() + "\n"));
                ctx.stdout().flush();
                return 0;
            }
            if (only.equals("--version")) {
                ctx.print(ctx.commandName() + " (Shellbox) 1.0\n");
                ctx.stdout().flush();
                return 0;
            }
        }
        return command.run(ctx, args);
    }
}
