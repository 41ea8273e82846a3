package dev.shellbox.gateway.security;

import dev.shellbox.gateway.service.ApiKeyService;
import dev.shellbox.platform.problem.ProblemException;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.oidc.TenantIdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Turns an {@code Authorization: Bearer ...} header into a {@link Caller}: Shellbox API keys ({@code sbx_...}) are
 * checked against their hashes, anything else is verified as an OIDC access token (issuer, audience, signature by
 * the provider's JWKS, expiry) by quarkus-oidc. Every failure is a 401 problem.
 */
@ApplicationScoped
public class Authenticator {
    private static final Logger LOG = Logger.getLogger(Authenticator.class);

    private final ApiKeyService apiKeys;
    private final TenantIdentityProvider oidc;

    public Authenticator(ApiKeyService apiKeys, TenantIdentityProvider oidc) {
        this.apiKeys = apiKeys;
        this.oidc = oidc;
    }

    public Uni<Caller> authenticate(String authorization) {
        if (authorization == null || authorization.isBlank()) {
            return Uni.createFrom()
                    .failure(ProblemException.unauthorized(
                            "missing credentials: send 'Authorization: Bearer <API key or access token>'"));
        }
        if (!authorization.regionMatches(true, 0, "Bearer ", 0, 7) || authorization.length() == 7) {
            return Uni.createFrom()
                    .failure(ProblemException.unauthorized("the Authorization header must be 'Bearer <credential>'"));
        }
        String token = authorization.substring(7).trim();
        if (ApiKeyService.looksLikeApiKey(token)) {
            return apiKeys.authenticate(token);
        }
        return oidc.authenticate(new AccessTokenCredential(token))
                .map(Authenticator::fromToken)
                .onFailure(e -> !(e instanceof ProblemException))
                .transform(e -> {
                    LOG.debugf("access token refused: %s", e.getMessage());
                    return ProblemException.unauthorized("invalid or expired access token");
                });
    }

    private static Caller fromToken(SecurityIdentity identity) {
        String user = identity.getPrincipal().getName();
        Set<String> roles = identity.getRoles();
        return new Caller(user, roles.isEmpty() ? Set.of("user") : Set.copyOf(roles), "oidc", "oidc:" + user);
    }
}
