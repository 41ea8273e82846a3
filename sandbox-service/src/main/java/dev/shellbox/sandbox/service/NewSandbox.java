package dev.shellbox.sandbox.service;

import dev.shellbox.egress.PolicySpec;
import java.util.Map;

/**
 * What {@link SandboxService#create} makes; every field may be null (then the default applies).
 *
 * @param name unique among the user's live sandboxes: creating a name that exists returns that sandbox
 * @param provider the id of where escalated commands run
 * @param env environment variables of every exec
 * @param labels free-form key/value pairs to find sandboxes by
 * @param idleTimeoutSeconds seconds without activity before the sandbox pauses itself
 * @param network the network policy of escalated programs (null: none)
 */
public record NewSandbox(
        String name,
        String provider,
        Map<String, String> env,
        Map<String, String> labels,
        Integer idleTimeoutSeconds,
        PolicySpec network) {
    /** A sandbox with every default. */
    public static final NewSandbox DEFAULTS = new NewSandbox(null, null, null, null, null, null);
}
