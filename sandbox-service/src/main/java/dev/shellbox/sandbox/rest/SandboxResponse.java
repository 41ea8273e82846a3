package dev.shellbox.sandbox.rest;

import dev.shellbox.egress.PolicySpec;
import dev.shellbox.sandbox.domain.Provider;
import dev.shellbox.sandbox.domain.Sandbox;
import dev.shellbox.sandbox.domain.SandboxState;
import dev.shellbox.sandbox.egress.NetworkPolicies;
import java.time.Instant;
import java.util.Map;

/** A sandbox as the API shows it. */
public record SandboxResponse(
        String id,
        String name,
        SandboxState state,
        Provider provider,
        Map<String, String> env,
        Map<String, String> labels,
        int idleTimeoutSeconds,
        boolean network,
        PolicySpec networkPolicy,
        Instant createdAt,
        Instant lastActivityAt) {

    public static SandboxResponse of(Sandbox s) {
        return new SandboxResponse(
                s.id,
                s.name,
                s.state,
                s.provider,
                Map.copyOf(s.env),
                Map.copyOf(s.labels),
                s.idleTimeoutSeconds,
                s.network,
                NetworkPolicies.stored(s.networkPolicy, s.network),
                s.createdAt,
                s.lastActivityAt);
    }
}
