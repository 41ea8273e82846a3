package dev.shellbox.sandbox.client;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** vfs-service's internal volume API (docs/internal-api.md). */
@RegisterRestClient(configKey = "vfs")
@Path("/internal/v1/volumes")
interface VfsRestClient {
    record CreateVolumeRequest(String volumeId, String userId) {}

    @POST
    Uni<Void> createVolume(CreateVolumeRequest request);

    @DELETE
    @Path("/{id}")
    Uni<Void> deleteVolume(@PathParam("id") String volumeId);
}
