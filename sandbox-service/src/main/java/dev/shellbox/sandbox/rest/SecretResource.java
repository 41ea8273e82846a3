package dev.shellbox.sandbox.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.sandbox.service.SecretService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.jboss.resteasy.reactive.RestResponse;

/** The caller's secrets: written once, listed by their metadata, never read back. */
@Path("/v1/secrets")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class SecretResource {
    private final SecretService secrets;
    private final ObjectMapper mapper;

    public SecretResource(SecretService secrets, ObjectMapper mapper) {
        this.secrets = secrets;
        this.mapper = mapper;
    }

    @GET
    public Uni<List<SecretResponse>> list(@HeaderParam(UserId.HEADER) String user) {
        return secrets.list(UserId.require(user))
                .map(list -> list.stream().map(SecretResponse::of).toList());
    }

    @GET
    @Path("/{name}")
    public Uni<SecretResponse> get(@HeaderParam(UserId.HEADER) String user, @PathParam("name") String name) {
        return secrets.get(UserId.require(user), name).map(SecretResponse::of);
    }

    /** Creates or replaces a secret; the body is {@link SecretRequest}, read without ever quoting the value. */
    @PUT
    @Path("/{name}")
    public Uni<SecretResponse> put(@HeaderParam(UserId.HEADER) String user, @PathParam("name") String name, byte[] body)
            throws JsonProcessingException {
        String userId = UserId.require(user);
        SecretRequest request = SecretRequest.read(mapper, body);
        return secrets.put(userId, name, request.value(), request.description()).map(SecretResponse::of);
    }

    @DELETE
    @Path("/{name}")
    public Uni<RestResponse<Void>> delete(@HeaderParam(UserId.HEADER) String user, @PathParam("name") String name) {
        return secrets.delete(UserId.require(user), name).map(v -> RestResponse.noContent());
    }
}
