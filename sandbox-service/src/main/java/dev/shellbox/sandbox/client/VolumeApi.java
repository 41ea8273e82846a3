package dev.shellbox.sandbox.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * vfs-service's internal API for a working view of a volume (docs/internal-api.md), called blocking from the threads
 * that run scripts.
 */
@RegisterRestClient(configKey = "vfs")
@Path("/internal/v1/volumes")
public interface VolumeApi {
    String USER = "X-Shellbox-User";

    /** An entry of a volume; {@code content} holds the bytes of small files. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record TreeEntry(
            String path,
            String type,
            int mode,
            long size,
            Instant mtime,
            String sha256,
            String target,
            byte[] content) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Tree(String volumeId, String path, long version, List<TreeEntry> entries) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Changes(long version, List<String> changed, boolean truncated) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Blob(String sha256, long size) {}

    /** One change of a batch commit; null fields are left out. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Change(
            String op,
            String path,
            String to,
            String sha256,
            byte[] inline,
            String target,
            Integer mode,
            Instant mtime,
            Boolean recursive) {}

    record CommitRequest(long baseVersion, List<Change> changes) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    record CommitResponse(long version, int applied) {}

    @GET
    @Path("/{id}/tree")
    @Produces(MediaType.APPLICATION_JSON)
    Tree tree(@PathParam("id") String volumeId, @QueryParam("path") String path, @HeaderParam(USER) String user);

    @GET
    @Path("/{id}/changes")
    @Produces(MediaType.APPLICATION_JSON)
    Changes changes(@PathParam("id") String volumeId, @QueryParam("since") long since, @HeaderParam(USER) String user);

    @GET
    @Path("/{id}/content/{sha256}")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    byte[] content(
            @PathParam("id") String volumeId, @PathParam("sha256") String sha256, @HeaderParam(USER) String user);

    @POST
    @Path("/{id}/blobs")
    @Consumes(MediaType.APPLICATION_OCTET_STREAM)
    @Produces(MediaType.APPLICATION_JSON)
    Blob storeBlob(@PathParam("id") String volumeId, @HeaderParam(USER) String user, byte[] content);

    @POST
    @Path("/{id}/commit")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    CommitResponse commit(@PathParam("id") String volumeId, @HeaderParam(USER) String user, CommitRequest request);
}
