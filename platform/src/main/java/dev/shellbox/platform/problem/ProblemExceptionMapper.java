package dev.shellbox.platform.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.shellbox.contracts.Problem;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The only exception mapper of every service: renders each failure of a JAX-RS resource through
 * {@link ProblemAnswers}. One method per exception type that a framework mapper also claims, so that this class wins
 * for each of them (Quarkus maps {@link MismatchedInputException} to an empty 400 otherwise); all at the default
 * priority, none competing with another for one type.
 */
public class ProblemExceptionMapper {
    @ServerExceptionMapper
    public Response problem(ProblemException e, @Context HttpServerRequest request) {
        return render(e, request);
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, @Context HttpServerRequest request) {
        return render(e, request);
    }

    @ServerExceptionMapper
    public Response mismatchedJson(MismatchedInputException e, @Context HttpServerRequest request) {
        return render(e, request);
    }

    @ServerExceptionMapper
    public Response unreadableJson(JsonProcessingException e, @Context HttpServerRequest request) {
        return render(e, request);
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e, @Context HttpServerRequest request) {
        return render(e, request);
    }

    static Response render(Throwable e, HttpServerRequest request) {
        ProblemAnswers.Answer answer = ProblemAnswers.answer(
                e,
                request == null ? "" : request.method().name(),
                request == null ? null : request.path(),
                request == null ? null : request.getHeader("Content-Type"));
        Response.ResponseBuilder response =
                Response.status(answer.status()).type(Problem.MEDIA_TYPE).entity(answer.problem());
        answer.headers().forEach(response::header);
        return response.build();
    }
}
