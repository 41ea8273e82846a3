package dev.shellbox.contracts;

/** Kafka topic names. Keys: user id for usage, sandbox id for lifecycle. */
public final class Topics {
    /** Usage events from every service, folded by usage-service. */
    public static final String USAGE = "shellbox.usage.v1";

    /** Sandbox created, paused, resumed, destroyed. */
    public static final String SANDBOX_LIFECYCLE = "shellbox.sandbox-lifecycle.v1";

    private Topics() {}
}
