package dev.shellbox.gateway.client;

import dev.shellbox.contracts.Limit;
import dev.shellbox.contracts.Problem;
import dev.shellbox.gateway.config.GatewayConfig;
import dev.shellbox.platform.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * Asks usage-service whether a caller may spend a plan limit now (docs/internal-api.md). Refusals are remembered
 * briefly so that a client hammering a spent limit does not hammer usage-service. When usage-service does not
 * answer, requests are let through (fail open) and the outage is logged: an unavailable meter must not take the
 * whole API down.
 */
@ApplicationScoped
public class UsageClient {
    private static final Logger LOG = Logger.getLogger(UsageClient.class);
    private static final long TIMEOUT_MS = 2000;

    private final InternalHttp http;
    private final GatewayConfig config;
    private final ConcurrentHashMap<String, Refusal> refusals = new ConcurrentHashMap<>();
    private volatile Instant lastOutageLog = Instant.EPOCH;

    /** A refusal and when to stop remembering it. */
    private record Refusal(ProblemException problem, String retryAfter, Instant until) {}

    /** A 429 with its Retry-After header. */
    public static final class QuotaExceeded extends ProblemException {
        private final String retryAfter;

        QuotaExceeded(Problem problem, String retryAfter) {
            super(problem);
            this.retryAfter = retryAfter;
        }

        public String retryAfter() {
            return retryAfter;
        }
    }

    public UsageClient(InternalHttp http, GatewayConfig config) {
        this.http = http;
        this.config = config;
    }

    /**
     * Completes when every limit allows one more operation; fails with {@link QuotaExceeded} otherwise. The limits
     * are checked in parallel; when one refuses, what the others reserved is given back at once.
     */
    public Uni<Void> checkAll(String userId, List<Limit> limits) {
        if (limits.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        List<Uni<Decision>> checks = limits.stream()
                .map(limit -> check(userId, limit)
                        .map(reservation -> new Decision(reservation, null))
                        .onFailure()
                        .recoverWithItem(refusal -> new Decision(null, refusal)))
                .toList();
        return Uni.join().all(checks).andFailFast().flatMap(decisions -> {
            Throwable refusal = decisions.stream()
                    .map(Decision::refusal)
                    .filter(Objects::nonNull)
                    .findFirst()
                    .orElse(null);
            if (refusal == null) {
                return Uni.createFrom().voidItem();
            }
            decisions.stream()
                    .map(Decision::reservationId)
                    .filter(Objects::nonNull)
                    .forEach(this::release);
            return Uni.createFrom().failure(refusal);
        });
    }

    /** The outcome of one check: a reservation (null when none was made) or a refusal. */
    private record Decision(String reservationId, Throwable refusal) {}

    /** Completes with the reservation id (null when nothing was reserved or usage-service did not answer). */
    private Uni<String> check(String userId, Limit limit) {
        String key = userId + "\n" + limit.key();
        Refusal refusal = refusals.get(key);
        Instant now = Instant.now();
        if (refusal != null) {
            if (refusal.until.isAfter(now)) {
                return Uni.createFrom().failure(new QuotaExceeded(refusal.problem.problem(), refusal.retryAfter));
            }
            refusals.remove(key);
        }
        JsonObject body =
                new JsonObject().put("userId", userId).put("limit", limit.key()).put("amount", 1);
        return http.call(HttpMethod.POST, config.usageUrl(), "/internal/v1/quota/check", body, TIMEOUT_MS)
                .onFailure()
                .recoverWithItem(e -> {
                    logOutage(e.getMessage());
                    return null;
                })
                .flatMap(response -> {
                    if (response == null) {
                        return Uni.createFrom().nullItem();
                    }
                    if (response.status() == 200) {
                        return Uni.createFrom().item(response.body().getString("reservationId"));
                    }
                    if (response.status() == 429) {
                        Problem problem = toProblem(response.body(), limit);
                        QuotaExceeded exceeded = new QuotaExceeded(problem, response.retryAfter());
                        refusals.put(
                                key,
                                new Refusal(exceeded, response.retryAfter(), now.plus(config.quotaDenialCacheTtl())));
                        return Uni.createFrom().failure(exceeded);
                    }
                    logOutage("quota check answered " + response.status());
                    return Uni.createFrom().nullItem();
                });
    }

    /** Gives a reservation back (the operation will not happen); it would otherwise lapse on its own. */
    private void release(String reservationId) {
        http.call(
                        HttpMethod.DELETE,
                        config.usageUrl(),
                        "/internal/v1/quota/reservations/" + reservationId,
                        null,
                        TIMEOUT_MS)
                .subscribe()
                .with(
                        response -> {},
                        e -> LOG.debugf("could not release quota reservation %s: %s", reservationId, e.getMessage()));
    }

    private static Problem toProblem(JsonObject body, Limit limit) {
        String detail = body.getString("detail", "the plan's " + limit.key() + " limit is reached");
        Problem problem = new Problem(
                Problem.typeFor("Too Many Requests"),
                "Too Many Requests",
                429,
                detail,
                null,
                null,
                body.getString("limit", limit.key()),
                body.getString("plan"),
                body.getLong("current"),
                body.getLong("maximum"));
        return problem;
    }

    private void logOutage(String why) {
        Instant now = Instant.now();
        if (lastOutageLog.plusSeconds(30).isBefore(now)) {
            lastOutageLog = now;
            LOG.warnf("usage-service unavailable (%s): quota checks are let through until it answers", why);
        }
    }
}
