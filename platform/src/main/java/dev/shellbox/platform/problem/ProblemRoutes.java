package dev.shellbox.platform.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.Problem;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * problem+json for what the HTTP router answers itself, before any resource: a path no route serves (404), a method
 * no route of the path accepts (405), and a failure no resource handled. Also the writer of problems onto Vert.x
 * responses, for routes that are not JAX-RS resources (the gateway's).
 */
@ApplicationScoped
public class ProblemRoutes {
    private final ObjectMapper json;

    ProblemRoutes(ObjectMapper json) {
        this.json = json;
    }

    void register(@Observes Router router) {
        router.errorHandler(
                404,
                ctx -> write(
                        ctx,
                        ProblemException.notFound("no such resource: "
                                + ctx.request().method() + " " + ctx.request().path())));
        router.errorHandler(
                405,
                ctx -> write(
                        ctx,
                        new ProblemException(
                                405,
                                ctx.request().method() + " is not allowed on "
                                        + ctx.request().path())));
    }

    /** Answers the request with the problem+json of a failure (a reset when the answer has begun already). */
    public void write(RoutingContext ctx, Throwable failure) {
        HttpServerResponse response = ctx.response();
        ProblemAnswers.Answer answer = ProblemAnswers.answer(
                failure,
                ctx.request().method().name(),
                ctx.request().path(),
                ctx.request().getHeader("Content-Type"));
        if (response.headWritten()) {
            response.reset();
            return;
        }
        response.setStatusCode(answer.status()).putHeader("Content-Type", Problem.MEDIA_TYPE);
        answer.headers().forEach(response::putHeader);
        response.end(body(answer.problem()));
    }

    /** The JSON text of a problem. */
    public String body(Problem problem) {
        try {
            return json.writeValueAsString(problem);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a problem is always serializable", e);
        }
    }
}
