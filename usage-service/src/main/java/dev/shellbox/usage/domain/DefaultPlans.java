package dev.shellbox.usage.domain;

import dev.shellbox.contracts.Limit;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The plans every installation starts with. Seeded once; admins change them through the admin API afterwards. */
public final class DefaultPlans {
    public static final String FREE = "free";
    public static final String PRO = "pro";
    public static final String ENTERPRISE = "enterprise";

    private static final long MIB = 1024L * 1024L;
    private static final long GIB = 1024L * MIB;

    public static final List<PlanDefinition> ALL = List.of(
            plan(FREE, 3, 50, 2_000, 20_000, 20_000, GIB, 30 * 60, 60_000, MIB, 4 * GIB, 256),
            plan(PRO, 20, 1_000, 50_000, 500_000, 500_000, 50 * GIB, 10 * 3600, 10 * 60_000, 16 * MIB, 8 * GIB, 1024),
            plan(
                    ENTERPRISE,
                    200,
                    20_000,
                    1_000_000,
                    10_000_000,
                    10_000_000,
                    1024 * GIB,
                    240 * 3600,
                    3_600_000,
                    64 * MIB,
                    32 * GIB,
                    4096));

    private DefaultPlans() {}

    /** Whether the plan of that name is one every installation has: every user may see it, no admin may delete it. */
    public static boolean isBuiltIn(String name) {
        return seeded(name) != null;
    }

    /** The seeded plan of that name, if it is one. */
    public static PlanDefinition seeded(String name) {
        return ALL.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }

    private static PlanDefinition plan(
            String name,
            long concurrentSandboxes,
            long sandboxCreatesPerDay,
            long execsPerDay,
            long commandsPerDay,
            long fileOpsPerDay,
            long storageBytes,
            long containerSecondsPerDay,
            long maxExecTimeoutMs,
            long maxOutputBytes,
            long containerMemoryBytes,
            long containerProcesses) {
        Map<Limit, Long> limits = new EnumMap<>(Limit.class);
        limits.put(Limit.CONCURRENT_SANDBOXES, concurrentSandboxes);
        limits.put(Limit.SANDBOX_CREATES_PER_DAY, sandboxCreatesPerDay);
        limits.put(Limit.EXECS_PER_DAY, execsPerDay);
        limits.put(Limit.COMMANDS_PER_DAY, commandsPerDay);
        limits.put(Limit.FILE_OPS_PER_DAY, fileOpsPerDay);
        limits.put(Limit.STORAGE_BYTES, storageBytes);
        limits.put(Limit.CONTAINER_SECONDS_PER_DAY, containerSecondsPerDay);
        limits.put(Limit.MAX_EXEC_TIMEOUT_MS, maxExecTimeoutMs);
        limits.put(Limit.MAX_OUTPUT_BYTES, maxOutputBytes);
        limits.put(Limit.CONTAINER_MEMORY_BYTES, containerMemoryBytes);
        limits.put(Limit.CONTAINER_PROCESSES, containerProcesses);
        if (limits.size() != Limit.values().length) {
            throw new IllegalStateException("a seeded plan must set every limit");
        }
        return new PlanDefinition(name, limits, 0);
    }
}
