package dev.shellbox.usage.domain;

/** Input the service cannot accept (400); the message says what to change. */
public final class InvalidRequestException extends UsageException {
    public InvalidRequestException(String message) {
        super(400, message);
    }
}
