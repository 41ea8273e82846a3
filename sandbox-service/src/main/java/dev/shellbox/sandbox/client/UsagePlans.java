package dev.shellbox.sandbox.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.shellbox.contracts.Limit;
import dev.shellbox.sandbox.config.SandboxConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * The limits of a user's plan that shape an exec (timeout, output size, escalated programs' resources), asked of usage-service and remembered for a
 * few seconds. When usage-service does not answer, the configured fallback applies and the outage is logged.
 */
@ApplicationScoped
public class UsagePlans {
    private static final Logger LOG = Logger.getLogger(UsagePlans.class);
    private static final Duration REMEMBER = Duration.ofSeconds(10);

    /**
     * What an exec may use.
     *
     * @param containerMemoryBytes address space of each escalated program
     * @param containerProcesses processes and threads of each escalated program
     * @param storageBytes what the sandbox's container workspace may hold
     * @param commandsPerDay the plan's daily maximum of commands; null when the plan is unknown (no daily budgets)
     * @param containerSecondsPerDay the plan's daily maximum of escalated programs' seconds; null when unknown
     */
    public record ExecLimits(
            String plan,
            long maxExecTimeoutMs,
            long maxOutputBytes,
            long containerMemoryBytes,
            long containerProcesses,
            long storageBytes,
            Long commandsPerDay,
            Long containerSecondsPerDay) {}

    @RegisterRestClient(configKey = "usage")
    @Path("/internal/v1/users")
    interface PlanApi {
        @JsonIgnoreProperties(ignoreUnknown = true)
        record Plan(String name, Map<String, Long> limits) {}

        @GET
        @Path("/{user}/plan")
        @Produces(MediaType.APPLICATION_JSON)
        Plan plan(@PathParam("user") String userId);
    }

    private record Cached(ExecLimits limits, Instant until) {}

    private final PlanApi api;
    private final SandboxConfig config;
    private final ConcurrentHashMap<String, Cached> cache = new ConcurrentHashMap<>();

    UsagePlans(@RestClient PlanApi api, SandboxConfig config) {
        this.api = api;
        this.config = config;
    }

    /** The user's exec limits; blocking, call it from a worker thread. */
    public ExecLimits limitsFor(String userId) {
        Cached cached = cache.get(userId);
        Instant now = Instant.now();
        if (cached != null && cached.until.isAfter(now)) {
            return cached.limits;
        }
        ExecLimits limits;
        try {
            PlanApi.Plan plan = api.plan(userId);
            Map<String, Long> l = plan.limits() == null ? Map.of() : plan.limits();
            limits = new ExecLimits(
                    plan.name(),
                    l.getOrDefault("max_exec_timeout_ms", config.fallback().maxExecTimeoutMs()),
                    l.getOrDefault("max_output_bytes", config.fallback().maxOutputBytes()),
                    l.getOrDefault("container_memory_bytes", config.local().memoryBytes()),
                    l.getOrDefault("container_processes", (long) config.local().processes()),
                    l.getOrDefault("storage_bytes", config.local().workspaceBytes()),
                    l.get(Limit.COMMANDS_PER_DAY.key()),
                    l.get(Limit.CONTAINER_SECONDS_PER_DAY.key()));
        } catch (RuntimeException e) {
            LOG.warnf(
                    "usage-service did not give the plan of %s (%s); using the fallback limits",
                    userId, e.getMessage());
            limits = new ExecLimits(
                    null,
                    config.fallback().maxExecTimeoutMs(),
                    config.fallback().maxOutputBytes(),
                    config.local().memoryBytes(),
                    config.local().processes(),
                    config.local().workspaceBytes(),
                    null,
                    null);
        }
        cache.put(userId, new Cached(limits, now.plus(REMEMBER)));
        return limits;
    }
}
