package dev.shellbox.usage.domain;

import dev.shellbox.contracts.Problem;
import dev.shellbox.platform.problem.ProblemException;
import java.util.Map;

/** A failure the caller can act on; each kind answers with its own status as problem+json. */
public abstract sealed class UsageException extends ProblemException
        permits QuotaExceededException,
                PlanNotFoundException,
                PlanNotDeletableException,
                InvalidRequestException,
                NotAuthenticatedException,
                ForbiddenException,
                ConflictException,
                NotReadyException {
    protected UsageException(int status, String message) {
        super(status, message);
    }

    protected UsageException(Problem problem, Map<String, String> headers) {
        super(problem, headers);
    }
}
