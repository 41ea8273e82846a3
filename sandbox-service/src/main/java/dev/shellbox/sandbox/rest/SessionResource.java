package dev.shellbox.sandbox.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.shellbox.sandbox.service.SessionService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.RestResponse;

/** Shell sessions: independent shells (directory, variables, functions) over a sandbox's files. */
@Path("/v1/sandboxes/{id}/sessions")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class SessionResource {
    private final SessionService sessions;

    public SessionResource(SessionService sessions) {
        this.sessions = sessions;
    }

    public record CreateSessionRequest(
            @JsonProperty(required = true) String name) {}

    @POST
    public Uni<RestResponse<Map<String, String>>> create(
            @HeaderParam(UserId.HEADER) String user, @PathParam("id") String id, CreateSessionRequest request) {
        String name = request == null ? null : request.name();
        return sessions.create(UserId.require(user), id, name)
                .map(created -> RestResponse.status(
                        created ? RestResponse.Status.CREATED : RestResponse.Status.OK, Map.of("name", name)));
    }

    @GET
    public Uni<List<Map<String, String>>> list(@HeaderParam(UserId.HEADER) String user, @PathParam("id") String id) {
        return sessions.list(UserId.require(user), id)
                .map(names -> names.stream().map(n -> Map.of("name", n)).toList());
    }

    @DELETE
    @Path("/{name}")
    public Uni<RestResponse<Void>> delete(
            @HeaderParam(UserId.HEADER) String user, @PathParam("id") String id, @PathParam("name") String name) {
        return sessions.delete(UserId.require(user), id, name).map(v -> RestResponse.noContent());
    }
}
