package dev.shellbox.usage.domain;

/** A request that needs a caller came without one (401). */
public final class NotAuthenticatedException extends UsageException {
    public NotAuthenticatedException(String message) {
        super(401, message);
    }
}
