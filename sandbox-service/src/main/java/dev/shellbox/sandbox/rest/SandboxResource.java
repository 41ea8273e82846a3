package dev.shellbox.sandbox.rest;

import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.sandbox.domain.SandboxState;
import dev.shellbox.sandbox.service.SandboxService;
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
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.RestResponse;

/** Sandbox lifecycle: the public shapes of ARCHITECTURE.md, behind the gateway. */
@Path("/v1/sandboxes")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class SandboxResource {
    private final SandboxService sandboxes;
    private final SessionService sessions;

    public SandboxResource(SandboxService sandboxes, SessionService sessions) {
        this.sandboxes = sandboxes;
        this.sessions = sessions;
    }

    /** Creates a sandbox (201), or returns the caller's sandbox of that name (200). */
    @POST
    public Uni<RestResponse<SandboxResponse>> create(
            @HeaderParam(UserId.HEADER) String user, CreateSandboxRequest request) {
        return sandboxes
                .create(UserId.require(user), CreateSandboxRequest.toNewSandbox(request))
                .map(created -> created.existed()
                        ? RestResponse.ok(SandboxResponse.of(created.sandbox()))
                        : RestResponse.status(RestResponse.Status.CREATED, SandboxResponse.of(created.sandbox())));
    }

    /** The caller's sandboxes; {@code label=key=value} (repeatable) and {@code state} filter them. */
    @GET
    public Uni<List<SandboxResponse>> list(
            @HeaderParam(UserId.HEADER) String user,
            @QueryParam("label") List<String> labels,
            @QueryParam("state") String state) {
        Map<String, String> wanted = new LinkedHashMap<>();
        for (String label : labels) {
            int eq = label.indexOf('=');
            if (eq <= 0) {
                throw ProblemException.badRequest("label filter '" + label + "' must look like key=value");
            }
            wanted.put(label.substring(0, eq), label.substring(eq + 1));
        }
        SandboxState wantedState = null;
        if (state != null) {
            try {
                wantedState = SandboxState.parse(state);
            } catch (IllegalArgumentException e) {
                throw ProblemException.badRequest("state must be running or paused, not '" + state + "'");
            }
        }
        return sandboxes
                .list(UserId.require(user), wanted, wantedState)
                .map(list -> list.stream().map(SandboxResponse::of).toList());
    }

    @GET
    @Path("/{id}")
    public Uni<SandboxResponse> get(@HeaderParam(UserId.HEADER) String user, @PathParam("id") String id) {
        return sandboxes.get(UserId.require(user), id).map(SandboxResponse::of);
    }

    @POST
    @Path("/{id}/pause")
    public Uni<SandboxResponse> pause(@HeaderParam(UserId.HEADER) String user, @PathParam("id") String id) {
        return sessions.pause(UserId.require(user), id).map(SandboxResponse::of);
    }

    @POST
    @Path("/{id}/resume")
    public Uni<SandboxResponse> resume(@HeaderParam(UserId.HEADER) String user, @PathParam("id") String id) {
        return sandboxes.resume(UserId.require(user), id).map(SandboxResponse::of);
    }

    @DELETE
    @Path("/{id}")
    public Uni<RestResponse<Void>> destroy(@HeaderParam(UserId.HEADER) String user, @PathParam("id") String id) {
        return sandboxes
                .destroy(UserId.require(user), id)
                .invoke(v -> sessions.discard(id))
                .map(v -> RestResponse.noContent());
    }
}
