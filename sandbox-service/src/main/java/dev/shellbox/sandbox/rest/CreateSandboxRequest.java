package dev.shellbox.sandbox.rest;

import dev.shellbox.sandbox.service.NewSandbox;
import java.util.Map;

/**
 * What a client may set when creating a sandbox; every field is optional.
 *
 * @param name unique among the caller's sandboxes: creating a name that exists returns that sandbox
 * @param provider where escalated commands run: in-process, or local where this installation has it; a provider it
 *     cannot run (docker, kubernetes) is refused with the list of those it can
 * @param env environment variables of every exec
 * @param labels free-form key/value pairs to find sandboxes by
 * @param idleTimeoutSeconds seconds without activity before the sandbox pauses itself
 * @param network whether escalated programs may use the network (default false)
 */
public record CreateSandboxRequest(
        String name,
        String provider,
        Map<String, String> env,
        Map<String, String> labels,
        Integer idleTimeoutSeconds,
        Boolean network) {
    /** The sandbox the service makes; null for no body (every default). */
    static NewSandbox toNewSandbox(CreateSandboxRequest request) {
        return request == null
                ? null
                : new NewSandbox(
                        request.name,
                        request.provider,
                        request.env,
                        request.labels,
                        request.idleTimeoutSeconds,
                        request.network);
    }
}
