package dev.shellbox.sandbox.rest;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.shellbox.egress.PolicySpec;
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
 * @param network the network policy of escalated programs (docs/egress.md): {@code {"mode": "allowlist", "allow":
 *     [...]}}; {@code true} is {@code {"mode": "open"}}, the public network; {@code false} or absent, none
 */
public record CreateSandboxRequest(
        String name,
        String provider,
        Map<String, String> env,
        Map<String, String> labels,
        Integer idleTimeoutSeconds,
        @JsonDeserialize(using = NetworkField.class) PolicySpec network) {
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
