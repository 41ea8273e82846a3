package dev.shellbox.usage.rest;

import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.service.PlanService;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.jboss.resteasy.reactive.RestResponse;

@Path("/v1/plans")
@Produces(MediaType.APPLICATION_JSON)
public class PlanResource {
    private final PlanService plans;
    private final UsageConfig config;

    public PlanResource(PlanService plans, UsageConfig config) {
        this.plans = plans;
        this.config = config;
    }

    /** The built-in plans and the caller's own, with their limits, in the order they were defined. */
    @GET
    public RestResponse<List<PlanResponse>> plans(@HeaderParam(Identity.USER) String user) {
        return RestResponse.ResponseBuilder.ok(
                        plans.visibleTo(user).stream().map(PlanResponse::of).toList())
                .header(HttpHeaders.CACHE_CONTROL, cacheControl(config))
                .build();
    }

    /** What callers may cache: plans and refusals, for {@code shellbox.usage.caller-cache-ttl}. */
    static String cacheControl(UsageConfig config) {
        return "private, max-age=" + config.callerCacheTtl().toSeconds();
    }
}
