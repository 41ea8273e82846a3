/**
 * The built-in commands, one sub-package per family, as {@link dev.shellbox.shell.commands.StandardCommands} gathers
 * them: {@code files} (ls, cp, find, stat, ...), {@code text} (head, sort, cut, tr, od, ...), {@code search} (grep,
 * rg, sed), {@code data} (awk, jq, yq, checksums, archives, sqlite3), {@code utils} (date, diff, patch, expr, bc,
 * xargs, timeout, ...), {@code system} (env, id, uname, which, ...) and {@code net} (curl, wget, over the embedder's
 * network seam). A family holds its single-file commands, a sub-package for each command of several files, its list
 * ({@code FileCommands}, ...) and the helpers its commands share; what GNU's tools share across families lives in
 * {@code dev.shellbox.shell.gnu}. Commands see the shell only through {@code dev.shellbox.shell.command}, never the
 * interpreter.
 */
package dev.shellbox.shell.commands;
