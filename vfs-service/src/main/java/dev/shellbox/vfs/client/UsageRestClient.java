package dev.shellbox.vfs.client;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** usage-service's internal API, as far as vfs-service uses it. */
@Path("/internal/v1/users")
interface UsageRestClient {
    @GET
    @Path("/{userId}/plan")
    @Produces(MediaType.APPLICATION_JSON)
    PlanResponse plan(@PathParam("userId") String userId);
}
