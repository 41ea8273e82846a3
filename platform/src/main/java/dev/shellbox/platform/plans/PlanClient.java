package dev.shellbox.platform.plans;

import dev.shellbox.contracts.Limit;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.jboss.logging.Logger;

/**
 * Users' plans, asked of usage-service ({@code GET /internal/v1/users/{id}/plan}) and remembered for
 * {@code shellbox.plans.cache}. When usage-service does not answer, the plan is {@link Plan#UNKNOWN} (the caller's
 * configured limits apply): the outage is logged, announced as an {@link Unavailable} event, and remembered like an
 * answer so that a failing usage-service is not hammered; after repeated failures the circuit opens and lookups fail
 * fast for a while. Blocking: call it from a worker thread.
 */
@ApplicationScoped
public class PlanClient {
    private static final Logger LOG = Logger.getLogger(PlanClient.class);
    private static final int MAX_REMEMBERED = 10_000;

    /** A lookup that failed, so that the configured limits applied to {@code userId}. */
    public record Unavailable(String userId, String reason) {}

    private record Remembered(Plan plan, long expiresAt) {}

    private final PlanRestClient rest;
    private final long rememberNanos;
    private final Consumer<Unavailable> outages;
    private final ConcurrentHashMap<String, Remembered> remembered = new ConcurrentHashMap<>();

    @Inject
    public PlanClient(PlanConfig config, Event<Unavailable> outages) {
        this(
                config.url()
                        .map(url -> QuarkusRestClientBuilder.newBuilder()
                                .baseUri(url)
                                .connectTimeout(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                                .readTimeout(config.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
                                .build(PlanRestClient.class))
                        .orElse(null),
                config.cache(),
                outages::fire);
    }

    /** A client of {@code rest} (null: no usage-service) that remembers plans for {@code cache}. */
    PlanClient(PlanRestClient rest, Duration cache, Consumer<Unavailable> outages) {
        this.rest = rest;
        this.rememberNanos = cache.toNanos();
        this.outages = outages;
    }

    /** The user's plan; {@link Plan#UNKNOWN} when usage-service is not configured or does not answer. */
    public Plan planOf(String userId) {
        long now = System.nanoTime();
        Remembered known = remembered.get(userId);
        if (known != null && known.expiresAt - now > 0) {
            return known.plan;
        }
        Plan plan = lookup(userId);
        remembered.put(userId, new Remembered(plan, now + rememberNanos));
        if (remembered.size() > MAX_REMEMBERED) {
            remembered.entrySet().removeIf(e -> e.getValue().expiresAt - now <= 0);
        }
        return plan;
    }

    private Plan lookup(String userId) {
        if (rest == null) {
            return Plan.UNKNOWN;
        }
        try {
            return toPlan(fetch(userId));
        } catch (RuntimeException e) {
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            LOG.warnf(
                    "usage-service did not give the plan of user %s (%s); the configured limits apply", userId, reason);
            outages.accept(new Unavailable(userId, reason));
            return Plan.UNKNOWN;
        }
    }

    /** One call to usage-service; the circuit opens when three of the last four failed. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = 15_000)
    PlanRestClient.PlanBody fetch(String userId) {
        return rest.plan(userId);
    }

    static Plan toPlan(PlanRestClient.PlanBody body) {
        if (body == null) {
            return Plan.UNKNOWN;
        }
        Map<Limit, Long> limits = new EnumMap<>(Limit.class);
        if (body.limits() != null) {
            for (Map.Entry<String, Object> e : body.limits().entrySet()) {
                Limit limit = limitOf(e.getKey());
                if (limit != null && e.getValue() instanceof Number n) {
                    limits.put(limit, n.longValue());
                }
            }
        }
        return new Plan(body.name(), limits);
    }

    private static Limit limitOf(String key) {
        try {
            return key == null ? null : Limit.valueOf(key.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null; // a limit a newer usage-service knows
        }
    }
}
