package dev.shellbox.usage.rest;

/** The identity headers the gateway forwards (docs/internal-api.md, "Identity propagation"). */
public final class Identity {
    public static final String USER = "X-Shellbox-User";
    public static final String ROLES = "X-Shellbox-Roles";
    public static final String ADMIN_ROLE = "admin";

    private Identity() {}
}
