package dev.shellbox.shell.commands.net;

import java.io.IOException;

/** A transfer that failed, classified so that each command can map it to its own exit status and words. */
final class NetException extends IOException {
    private static final long serialVersionUID = 1L;

    /** What went wrong, in the terms both curl and wget tell apart. */
    enum Kind {
        UNSUPPORTED_PROTOCOL,
        MALFORMED_URL,
        RESOLVE,
        CONNECT,
        /** The embedder's network policy refused the connection; the message is the policy's. */
        BLOCKED,
        TIMEOUT,
        /** The CA bundle could not be read or holds no certificate. */
        CA_FILE,
        TLS,
        CERTIFICATE,
        EMPTY_REPLY,
        /** Reading the response failed, or it was not HTTP. */
        RECEIVE,
        /** The body ended before its Content-Length or last chunk. */
        PARTIAL,
        SEND
    }

    private final Kind kind;

    NetException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    NetException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    Kind kind() {
        return kind;
    }

    /**
     * Whether retrying could help ({@code curl --retry}): the connection could not be made or a limit passed; a
     * policy refusal never changes.
     */
    boolean transientFailure() {
        return kind == Kind.TIMEOUT || kind == Kind.CONNECT || kind == Kind.RESOLVE;
    }

    /** Whether the connection broke once made ({@code wget} tries again, as GNU does for read errors). */
    boolean brokenConnection() {
        return kind == Kind.TIMEOUT || kind == Kind.EMPTY_REPLY || kind == Kind.RECEIVE || kind == Kind.PARTIAL;
    }
}
