package dev.shellbox.gateway.routing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.Problem;
import dev.shellbox.gateway.client.UsageClient;
import dev.shellbox.platform.problem.ProblemException;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/** Answers a routed request with problem+json, as every Shellbox error is answered. */
@ApplicationScoped
class ProblemWriter {
    private static final Logger LOG = Logger.getLogger(ProblemWriter.class);

    private final ObjectMapper mapper;

    ProblemWriter(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    void write(RoutingContext ctx, Throwable failure) {
        Problem problem;
        if (failure instanceof ProblemException p) {
            problem = p.problem();
        } else {
            LOG.errorf(
                    failure,
                    "%s %s failed",
                    ctx.request().method(),
                    ctx.request().path());
            problem = Problem.of(500, "Internal Server Error", "an unexpected error occurred; it has been logged");
        }
        if (problem.instance() == null) {
            problem = problem.withInstance(ctx.request().path());
        }
        var response = ctx.response();
        if (response.headWritten()) {
            response.reset();
            return;
        }
        if (problem.status() >= 500) {
            LOG.warnf(
                    "%s %s -> %d %s", ctx.request().method(), ctx.request().path(), problem.status(), problem.detail());
        } else {
            LOG.debugf(
                    "%s %s -> %d %s", ctx.request().method(), ctx.request().path(), problem.status(), problem.detail());
        }
        response.setStatusCode(problem.status()).putHeader("Content-Type", Problem.MEDIA_TYPE);
        if (problem.status() == 401) {
            response.putHeader("WWW-Authenticate", "Bearer realm=\"shellbox\"");
        }
        if (failure instanceof UsageClient.QuotaExceeded q && q.retryAfter() != null) {
            response.putHeader("Retry-After", q.retryAfter());
        } else if (problem.status() == 429 && "requests_per_second".equals(problem.limit())) {
            response.putHeader("Retry-After", "1");
        }
        try {
            response.end(mapper.writeValueAsString(problem));
        } catch (JsonProcessingException e) {
            response.end();
        }
    }
}
