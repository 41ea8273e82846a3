package dev.shellbox.usage.rest;

import dev.shellbox.usage.domain.InvalidRequestException;
import dev.shellbox.usage.service.PlanService;
import dev.shellbox.usage.service.UsageQueryService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;

/** Plans and assignments; every path needs the admin role ({@link IdentityFilter}). */
@Path("/v1/admin")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AdminResource {
    private final PlanService plans;
    private final UsageQueryService usage;

    public AdminResource(PlanService plans, UsageQueryService usage) {
        this.plans = plans;
        this.usage = usage;
    }

    @GET
    @Path("/plans")
    public List<PlanResponse> plans() {
        return plans.all().stream().map(PlanResponse::of).toList();
    }

    @GET
    @Path("/plans/{plan}")
    public PlanResponse plan(@PathParam("plan") String name) {
        return PlanResponse.of(plans.get(name));
    }

    /** Changes the named limits of a plan (200), or defines the plan when it is new (201). */
    @PUT
    @Path("/plans/{plan}")
    public Uni<Response> putPlan(@PathParam("plan") String name, PlanRequest body, UriInfo uri) {
        if (body == null) {
            throw new InvalidRequestException("a body {name, limits: {...}} is required");
        }
        String normalized = PlanService.normalize(name);
        if (body.name() != null && !PlanService.normalize(body.name()).equals(normalized)) {
            throw new InvalidRequestException(
                    "the body names plan '" + body.name() + "' but the path names '" + name + "'");
        }
        return plans.put(normalized, body.changes()).map(change -> {
            PlanResponse plan = PlanResponse.of(change.plan());
            return change.created()
                    ? Response.created(uri.getAbsolutePath()).entity(plan).build()
                    : Response.ok(plan).build();
        });
    }

    /** Deletes a plan no user is on (204); built-in plans and plans users are on stay (409). */
    @DELETE
    @Path("/plans/{plan}")
    public Uni<Void> deletePlan(@PathParam("plan") String name) {
        return plans.delete(name);
    }

    @GET
    @Path("/users/{user}/plan")
    public UserPlanResponse userPlan(@PathParam("user") String user) {
        PlanService.Assignment a = plans.assignmentOf(user);
        return new UserPlanResponse(user, a.plan(), a.version() > 0);
    }

    /** Puts a user on a plan; the next quota decision for the user uses it. */
    @PUT
    @Path("/users/{user}/plan")
    public Uni<UserPlanResponse> assign(@PathParam("user") String user, UserPlanRequest body) {
        return plans.assign(user, body == null ? null : body.plan())
                .map(a -> new UserPlanResponse(a.userId(), a.plan(), true));
    }

    /** The user's raw usage events of the UTC days {@code from} to {@code to} (default today), newest first. */
    @GET
    @Path("/users/{user}/events")
    public Uni<List<RecordedEventResponse>> events(
            @PathParam("user") String user,
            @QueryParam("from") String from,
            @QueryParam("to") String to,
            @QueryParam("limit") String limit) {
        return usage.rawEvents(user, from, to, limit)
                .map(events -> events.stream().map(RecordedEventResponse::of).toList());
    }
}
