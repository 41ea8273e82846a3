package dev.shellbox.usage.domain;

/** A concurrent change won; retrying the request is safe (409). */
public final class ConflictException extends UsageException {
    public ConflictException(String message) {
        super(409, message);
    }
}
