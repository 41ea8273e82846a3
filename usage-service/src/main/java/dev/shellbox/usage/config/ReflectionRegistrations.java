package dev.shellbox.usage.config;

import dev.shellbox.contracts.Problem;
import dev.shellbox.contracts.SandboxLifecycleEvent;
import dev.shellbox.contracts.UsageEvent;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** The contract records Jackson reads and writes outside REST signatures (Kafka payloads, problem bodies). */
@RegisterForReflection(targets = {UsageEvent.class, SandboxLifecycleEvent.class, Problem.class})
public final class ReflectionRegistrations {
    private ReflectionRegistrations() {}
}
