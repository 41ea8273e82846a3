package dev.shellbox.vfs.domain;

/**
 * Who is asking, from the gateway's identity headers. A caller with a user id may only use that user's volumes
 * (others look missing); admins and internal callers without one may use any.
 */
public record Caller(String userId, boolean admin) {
    public static final Caller INTERNAL = new Caller(null, true);

    public boolean mayUse(Volume volume) {
        return admin || userId == null || userId.equals(volume.userId);
    }
}
