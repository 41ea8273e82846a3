package dev.shellbox.vfs.rest;

import dev.shellbox.vfs.domain.Caller;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Arrays;

/** The caller of a request, from the identity headers the gateway forwards. */
final class Callers {
    static final String USER = "X-Shellbox-User";
    static final String ROLES = "X-Shellbox-Roles";

    private Callers() {}

    static Caller of(HttpHeaders headers) {
        String user = headers.getHeaderString(USER);
        String roles = headers.getHeaderString(ROLES);
        boolean admin = roles != null
                && Arrays.stream(roles.split(",")).anyMatch(r -> r.trim().equals("admin"));
        return new Caller(user == null || user.isBlank() ? null : user.trim(), admin);
    }
}
