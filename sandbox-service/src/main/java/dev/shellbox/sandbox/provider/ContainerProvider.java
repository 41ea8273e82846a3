package dev.shellbox.sandbox.provider;

import java.util.List;

/**
 * Where a sandbox's escalated programs run: one implementation per provider ({@code local} runs them under bubblewrap;
 * {@code docker} and {@code kubernetes} will run them in a container or a pod).
 */
public interface ContainerProvider {

    /**
     * Fails with {@link ProviderUnavailableException} when this host cannot run the provider's containers, or, when
     * {@code network} is asked for, cannot give them a network.
     */
    void checkAvailable(boolean network);

    /** The container of one sandbox. Opening is cheap: nothing starts before the first program. */
    SandboxContainer open(ContainerSpec spec);

    /**
     * The sandboxes whose containers run on this host now, started by this or an earlier run of the service: after a
     * restart, what the service reconnects to.
     */
    List<String> runningContainers();
}
