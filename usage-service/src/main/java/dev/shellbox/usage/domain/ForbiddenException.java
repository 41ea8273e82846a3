package dev.shellbox.usage.domain;

/** The caller lacks the role the request needs (403). */
public final class ForbiddenException extends UsageException {
    public ForbiddenException(String message) {
        super(403, message);
    }
}
