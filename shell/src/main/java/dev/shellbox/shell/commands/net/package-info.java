/**
 * The network family: {@code curl} and {@code wget}, and the one HTTP/1.1 client they share ({@code HttpClient},
 * {@code Url}, {@code TlsTrust}, body framing). Every connection is opened through {@link
 * dev.shellbox.shell.command.CommandContext#network()}, so the embedder's egress policy applies to the built-ins as it
 * does to the programs a sandbox runs.
 */
package dev.shellbox.shell.commands.net;
