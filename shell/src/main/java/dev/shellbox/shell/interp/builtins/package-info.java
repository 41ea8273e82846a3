/**
 * The shell's builtins ({@code alias}, {@code shopt}, {@code unset}, ...), one class or one small family per file,
 * registered in {@link dev.shellbox.shell.interp.builtins.Builtins}.
 *
 * <p>A builtin sees the shell process only through {@link dev.shellbox.shell.interp.builtins.BuiltinContext}, which
 * the interpreter implements: methods that read and change variables, options, aliases, functions and the rest, never
 * the interpreter's fields. Variables come back as read-only {@link dev.shellbox.shell.interp.Variable}s; changing
 * one goes through the context. Flags are read by one parser, {@link dev.shellbox.shell.interp.builtins.BuiltinOptions},
 * which gives bash's messages and statuses. {@code ArchitectureTest} holds these rules.
 */
package dev.shellbox.shell.interp.builtins;
