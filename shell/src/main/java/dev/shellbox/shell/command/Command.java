package dev.shellbox.shell.command;

import java.io.IOException;
import java.util.List;

/**
 * A built-in command such as {@code grep}: it runs in-process, reads and writes only through its {@link
 * CommandContext}, and returns its exit status as a value.
 *
 * <p>Rules every command follows: stream its input (never read a whole input it does not need); write bytes, not
 * platform text; report file errors as {@code name: operand: strerror} on stderr and go on where GNU goes on; let
 * IOException, {@link dev.shellbox.shell.io.CancelledException} and {@link
 * dev.shellbox.shell.io.LimitExceededException} propagate (never catch RuntimeException); call {@link
 * CommandContext#checkCancelled()} in loops that may run long.
 */
public interface Command {

    /** The canonical name, as registered and listed. */
    String name();

    /** Other names that run this command ({@code egrep}, {@code zcat}); the invoked name is {@link
     * CommandContext#commandName()}. */
    default List<String> aliases() {
        return List.of();
    }

    /** What {@code name --help} prints: a usage line and the supported options, GNU style. */
    String help();

    /**
     * Runs the command.
     *
     * @param args the arguments after the command name
     * @return the exit status (0-255)
     */
    int run(CommandContext ctx, List<String> args) throws IOException;
}
