package dev.shellbox.sandbox.rest;

import dev.shellbox.sandbox.domain.SandboxState;
import dev.shellbox.sandbox.service.SandboxService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** What the gateway asks before routing a request for a sandbox: who owns it (docs/internal-api.md). */
@Path("/internal/v1/sandboxes")
@Produces(MediaType.APPLICATION_JSON)
public class InternalSandboxResource {
    private final SandboxService sandboxes;

    public InternalSandboxResource(SandboxService sandboxes) {
        this.sandboxes = sandboxes;
    }

    /** A live sandbox's owner and state. */
    public record SandboxOwnerResponse(String id, String userId, SandboxState state) {}

    @GET
    @Path("/{id}")
    public Uni<SandboxOwnerResponse> owner(@PathParam("id") String id) {
        return sandboxes.live(id).map(s -> new SandboxOwnerResponse(s.id, s.userId, s.state));
    }
}
