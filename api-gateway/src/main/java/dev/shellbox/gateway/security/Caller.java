package dev.shellbox.gateway.security;

import java.util.Set;

/**
 * Who sent a request, once authenticated.
 *
 * @param userId the user the request acts for
 * @param roles its roles ({@code user}, {@code admin})
 * @param credential {@code api-key} or {@code oidc}
 * @param rateKey what the per-caller rate limit counts by: the API key's id, or the user for tokens
 */
public record Caller(String userId, Set<String> roles, String credential, String rateKey) {
    public static final String ADMIN = "admin";

    public boolean isAdmin() {
        return roles.contains(ADMIN);
    }
}
