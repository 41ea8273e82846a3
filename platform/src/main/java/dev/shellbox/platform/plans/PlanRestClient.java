package dev.shellbox.platform.plans;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** usage-service's plan endpoint (docs/internal-api.md), as {@link PlanClient} uses it. */
@Path("/internal/v1/users")
interface PlanRestClient {
    /** The answer: the plan's name and its limits by key; keys this build does not know and non-numbers are skipped. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record PlanBody(String name, Map<String, Object> limits) {}

    @GET
    @Path("/{userId}/plan")
    @Produces(MediaType.APPLICATION_JSON)
    PlanBody plan(@PathParam("userId") String userId);
}
