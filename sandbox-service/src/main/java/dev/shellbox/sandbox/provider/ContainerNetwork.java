package dev.shellbox.sandbox.provider;

/** How a sandbox's programs reach the network. */
public sealed interface ContainerNetwork {
    /** No network: loopback only. */
    ContainerNetwork NONE = new None();

    /** The whole public network, the private ranges kept out of reach by routes. */
    ContainerNetwork OPEN = new Open();

    record None() implements ContainerNetwork {}

    record Open() implements ContainerNetwork {}

    /**
     * No route out: every connection and DNS query goes through the platform's egress proxy, which the container
     * attaches to its supervisor once it runs.
     */
    record Proxied(EgressAttachment egress) implements ContainerNetwork {}

    /** Whether programs have a network beyond loopback. */
    default boolean any() {
        return !(this instanceof None);
    }
}
