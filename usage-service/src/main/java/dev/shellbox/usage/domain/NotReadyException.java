package dev.shellbox.usage.domain;

import dev.shellbox.contracts.Problem;
import java.util.Map;

/** The service is still loading its counters (503). */
public final class NotReadyException extends UsageException {
    public NotReadyException(String message) {
        super(Problem.of(503, message), Map.of("Retry-After", "1"));
    }
}
