package dev.shellbox.usage.rest;

import dev.shellbox.usage.domain.ForbiddenException;
import dev.shellbox.usage.domain.NotAuthenticatedException;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.util.Arrays;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Public paths ({@code /v1/**}) need a caller; admin paths ({@code /v1/admin/**}) need the admin role. Internal paths
 * ({@code /internal/v1/**}) carry the user in their body or path and are reachable only from the other services.
 */
public class IdentityFilter {
    @ServerRequestFilter
    public void requireCaller(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (!path.startsWith("/v1/")) {
            return;
        }
        String user = request.getHeaderString(Identity.USER);
        if (user == null || user.isBlank()) {
            throw new NotAuthenticatedException("no caller: the " + Identity.USER + " header is missing");
        }
        if (path.startsWith("/v1/admin/") && !hasRole(request.getHeaderString(Identity.ROLES), Identity.ADMIN_ROLE)) {
            throw new ForbiddenException("this needs the admin role");
        }
    }

    static boolean hasRole(String roles, String role) {
        return roles != null
                && Arrays.stream(roles.split(",")).map(String::trim).anyMatch(role::equals);
    }
}
