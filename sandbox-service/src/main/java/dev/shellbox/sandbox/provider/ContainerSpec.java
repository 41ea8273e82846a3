package dev.shellbox.sandbox.provider;

/**
 * What a sandbox's container is allowed.
 *
 * @param sandboxId the sandbox, which names the container and its workspace
 * @param network how programs reach the network
 * @param memoryBytes address space of each program (the provider may cap it lower)
 * @param processes processes and threads of each program and its children (the provider may cap it lower)
 * @param storageBytes what the sandbox's workspace may hold (the provider may cap it lower)
 */
public record ContainerSpec(
        String sandboxId, ContainerNetwork network, long memoryBytes, long processes, long storageBytes) {}
