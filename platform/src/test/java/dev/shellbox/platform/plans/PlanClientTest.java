package dev.shellbox.platform.plans;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.shellbox.contracts.Limit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PlanClientTest {
    private final List<PlanClient.Unavailable> outages = new ArrayList<>();

    @Test
    void readsTheLimitsByContractKeySkippingUnknownKeysAndNonNumbers() {
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("storage_bytes", 50_000);
        limits.put("max_output_bytes", 1_048_576L);
        limits.put("limit_of_a_newer_release", 3);
        limits.put("execs_per_day", "many");
        PlanClient client =
                new PlanClient(user -> new PlanRestClient.PlanBody("tiny", limits), Duration.ZERO, outages::add);

        Plan plan = client.planOf("ann");

        assertEquals("tiny", plan.name());
        assertEquals(Map.of(Limit.STORAGE_BYTES, 50_000L, Limit.MAX_OUTPUT_BYTES, 1_048_576L), plan.limits());
        assertNull(plan.limit(Limit.EXECS_PER_DAY));
        assertEquals(7, plan.limit(Limit.EXECS_PER_DAY, 7));
    }

    @Test
    void remembersAPlanForTheCacheDuration() {
        AtomicInteger calls = new AtomicInteger();
        PlanClient client = new PlanClient(
                user -> {
                    calls.incrementAndGet();
                    return new PlanRestClient.PlanBody("free", Map.of());
                },
                Duration.ofMinutes(1),
                outages::add);

        client.planOf("ann");
        client.planOf("ann");
        client.planOf("bob");

        assertEquals(2, calls.get());
    }

    @Test
    void anOutageGivesTheUnknownPlanIsReportedAndIsRemembered() {
        AtomicInteger calls = new AtomicInteger();
        PlanClient client = new PlanClient(
                user -> {
                    calls.incrementAndGet();
                    throw new IllegalStateException("connection refused");
                },
                Duration.ofMinutes(1),
                outages::add);

        assertSame(Plan.UNKNOWN, client.planOf("ann"));
        assertSame(Plan.UNKNOWN, client.planOf("ann"));

        assertEquals(1, calls.get());
        assertEquals(List.of(new PlanClient.Unavailable("ann", "connection refused")), outages);
    }

    @Test
    void withoutUsageServiceThePlanIsUnknownAndThatIsNoOutage() {
        PlanClient client = new PlanClient(null, Duration.ofMinutes(1), outages::add);

        assertSame(Plan.UNKNOWN, client.planOf("ann"));
        assertEquals(List.of(), outages);
    }
}
