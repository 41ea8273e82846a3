/**
 * The shell's builtins ({@code cd}, {@code read}, {@code declare}, ...), one class or one small family per file,
 * registered in {@link dev.shellbox.shell.interp.builtins.Builtins}.
 *
 * <p>A builtin sees the shell process only through {@link dev.shellbox.shell.interp.builtins.BuiltinContext}, which
 * the interpreter implements: methods that read and change variables, options, aliases, functions, traps, jobs and the
 * rest, never the interpreter's fields. Variables come back as read-only {@link dev.shellbox.shell.interp.Variable}s;
 * changing one goes through the context. Flags are read by one parser,
 * {@link dev.shellbox.shell.interp.builtins.BuiltinOptions}, which gives bash's messages and statuses.
 * {@code ArchitectureTest} holds these rules.
 *
 * <p>The builtins that are control flow live here too: {@code break}, {@code continue}, {@code return}, {@code exit},
 * {@code eval}, {@code source} and {@code exec}. Each has a bash surface (its arguments, messages and statuses) and a
 * mechanism (the pending break or return that loops and functions consume, the call depth, the positional parameters
 * a sourced file borrows). The surface is here, beside the other builtins and their one option parser; the mechanism
 * stays in the interpreter, behind a few context methods ({@code breakLoop}, {@code returnFromFunction},
 * {@code exit}, {@code evaluate}, {@code source}, {@code runProgram}), so that no builtin sets the interpreter's
 * control state itself.
 */
package dev.shellbox.shell.interp.builtins;
