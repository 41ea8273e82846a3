package dev.shellbox.shell.net;

import java.io.IOException;

/**
 * The embedder's network policy refused a connection. The message, {@code Blocked by the sandbox's network policy:
 * <reason>}, is what commands print, so the reader learns why.
 */
public class NetworkBlockedException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String reason;

    /** @param reason why the policy refuses, e.g. {@code example.com is not in the allow-list} */
    public NetworkBlockedException(String reason) {
        super("Blocked by the sandbox's network policy: " + reason);
        this.reason = reason;
    }

    /** The reason alone, without the leading words. */
    public String reason() {
        return reason;
    }
}
