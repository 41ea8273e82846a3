package dev.shellbox.vfs.rest;

import dev.shellbox.contracts.volume.CommitRequest;
import dev.shellbox.contracts.volume.CommitResponse;
import dev.shellbox.contracts.volume.StoredBlob;
import dev.shellbox.contracts.volume.VolumeChanges;
import dev.shellbox.contracts.volume.VolumeTree;
import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.FileRead;
import dev.shellbox.vfs.domain.SnapshotInfo;
import dev.shellbox.vfs.domain.StoredContent;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.domain.VolumeInfo;
import dev.shellbox.vfs.service.BlobService;
import dev.shellbox.vfs.service.CommitService;
import dev.shellbox.vfs.service.FileService;
import dev.shellbox.vfs.service.GarbageCollector;
import dev.shellbox.vfs.service.SnapshotService;
import dev.shellbox.vfs.service.VolumeService;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
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
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The internal volume API: what sandbox-service uses to create, load, sync and destroy volumes. */
@Path("/internal/v1/volumes")
@Tag(name = "volumes", description = "Internal: volumes as wholes")
@Produces(MediaType.APPLICATION_JSON)
public class VolumeResource {
    private final VolumeService volumes;
    private final FileService files;
    private final BlobService blobs;
    private final GarbageCollector collector;
    private final CommitService commits;
    private final SnapshotService snapshots;

    public VolumeResource(
            VolumeService volumes,
            FileService files,
            BlobService blobs,
            GarbageCollector collector,
            CommitService commits,
            SnapshotService snapshots) {
        this.volumes = volumes;
        this.files = files;
        this.blobs = blobs;
        this.collector = collector;
        this.commits = commits;
        this.snapshots = snapshots;
    }

    public record CreateVolumeRequest(String volumeId, String userId) {}

    public record SnapshotRequest(String path) {}

    public record RestoreResponse(long version) {}

    public record ForkRequest(String newVolumeId, String userId) {}

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create an empty volume (/workspace, /home/user, /tmp); idempotent for the same user")
    public Response create(CreateVolumeRequest request) {
        if (request == null) {
            throw new VfsException(Errno.EINVAL, null, "a body {volumeId, userId} is required");
        }
        VolumeService.Created created = volumes.create(request.volumeId(), request.userId());
        return Response.status(created.created() ? 201 : 200)
                .entity(created.volume())
                .build();
    }

    @GET
    @Path("{volumeId}")
    @Operation(summary = "A volume's owner, version, number of entries and bytes")
    public VolumeInfo get(@PathParam("volumeId") String volumeId) {
        return volumes.info(volumeId);
    }

    @DELETE
    @Path("{volumeId}")
    @Operation(summary = "Destroy a volume: its metadata, snapshots, and the content only it used")
    public Response destroy(@PathParam("volumeId") String volumeId) {
        collector.destroyVolume(VolumeService.checkId(volumeId));
        return Response.noContent().build();
    }

    @GET
    @Path("{volumeId}/tree")
    @Operation(summary = "Every entry under a path with small files' bytes, consistent with the returned version")
    public VolumeTree tree(
            @PathParam("volumeId") String volumeId, @QueryParam("path") String path, @Context HttpHeaders headers) {
        return volumes.tree(volumeId, path, Callers.of(headers));
    }

    @GET
    @Path("{volumeId}/changes")
    @Operation(summary = "The paths changed after version `since` (truncated: reload the tree)")
    public VolumeChanges changes(
            @PathParam("volumeId") String volumeId, @QueryParam("since") long since, @Context HttpHeaders headers) {
        return volumes.changes(volumeId, since, Callers.of(headers));
    }

    @GET
    @Path("{volumeId}/content/{sha256}")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    @Operation(summary = "The bytes of a content hash that the volume references")
    public Response content(
            @PathParam("volumeId") String volumeId, @PathParam("sha256") String sha256, @Context HttpHeaders headers) {
        FileRead file = volumes.contentOf(volumeId, BlobService.checkSha256(sha256), Callers.of(headers));
        long size = file.info().size();
        StreamingOutput body = out -> {
            long start = System.nanoTime();
            long sent = 0;
            try (InputStream in = files.bytes(file, 0, size - 1)) {
                byte[] buffer = new byte[64 * 1024];
                int n;
                while ((n = in.read(buffer)) > 0) {
                    out.write(buffer, 0, n);
                    sent += n;
                }
            } finally {
                files.meterRead(file, volumeId, sent, start);
            }
        };
        return Response.ok(body, MediaType.APPLICATION_OCTET_STREAM)
                .header("Content-Length", Long.toString(size))
                .header("ETag", "\"" + file.info().sha256() + "\"")
                .build();
    }

    @POST
    @Path("{volumeId}/blobs")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Store content for a later commit; unreferenced blobs are swept after a grace period")
    public StoredBlob blob(@PathParam("volumeId") String volumeId, @Context HttpHeaders headers, InputStream body) {
        StoredContent stored = blobs.store(volumeId, Callers.of(headers), body);
        return new StoredBlob(stored.sha256(), stored.size());
    }

    @POST
    @Path("{volumeId}/commit")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            summary = "Apply changes atomically against a base version; 409 with the conflicting paths when any of"
                    + " them changed after it")
    public CommitResponse commit(
            @PathParam("volumeId") String volumeId, CommitRequest request, @Context HttpHeaders headers) {
        if (request == null || request.baseVersion() == null) {
            throw new VfsException(Errno.EINVAL, null, "a body {baseVersion, changes} is required");
        }
        long version = commits.commit(volumeId, Callers.of(headers), request.baseVersion(), request.changes());
        return new CommitResponse(version, request.changes().size());
    }

    @POST
    @Path("{volumeId}/snapshots")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Snapshot the volume, or the directory at path; content is shared, not copied")
    public Response snapshot(
            @PathParam("volumeId") String volumeId, SnapshotRequest request, @Context HttpHeaders headers) {
        SnapshotInfo info = snapshots.snapshot(volumeId, Callers.of(headers), request == null ? null : request.path());
        return Response.status(201).entity(info).build();
    }

    @GET
    @Path("{volumeId}/snapshots")
    @Operation(summary = "The snapshots of a volume, oldest first")
    public List<SnapshotInfo> snapshots(@PathParam("volumeId") String volumeId) {
        return snapshots.list(volumeId);
    }

    @DELETE
    @Path("{volumeId}/snapshots/{snapshotId}")
    @Operation(summary = "Delete a snapshot")
    public Response deleteSnapshot(@PathParam("volumeId") String volumeId, @PathParam("snapshotId") UUID snapshotId) {
        snapshots.delete(volumeId, snapshotId);
        return Response.noContent().build();
    }

    @POST
    @Path("{volumeId}/snapshots/{snapshotId}/restore")
    @Operation(summary = "Replace what is at the snapshot's path by the snapshot, atomically")
    public RestoreResponse restore(
            @PathParam("volumeId") String volumeId,
            @PathParam("snapshotId") UUID snapshotId,
            @Context HttpHeaders headers) {
        return new RestoreResponse(snapshots.restore(volumeId, Callers.of(headers), snapshotId));
    }

    @POST
    @Path("{volumeId}/fork")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Fork the volume into a new one (same tree and version, shared content)")
    public Response fork(@PathParam("volumeId") String volumeId, ForkRequest request, @Context HttpHeaders headers) {
        if (request == null) {
            throw new VfsException(Errno.EINVAL, null, "a body {newVolumeId, userId} is required");
        }
        VolumeInfo info = snapshots.fork(volumeId, Callers.of(headers), request.newVolumeId(), request.userId());
        return Response.status(201).entity(info).build();
    }
}
