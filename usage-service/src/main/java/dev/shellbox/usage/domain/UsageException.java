package dev.shellbox.usage.domain;

/** A failure the caller can act on; the exception mapper turns each kind into its problem+json answer. */
public abstract sealed class UsageException extends RuntimeException
        permits QuotaExceededException,
                PlanNotFoundException,
                InvalidRequestException,
                NotAuthenticatedException,
                ForbiddenException,
                ConflictException,
                NotReadyException {
    protected UsageException(String message) {
        super(message, null, false, false);
    }
}
