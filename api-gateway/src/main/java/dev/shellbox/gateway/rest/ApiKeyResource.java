package dev.shellbox.gateway.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.shellbox.gateway.domain.ApiKey;
import dev.shellbox.gateway.service.ApiKeyService;
import dev.shellbox.platform.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestResponse;

/** Admin API for API keys. The router lets only admins through. */
@Path("/v1/admin/api-keys")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ApiKeyResource {
    private final ApiKeyService keys;

    public ApiKeyResource(ApiKeyService keys) {
        this.keys = keys;
    }

    /** What an admin sends to create a key: the user and a name are required, roles default to user. */
    public record CreateApiKeyRequest(
            @JsonProperty(required = true) String user,
            @JsonProperty(required = true) String name,
            List<String> roles) {}

    /** A key as listed: never the key itself. */
    public record ApiKeyResponse(
            UUID id,
            String user,
            String name,
            String prefix,
            List<String> roles,
            Instant createdAt,
            Instant lastUsedAt,
            Instant revokedAt) {
        static ApiKeyResponse of(ApiKey k) {
            return new ApiKeyResponse(
                    k.id,
                    k.userId,
                    k.name,
                    k.keyPrefix,
                    List.of(k.roles.split(",")),
                    k.createdAt,
                    k.lastUsedAt,
                    k.revokedAt);
        }
    }

    /** A new key, with the key shown this once. */
    public record CreatedApiKeyResponse(
            UUID id, String key, String user, String name, String prefix, List<String> roles, Instant createdAt) {}

    @POST
    public Uni<RestResponse<CreatedApiKeyResponse>> create(CreateApiKeyRequest request) {
        if (request == null) {
            throw ProblemException.badRequest("send {\"user\": ..., \"name\": ...}");
        }
        return keys.create(request.user(), request.name(), request.roles()).map(issued -> {
            ApiKey k = issued.key();
            return RestResponse.status(
                    RestResponse.Status.CREATED,
                    new CreatedApiKeyResponse(
                            k.id,
                            issued.secret(),
                            k.userId,
                            k.name,
                            k.keyPrefix,
                            List.of(k.roles.split(",")),
                            k.createdAt));
        });
    }

    @GET
    public Uni<List<ApiKeyResponse>> list(@QueryParam("user") String user) {
        return keys.list(user).map(all -> all.stream().map(ApiKeyResponse::of).toList());
    }

    @DELETE
    @Path("/{keyId}")
    public Uni<RestResponse<Void>> revoke(@PathParam("keyId") String id) {
        UUID uuid;
        try {
            uuid = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ProblemException.notFound("no API key '" + id + "'");
        }
        return keys.revoke(uuid).map(k -> RestResponse.noContent());
    }
}
