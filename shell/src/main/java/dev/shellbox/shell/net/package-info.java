/**
 * The network seam: {@link dev.shellbox.shell.net.NetworkAccess}, through which built-in commands open connections
 * under the embedder's policy, and {@link dev.shellbox.shell.net.NetworkBlockedException} for a refusal. Plain Java;
 * the embedder sets it once with {@code Shell.builder().network(...)} and commands reach it as {@code
 * CommandContext.network()}.
 */
package dev.shellbox.shell.net;
