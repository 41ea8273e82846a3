package dev.shellbox.usage.rest;

import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.service.PlanService;
import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestResponse;

/** The plan whose limits sandbox-service applies to an exec. */
@Path("/internal/v1/users/{userId}/plan")
@Produces(MediaType.APPLICATION_JSON)
public class InternalUserResource {
    private final PlanService plans;
    private final UsageConfig config;

    public InternalUserResource(PlanService plans, UsageConfig config) {
        this.plans = plans;
        this.config = config;
    }

    @GET
    @NonBlocking
    public RestResponse<PlanResponse> plan(@PathParam("userId") String userId) {
        return RestResponse.ResponseBuilder.ok(PlanResponse.of(plans.planOf(userId)))
                .header(HttpHeaders.CACHE_CONTROL, PlanResource.cacheControl(config))
                .build();
    }
}
