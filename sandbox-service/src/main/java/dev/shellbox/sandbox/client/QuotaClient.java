package dev.shellbox.sandbox.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.shellbox.contracts.Limit;
import dev.shellbox.contracts.Problem;
import dev.shellbox.platform.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * Reserves quota of usage-service's ledger before the work that uses it: a reservation holds the amount until the
 * work's usage events are folded (or it lapses), so parallel work of one user never sees the same headroom twice.
 *
 * <p>When usage-service does not answer, work is let through, as the gateway does, and the outage is logged once.
 */
@ApplicationScoped
public class QuotaClient {
    private static final Logger LOG = Logger.getLogger(QuotaClient.class);

    /** What a reservation request came to. */
    public sealed interface Reservation {
        /** The amount is reserved under {@code id}. */
        record Held(String id) implements Reservation {}

        /** The limit has less headroom than asked for: usage-service's 429 problem, naming it. */
        record Refused(Problem problem, String retryAfter) implements Reservation {
            /** What is left of the limit (possibly 0), in its unit. */
            public long left() {
                long current = problem.current() == null ? 0 : problem.current();
                long maximum = problem.maximum() == null ? 0 : problem.maximum();
                return Math.max(0, maximum - current);
            }

            /** The refusal as this service answers it. */
            public ProblemException exception() {
                ProblemException e = new ProblemException(problem.withInstance(null));
                return retryAfter == null ? e : e.withHeader("Retry-After", retryAfter);
            }
        }

        /** usage-service did not answer: the work goes ahead unreserved. */
        record Unavailable() implements Reservation {}
    }

    @RegisterRestClient(configKey = "usage")
    @Path("/internal/v1/quota")
    interface QuotaApi {
        record CheckRequest(String userId, String limit, long amount, String operation) {}

        @JsonIgnoreProperties(ignoreUnknown = true)
        record Decision(String reservationId) {}

        @POST
        @Path("/check")
        @Consumes(MediaType.APPLICATION_JSON)
        @Produces(MediaType.APPLICATION_JSON)
        Decision check(CheckRequest body);

        @POST
        @Path("/check")
        @Consumes(MediaType.APPLICATION_JSON)
        @Produces(MediaType.APPLICATION_JSON)
        Uni<Decision> checkAsync(CheckRequest body);

        @DELETE
        @Path("/reservations/{id}")
        Uni<Void> release(@PathParam("id") String id);

        record SettleRequest(long used) {}

        @POST
        @Path("/reservations/{id}/settle")
        @Consumes(MediaType.APPLICATION_JSON)
        Uni<Void> settle(@PathParam("id") String id, SettleRequest body);
    }

    private final QuotaApi api;
    private final AtomicBoolean down = new AtomicBoolean();

    QuotaClient(@RestClient QuotaApi api) {
        this.api = api;
    }

    /** Reserves {@code amount} (in the limit's unit) of {@code limit} for {@code userId}; blocking. */
    public Reservation reserve(String userId, Limit limit, long amount) {
        try {
            return held(api.check(request(userId, limit, amount)));
        } catch (RuntimeException e) {
            return failed(e);
        }
    }

    /** {@link #reserve}, without blocking the caller's thread. */
    public Uni<Reservation> reserveAsync(String userId, Limit limit, long amount) {
        return api.checkAsync(request(userId, limit, amount))
                .map(this::held)
                .onFailure()
                .recoverWithItem(this::failed);
    }

    private static QuotaApi.CheckRequest request(String userId, Limit limit, long amount) {
        return new QuotaApi.CheckRequest(userId, limit.key(), amount, null);
    }

    private Reservation held(QuotaApi.Decision d) {
        up();
        return new Reservation.Held(d.reservationId());
    }

    private Reservation failed(Throwable e) {
        if (e instanceof WebApplicationException w && w.getResponse().getStatus() == 429) {
            up();
            Response response = w.getResponse();
            return new Reservation.Refused(response.readEntity(Problem.class), response.getHeaderString("Retry-After"));
        }
        return unavailable(
                e instanceof WebApplicationException w
                        ? "answered " + w.getResponse().getStatus()
                        : e.getMessage());
    }

    /** Gives back a reservation whose work did not happen, in the background (it lapses anyway). */
    public void release(Reservation reservation) {
        inBackground(reservation, "release", api::release);
    }

    /**
     * Keeps {@code used} of a reservation (in the limit's unit) until the work's usage is folded and gives back the
     * rest, in the background (it lapses anyway).
     */
    public void settle(Reservation reservation, long used) {
        inBackground(reservation, "settle", id -> api.settle(id, new QuotaApi.SettleRequest(used)));
    }

    /** Sends {@code call} for a held reservation without waiting; a failure only costs the reservation's lapse time. */
    private static void inBackground(Reservation reservation, String what, Function<String, Uni<Void>> call) {
        if (reservation instanceof Reservation.Held held && held.id() != null) {
            call.apply(held.id())
                    .subscribe()
                    .with(
                            v -> {},
                            e -> LOG.debugf("could not %s quota reservation %s: %s", what, held.id(), e.getMessage()));
        }
    }

    private Reservation unavailable(String why) {
        if (down.compareAndSet(false, true)) {
            LOG.warnf("usage-service did not reserve quota (%s): work is let through until it answers", why);
        }
        return new Reservation.Unavailable();
    }

    private void up() {
        if (down.compareAndSet(true, false)) {
            LOG.info("usage-service reserves quota again");
        }
    }
}
