package dev.shellbox.vfs.messaging;

/** Reactive Messaging channel names (their topics are set in application.properties). */
public final class Channels {
    /** Incoming {@code shellbox.sandbox-lifecycle.v1}. */
    public static final String SANDBOX_LIFECYCLE = "sandbox-lifecycle";

    private Channels() {}
}
