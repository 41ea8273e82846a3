package dev.shellbox.vfs.messaging;

/** Reactive Messaging channel names (their topics are set in application.properties). */
public final class Channels {
    /** Incoming {@code shellbox.sandbox-lifecycle.v1}. */
    public static final String SANDBOX_LIFECYCLE = "sandbox-lifecycle";

    /** Outgoing {@code shellbox.usage.v1}, fed by the outbox relay. */
    public static final String USAGE = "usage";

    private Channels() {}
}
