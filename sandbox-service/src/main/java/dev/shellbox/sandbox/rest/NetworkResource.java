package dev.shellbox.sandbox.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.egress.PolicySpec;
import dev.shellbox.sandbox.egress.EgressEvent;
import dev.shellbox.sandbox.service.NetworkService;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;

/** A sandbox's network policy (docs/egress.md) and the decisions of its egress proxy. */
@Path("/v1/sandboxes/{id}/network")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class NetworkResource {
    private final NetworkService network;
    private final ObjectMapper mapper;

    public NetworkResource(NetworkService network, ObjectMapper mapper) {
        this.network = network;
        this.mapper = mapper;
    }

    @GET
    public Uni<PolicySpec> get(@HeaderParam(UserId.HEADER) String user, @PathParam("id") String id) {
        return network.get(UserId.require(user), id);
    }

    /** Replaces the policy; new connections follow it at once, open ones it denies are cut. */
    @PUT
    public Uni<PolicySpec> put(@HeaderParam(UserId.HEADER) String user, @PathParam("id") String id, PolicySpec body) {
        return network.put(UserId.require(user), id, body);
    }

    /**
     * The proxy's decisions as server-sent events named {@code decision}, each with its number as id: the kept ones
     * after {@code Last-Event-ID}, then each new one as it is made.
     */
    @GET
    @Path("/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public Multi<OutboundSseEvent> events(
            @HeaderParam(UserId.HEADER) String user,
            @PathParam("id") String id,
            @HeaderParam("Last-Event-ID") String lastEventId,
            @Context Sse sse) {
        String userId = UserId.require(user);
        long after = parseLastEventId(lastEventId);
        return Multi.createFrom()
                .emitter(emitter -> network.follow(userId, id, after, e -> emitter.emit(event(sse, e)))
                        .subscribe()
                        .with(
                                handle -> handle.ifPresentOrElse(
                                        h -> emitter.onTermination(() -> {
                                            try {
                                                h.close();
                                            } catch (Exception ignored) {
                                                // nothing to release beyond the follower itself
                                            }
                                        }),
                                        emitter::complete),
                                emitter::fail));
    }

    private static long parseLastEventId(String value) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw dev.shellbox.platform.problem.ProblemException.badParameter(
                    "Last-Event-ID", "the number of an event", "Last-Event-ID '" + value + "' is not a number");
        }
    }

    private OutboundSseEvent event(Sse sse, EgressEvent e) {
        try {
            return sse.newEventBuilder()
                    .id(Long.toString(e.seq()))
                    .name("decision")
                    .data(mapper.writeValueAsString(e))
                    .build();
        } catch (JsonProcessingException x) {
            throw new IllegalStateException(x);
        }
    }
}
