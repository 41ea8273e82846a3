package dev.shellbox.vfs.rest;

import dev.shellbox.contracts.Problem;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.FileRead;
import dev.shellbox.vfs.domain.ListPage;
import dev.shellbox.vfs.domain.NodeInfo;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.service.ArchiveService;
import dev.shellbox.vfs.service.FileService;
import dev.shellbox.vfs.service.SearchService;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The public Files API of a volume (the gateway serves it as {@code /v1/sandboxes/{id}/files/**}). Paths are absolute
 * inside the volume (relative ones start at /workspace); errors are problem+json with an {@code errno}.
 */
@Path("/v1/volumes/{volumeId}/files")
@Tag(name = "files", description = "Files of a sandbox's volume")
public class FileResource {
    static final String OCTET_STREAM = MediaType.APPLICATION_OCTET_STREAM;

    private final FileService files;
    private final SearchService search;
    private final ArchiveService archives;

    public FileResource(FileService files, SearchService search, ArchiveService archives) {
        this.files = files;
        this.search = search;
        this.archives = archives;
    }

    /** The response of changes that do not describe an entry. */
    public record VersionResponse(long version) {}

    /** One page of a listing. */
    public record ListResponse(String path, List<NodeInfo> entries, String nextCursor, long version) {}

    @GET
    @Produces({OCTET_STREAM, Problem.MEDIA_TYPE})
    @Operation(summary = "Read a file (whole, or one byte range with Range), streamed")
    public Response read(
            @PathParam("volumeId") String volumeId,
            @QueryParam("path") String path,
            @HeaderParam("Range") String range,
            @HeaderParam("If-None-Match") String ifNoneMatch,
            @Context HttpHeaders headers) {
        FileRead file = files.describe(volumeId, Callers.of(headers), path);
        long size = file.info().size();
        String etag = "\"" + file.info().sha256() + "\"";
        if (etag.equals(ifNoneMatch)) {
            return Response.notModified().tag(file.info().sha256()).build();
        }
        ByteRange r = ByteRange.parse(range, size);
        if (r == ByteRange.UNSATISFIABLE) {
            throw new ProblemException(
                    Problem.of(416, file.info().path() + ": the file has " + size + " bytes")
                            .withErrno(Errno.EINVAL.name()),
                    Map.of("Content-Range", "bytes */" + size));
        }
        long from = r == null ? 0 : r.from();
        long to = r == null ? size - 1 : r.to();
        StreamingOutput body = out -> stream(volumeId, file, from, to, out);
        Response.ResponseBuilder response = Response.status(r == null ? 200 : 206)
                .type(OCTET_STREAM)
                .entity(body)
                .header("Content-Length", Long.toString(to - from + 1))
                .header("Accept-Ranges", "bytes")
                .header("ETag", etag)
                .header(
                        "Last-Modified",
                        DateTimeFormatter.RFC_1123_DATE_TIME.format(
                                file.info().mtime().atOffset(ZoneOffset.UTC)));
        if (r != null) {
            response.header("Content-Range", "bytes " + from + "-" + to + "/" + size);
        }
        return response.build();
    }

    private void stream(String volumeId, FileRead file, long from, long to, OutputStream out)
            throws java.io.IOException {
        long start = System.nanoTime();
        long sent = 0;
        try (InputStream in = files.bytes(file, from, to)) {
            byte[] buffer = new byte[64 * 1024];
            int n;
            while ((n = in.read(buffer)) > 0) {
                out.write(buffer, 0, n);
                sent += n;
            }
        } finally {
            files.meterRead(file, volumeId, sent, start);
        }
    }

    @PUT
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Write a file atomically from the request body (streamed); parent directories are created")
    public NodeInfo write(
            @PathParam("volumeId") String volumeId,
            @QueryParam("path") String path,
            @QueryParam("mode") String mode,
            @HeaderParam("Content-Length") Long contentLength,
            @Context HttpHeaders headers,
            InputStream body) {
        return files.write(volumeId, Callers.of(headers), path, body, contentLength, parseMode(mode))
                .value();
    }

    @POST
    @Path("append")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Append the request body to a file (created when missing)")
    public NodeInfo append(
            @PathParam("volumeId") String volumeId,
            @QueryParam("path") String path,
            @Context HttpHeaders headers,
            InputStream body) {
        return files.append(volumeId, Callers.of(headers), path, body).value();
    }

    @DELETE
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Delete a file, a symlink, or a directory (recursive=true for a non-empty one)")
    public VersionResponse delete(
            @PathParam("volumeId") String volumeId,
            @QueryParam("path") String path,
            @QueryParam("recursive") @DefaultValue("false") boolean recursive,
            @Context HttpHeaders headers) {
        return new VersionResponse(
                files.delete(volumeId, Callers.of(headers), path, recursive).version());
    }

    @GET
    @Path("info")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Describe an entry (a symlink itself unless follow=true)")
    public NodeInfo info(
            @PathParam("volumeId") String volumeId,
            @QueryParam("path") String path,
            @QueryParam("follow") @DefaultValue("false") boolean follow,
            @Context HttpHeaders headers) {
        return files.info(volumeId, Callers.of(headers), path, follow);
    }

    @GET
    @Path("list")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "List a directory (one level, or every entry below it with recursive=true), paginated")
    public ListResponse list(
            @PathParam("volumeId") String volumeId,
            @QueryParam("path") @DefaultValue("/workspace") String path,
            @QueryParam("recursive") @DefaultValue("false") boolean recursive,
            @QueryParam("cursor") String cursor,
            @QueryParam("limit") @DefaultValue("1000") int limit,
            @Context HttpHeaders headers) {
        ListPage page = files.list(volumeId, Callers.of(headers), path, recursive, cursor, limit);
        return new ListResponse(path, page.entries(), page.nextCursor(), page.version());
    }

    @POST
    @Path("mkdir")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a directory, with its parents unless parents=false (then like mkdir without -p)")
    public NodeInfo mkdir(
            @PathParam("volumeId") String volumeId,
            @QueryParam("path") String path,
            @QueryParam("parents") @DefaultValue("true") boolean parents,
            @QueryParam("mode") String mode,
            @Context HttpHeaders headers) {
        return files.mkdir(volumeId, Callers.of(headers), path, parents, parseMode(mode))
                .value();
    }

    @POST
    @Path("move")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Move or rename an entry atomically (a whole directory in one step), like rename(2)")
    public NodeInfo move(
            @PathParam("volumeId") String volumeId,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("overwrite") @DefaultValue("true") boolean overwrite,
            @Context HttpHeaders headers) {
        return files.move(volumeId, Callers.of(headers), from, to, overwrite).value();
    }

    @POST
    @Path("copy")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Copy an entry (a directory recursively), sharing content")
    public NodeInfo copy(
            @PathParam("volumeId") String volumeId,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("overwrite") @DefaultValue("false") boolean overwrite,
            @Context HttpHeaders headers) {
        return files.copy(volumeId, Callers.of(headers), from, to, overwrite).value();
    }

    @GET
    @Path("search")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(
            summary = "Search lines matching a regex in the files under a path (grep -rn; glob filters file names),"
                    + " or, without a pattern, entries whose name matches a glob (find -name)")
    public SearchService.Result search(
            @PathParam("volumeId") String volumeId,
            @QueryParam("path") @DefaultValue("/workspace") String path,
            @QueryParam("pattern") String pattern,
            @QueryParam("glob") String glob,
            @QueryParam("ignoreCase") @DefaultValue("false") boolean ignoreCase,
            @QueryParam("maxResults") Integer maxResults,
            @Context HttpHeaders headers) {
        return search.search(volumeId, Callers.of(headers), path, pattern, glob, ignoreCase, maxResults);
    }

    @POST
    @Path("upload")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Extract a tar or tar.gz body into a directory, atomically (all entries or none)")
    public ArchiveService.UploadResult upload(
            @PathParam("volumeId") String volumeId,
            @QueryParam("path") @DefaultValue("/workspace") String path,
            @Context HttpHeaders headers,
            InputStream body) {
        return archives.upload(volumeId, Callers.of(headers), path, body);
    }

    @GET
    @Path("download")
    @Produces({"application/gzip", Problem.MEDIA_TYPE})
    @Operation(summary = "Download a directory (or a file) as tar.gz, streamed; member names are relative to it")
    public Response download(
            @PathParam("volumeId") String volumeId,
            @QueryParam("path") @DefaultValue("/workspace") String path,
            @Context HttpHeaders headers) {
        var caller = Callers.of(headers);
        NodeInfo root = files.stat(volumeId, caller, path, true);
        String name = root.path().equals("/") ? "volume" : root.name();
        StreamingOutput body = out -> archives.download(volumeId, caller, path, out);
        return Response.ok(body, "application/gzip")
                .header("Content-Disposition", "attachment; filename=\"" + name.replace("\"", "") + ".tar.gz\"")
                .build();
    }

    static Integer parseMode(String mode) {
        if (mode == null || mode.isBlank()) {
            return null;
        }
        try {
            return Integer.parseInt(mode.trim(), 8);
        } catch (NumberFormatException e) {
            throw VfsException.badParameter(
                    "mode", "an octal number", "mode must be octal, like 0644, not '" + mode + "'");
        }
    }
}
