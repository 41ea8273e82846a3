package dev.shellbox.sandbox.rest;

import dev.shellbox.sandbox.client.VolumeClient;
import dev.shellbox.sandbox.service.FileChangeService;
import dev.shellbox.sandbox.service.FileChangeService.Kind;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The Files API's changes, as the gateway routes them here (reads go to vfs-service directly). Each is applied by
 * vfs-service through the sandbox's view (see {@link FileChangeService}); the answer is vfs-service's, unchanged, so
 * the Files API documents it (vfs-service's {@code FileResource}).
 */
@Path("/v1/sandboxes/{id}/files")
@Consumes(MediaType.WILDCARD)
public class FileChangeResource {
    /** What vfs-service needs of the request's headers besides the body. */
    private static final List<String> FORWARDED =
            List.of(UserId.HEADER, "X-Shellbox-Roles", "X-Request-Id", "Content-Type", "Content-Encoding");

    private final FileChangeService changes;

    public FileChangeResource(FileChangeService changes) {
        this.changes = changes;
    }

    @PUT
    @Operation(summary = "Write a file from the body (see vfs-service)")
    public Response write(@PathParam("id") String id, @Context UriInfo uri, @Context HttpHeaders h, InputStream body) {
        return apply(id, Kind.WRITE, "PUT", uri, h, body);
    }

    @DELETE
    @Operation(summary = "Delete a file or directory (see vfs-service)")
    public Response delete(@PathParam("id") String id, @Context UriInfo uri, @Context HttpHeaders h) {
        return apply(id, Kind.DELETE, "DELETE", uri, h, null);
    }

    @POST
    @Path("append")
    @Operation(summary = "Append the body to a file (see vfs-service)")
    public Response append(@PathParam("id") String id, @Context UriInfo uri, @Context HttpHeaders h, InputStream body) {
        return apply(id, Kind.APPEND, "POST", uri, h, body);
    }

    @POST
    @Path("mkdir")
    @Operation(summary = "Create a directory (see vfs-service)")
    public Response mkdir(@PathParam("id") String id, @Context UriInfo uri, @Context HttpHeaders h) {
        return apply(id, Kind.MKDIR, "POST", uri, h, null);
    }

    @POST
    @Path("move")
    @Operation(summary = "Move or rename (see vfs-service)")
    public Response move(@PathParam("id") String id, @Context UriInfo uri, @Context HttpHeaders h) {
        return apply(id, Kind.MOVE, "POST", uri, h, null);
    }

    @POST
    @Path("copy")
    @Operation(summary = "Copy (see vfs-service)")
    public Response copy(@PathParam("id") String id, @Context UriInfo uri, @Context HttpHeaders h) {
        return apply(id, Kind.COPY, "POST", uri, h, null);
    }

    @POST
    @Path("upload")
    @Operation(summary = "Extract a tar or tar.gz body (see vfs-service)")
    public Response upload(@PathParam("id") String id, @Context UriInfo uri, @Context HttpHeaders h, InputStream body) {
        return apply(id, Kind.UPLOAD, "POST", uri, h, body);
    }

    private Response apply(String id, Kind kind, String method, UriInfo uri, HttpHeaders h, InputStream body) {
        UserId.require(h.getHeaderString(UserId.HEADER));
        Map<String, String> headers = new LinkedHashMap<>();
        for (String name : FORWARDED) {
            String value = h.getHeaderString(name);
            if (value != null) {
                headers.put(name, value);
            }
        }
        String length = h.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        VolumeClient.FileResponse answer = changes.apply(
                id,
                new FileChangeService.FileChange(
                        kind,
                        method,
                        uri.getRequestUri().getRawQuery(),
                        headers,
                        body,
                        length == null ? -1 : Long.parseLong(length)));
        Response.ResponseBuilder response = Response.status(answer.status()).entity(answer.body());
        if (answer.contentType() != null) {
            response.type(answer.contentType());
        }
        return response.build();
    }
}
