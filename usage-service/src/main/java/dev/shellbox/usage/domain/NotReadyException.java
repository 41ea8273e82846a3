package dev.shellbox.usage.domain;

/** The service is still loading its counters (503). */
public final class NotReadyException extends UsageException {
    public NotReadyException(String message) {
        super(message);
    }
}
