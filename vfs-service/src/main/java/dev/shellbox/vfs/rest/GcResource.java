package dev.shellbox.vfs.rest;

import dev.shellbox.vfs.domain.Errno;
import dev.shellbox.vfs.domain.VfsException;
import dev.shellbox.vfs.service.GarbageCollector;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Internal: runs the orphan sweep now (it also runs on a schedule). */
@Path("/internal/v1/gc")
@Tag(name = "gc", description = "Internal: garbage collection")
public class GcResource {
    private final GarbageCollector collector;
    private final Duration defaultGrace;

    public GcResource(GarbageCollector collector, dev.shellbox.vfs.config.VfsConfig config) {
        this.collector = collector;
        this.defaultGrace = config.gc().grace();
    }

    @POST
    @Path("sweep")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(
            summary = "Delete unreferenced contents and chunks older than the grace period"
                    + " (graceSeconds overrides the configured one)")
    public GarbageCollector.Report sweep(@QueryParam("graceSeconds") Long graceSeconds) {
        if (graceSeconds != null && graceSeconds < 0) {
            throw new VfsException(Errno.EINVAL, null, "graceSeconds must not be negative");
        }
        return collector.sweep(graceSeconds == null ? defaultGrace : Duration.ofSeconds(graceSeconds));
    }
}
