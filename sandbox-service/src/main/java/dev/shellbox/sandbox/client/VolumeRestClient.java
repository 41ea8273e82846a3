package dev.shellbox.sandbox.client;

import dev.shellbox.contracts.volume.CommitRequest;
import dev.shellbox.contracts.volume.CommitResponse;
import dev.shellbox.contracts.volume.VolumeChanges;
import dev.shellbox.contracts.volume.VolumeTree;
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
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** vfs-service's internal volume API (docs/internal-api.md); {@link VolumeClient} is how the service calls it. */
@RegisterRestClient(configKey = "vfs")
@Path("/internal/v1/volumes")
interface VolumeRestClient {
    String USER = "X-Shellbox-User";

    record CreateVolumeRequest(String volumeId, String userId) {}

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    Uni<Void> createVolume(CreateVolumeRequest request);

    @DELETE
    @Path("/{id}")
    Uni<Void> deleteVolume(@PathParam("id") String volumeId);

    @GET
    @Path("/{id}/tree")
    @Produces(MediaType.APPLICATION_JSON)
    VolumeTree tree(@PathParam("id") String volumeId, @QueryParam("path") String path, @HeaderParam(USER) String user);

    @GET
    @Path("/{id}/changes")
    @Produces(MediaType.APPLICATION_JSON)
    VolumeChanges changes(
            @PathParam("id") String volumeId, @QueryParam("since") long since, @HeaderParam(USER) String user);

    @GET
    @Path("/{id}/content/{sha256}")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    byte[] content(
            @PathParam("id") String volumeId, @PathParam("sha256") String sha256, @HeaderParam(USER) String user);

    @POST
    @Path("/{id}/commit")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    CommitResponse commit(@PathParam("id") String volumeId, @HeaderParam(USER) String user, CommitRequest request);
}
