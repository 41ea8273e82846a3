package dev.shellbox.sandbox.provider;

/**
 * What a sandbox's container is allowed.
 *
 * @param sandboxId the sandbox, which names the container and its workspace
 * @param network whether programs may use the network
 */
public record ContainerSpec(String sandboxId, boolean network) {}
