/**
 * The command SPI: what the interpreter needs to run a built-in command and what a command sees of the shell.
 *
 * <ul>
 *   <li>{@link dev.shellbox.shell.command.Command}: a name, aliases, help, and {@code run(ctx, args)} returning the
 *       exit status.
 *   <li>{@link dev.shellbox.shell.command.CommandContext}: the streams, file system, working directory, environment,
 *       file descriptors, identity, umask, clock and cancellation of one invocation, and a {@link
 *       dev.shellbox.shell.command.CommandRunner} for commands that run others ({@code xargs}, {@code timeout}).
 *   <li>{@link dev.shellbox.shell.command.CommandRegistry}: an immutable set of commands by name, restricted or
 *       extended by the embedder and handed to {@code Shell.builder().commands(...)}.
 *   <li>{@link dev.shellbox.shell.command.OptionParser} and {@link dev.shellbox.shell.command.ParsedOptions}:
 *       getopt_long with GNU's messages.
 * </ul>
 *
 * The package knows no implementation: Shellbox's own commands are {@code commands.StandardCommands}, and an
 * embedder adds its own with {@code register}.
 */
package dev.shellbox.shell.command;
