package dev.shellbox.usage.rest;

import dev.shellbox.usage.service.UsageQueryService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

@Path("/v1/usage")
@Produces(MediaType.APPLICATION_JSON)
public class UsageResource {
    private final UsageQueryService usage;

    public UsageResource(UsageQueryService usage) {
        this.usage = usage;
    }

    /** The caller's daily aggregates from {@code from} to {@code to} (UTC dates, inclusive). */
    @GET
    public Uni<UsageResponse> usage(
            @HeaderParam(Identity.USER) String user, @QueryParam("from") String from, @QueryParam("to") String to) {
        return usage.report(user, from, to).map(UsageResponse::of);
    }
}
