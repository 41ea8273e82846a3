package dev.shellbox.usage.rest;

import dev.shellbox.usage.domain.InvalidRequestException;
import dev.shellbox.usage.service.QuotaService;
import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;
import org.jboss.resteasy.reactive.NoCache;

/** Quota decisions for the gateway and the services, answered from memory on the event loop. */
@Path("/internal/v1/quota")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class QuotaResource {
    private final QuotaService quota;

    public QuotaResource(QuotaService quota) {
        this.quota = quota;
    }

    /** 200 with the decision when allowed (and reserved); 429 problem+json naming the limit when not. */
    @POST
    @Path("/check")
    @NonBlocking
    @NoCache
    public QuotaDecisionResponse check(QuotaCheckRequest body) {
        if (body == null) {
            throw new InvalidRequestException("a body {userId, limit, amount} is required");
        }
        return QuotaDecisionResponse.of(quota.check(body.userId(), body.limit(), body.amount(), body.operation()));
    }

    /** The body of a settle: how much of the reservation the work used, in the limit's unit. */
    public record SettleRequest(Long used) {}

    /**
     * Settles a reservation taken before the work: what the work used stays reserved until its usage is folded, the
     * rest is given back. Idempotent: 204 whether or not it was still held.
     */
    @POST
    @Path("/reservations/{id}/settle")
    @NonBlocking
    public void settle(@PathParam("id") String id, SettleRequest body) {
        if (body == null || body.used() == null) {
            throw new InvalidRequestException("a body {used} is required");
        }
        quota.settle(reservationId(id), body.used());
    }

    /** Gives back a reservation whose operation did not happen. Idempotent: 204 whether or not it was still held. */
    @DELETE
    @Path("/reservations/{id}")
    @NonBlocking
    public void release(@PathParam("id") String id) {
        quota.release(reservationId(id));
    }

    private static UUID reservationId(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("not a reservation id: " + id);
        }
    }
}
