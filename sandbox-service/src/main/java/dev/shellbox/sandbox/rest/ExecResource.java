package dev.shellbox.sandbox.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.sandbox.service.ExecCommand;
import dev.shellbox.sandbox.service.ExecService;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import java.util.Map;

/** Running scripts: whole results, or Server-Sent Events as the output is produced. */
@Path("/v1/sandboxes/{id}/exec")
@Consumes(MediaType.APPLICATION_JSON)
public class ExecResource {
    private final ExecService execs;
    private final ObjectMapper mapper;

    public ExecResource(ExecService execs, ObjectMapper mapper) {
        this.execs = execs;
        this.mapper = mapper;
    }

    /** Runs the script and answers when it ends. A script that fails is still a 200 with its exit code. */
    @POST
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<ExecResponse> exec(
            @HeaderParam(UserId.HEADER) String user, @PathParam("id") String id, ExecRequest request) {
        return execs.exec(UserId.require(user), id, ExecRequest.toCommand(request), null)
                .map(ExecResponse::of);
    }

    /**
     * Runs the script and streams events: {@code stdout} and {@code stderr} with {@code {"text": ...}} chunks as they
     * are written, then {@code exit} with the whole result except the output. A client that disconnects cancels the
     * script.
     */
    @POST
    @Path("/stream")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public Multi<OutboundSseEvent> stream(
            @HeaderParam(UserId.HEADER) String user,
            @PathParam("id") String id,
            ExecRequest request,
            @Context Sse sse) {
        String userId = UserId.require(user);
        ExecCommand command = ExecRequest.toCommand(request);
        // bad input is a 400, not an error event after a 200
        execs.validate(command);
        Map<String, OutputText.Splitter> splitters =
                Map.of("stdout", new OutputText.Splitter(), "stderr", new OutputText.Splitter());
        return Multi.createFrom().emitter(emitter -> {
            var cancellable = execs.exec(userId, id, command, (stream, bytes) -> {
                        byte[] whole = splitters.get(stream).take(bytes);
                        if (whole.length > 0) {
                            emitter.emit(event(sse, stream, OutputText.chunk(whole)));
                        }
                    })
                    .subscribe()
                    .with(
                            result -> {
                                splitters.forEach((stream, splitter) -> {
                                    byte[] rest = splitter.rest();
                                    if (rest.length > 0) {
                                        emitter.emit(event(sse, stream, OutputText.chunk(rest)));
                                    }
                                });
                                emitter.emit(event(sse, "exit", ExecResponse.exitEvent(result)));
                                emitter.complete();
                            },
                            failure -> {
                                if (failure instanceof ProblemException p) {
                                    emitter.emit(event(sse, "error", p.problem()));
                                    emitter.complete();
                                } else {
                                    emitter.fail(failure);
                                }
                            });
            emitter.onTermination(cancellable::cancel);
        });
    }

    private OutboundSseEvent event(Sse sse, String name, Object data) {
        try {
            // Each event's data is one line of JSON, so that any SSE client reads it back unchanged.
            return sse.newEventBuilder()
                    .name(name)
                    .data(mapper.writeValueAsString(data))
                    .build();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
