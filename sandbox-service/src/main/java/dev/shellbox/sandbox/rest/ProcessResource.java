package dev.shellbox.sandbox.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.sandbox.service.ProcessInfo;
import dev.shellbox.sandbox.service.ProcessService;
import dev.shellbox.shell.gnu.signal.Signal;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Processes: programs that run on their own in a sandbox's container (servers, watchers, long builds), with their
 * output in logs read by byte offset, and signals. They keep running when the service restarts.
 */
@Path("/v1/sandboxes/{id}/processes")
public class ProcessResource {
    /** The log's offset of the first byte returned, and the offset to read from next. */
    static final String OFFSET = "Shellbox-Log-Offset";

    static final String NEXT_OFFSET = "Shellbox-Log-Next-Offset";
    /** "true" when the process ended and the log has no byte after these: reading on gives nothing more. */
    static final String ENDED = "Shellbox-Log-Ended";

    private final ProcessService processes;

    public ProcessResource(ProcessService processes) {
        this.processes = processes;
    }

    /**
     * @param command the bash command line to run (required)
     * @param cwd its working directory; /workspace when absent
     * @param env variables on top of the sandbox's
     */
    public record StartProcessRequest(
            @JsonProperty(required = true) String command, String cwd, Map<String, String> env) {}

    /** @param signal a signal's name (TERM, SIGKILL, ...) or number */
    public record SignalRequest(
            @JsonProperty(required = true) Object signal) {}

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<RestResponse<ProcessInfo>> start(
            @HeaderParam(UserId.HEADER) String user, @PathParam("id") String id, StartProcessRequest request) {
        ProcessService.StartCommand command = request == null
                ? null
                : new ProcessService.StartCommand(request.command(), request.cwd(), request.env());
        return processes
                .start(UserId.require(user), id, command)
                .map(p -> RestResponse.status(RestResponse.Status.CREATED, p));
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<ProcessInfo>> list(@HeaderParam(UserId.HEADER) String user, @PathParam("id") String id) {
        return processes.list(UserId.require(user), id);
    }

    @GET
    @Path("/{process}")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<ProcessInfo> get(
            @HeaderParam(UserId.HEADER) String user, @PathParam("id") String id, @PathParam("process") String process) {
        return processes.get(UserId.require(user), id, process);
    }

    /** Bytes of the process's stdout or stderr log from {@code offset}; the headers say where the next read starts. */
    @GET
    @Path("/{process}/logs/{stream}")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public Uni<RestResponse<byte[]>> log(
            @HeaderParam(UserId.HEADER) String user,
            @PathParam("id") String id,
            @PathParam("process") String process,
            @PathParam("stream") String stream,
            @QueryParam("offset") @DefaultValue("0") long offset,
            @QueryParam("limit") @DefaultValue("1048576") int limit) {
        int number = switch (stream) {
            case "stdout" -> 1;
            case "stderr" -> 2;
            default -> throw ProblemException.notFound("no log '" + stream + "': the logs are stdout and stderr");
        };
        return processes
                .log(UserId.require(user), id, process, number, offset, limit)
                .map(chunk -> RestResponse.ResponseBuilder.ok(chunk.data(), MediaType.APPLICATION_OCTET_STREAM)
                        .header(OFFSET, chunk.offset())
                        .header(NEXT_OFFSET, chunk.next())
                        .header(ENDED, chunk.ended())
                        .build());
    }

    @POST
    @Path("/{process}/signal")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<RestResponse<Void>> signal(
            @HeaderParam(UserId.HEADER) String user,
            @PathParam("id") String id,
            @PathParam("process") String process,
            SignalRequest request) {
        int signal = signalNumber(request == null ? null : request.signal());
        return processes.signal(UserId.require(user), id, process, signal).map(ignored -> RestResponse.noContent());
    }

    private static int signalNumber(Object spec) {
        if (spec instanceof Number n && n.intValue() >= 1 && n.intValue() <= Signal.LAST_STANDARD) {
            return n.intValue();
        }
        if (spec instanceof String s) {
            String name = s.toUpperCase(Locale.ROOT);
            int number = Signal.standardNumber(name.startsWith("SIG") ? name.substring(3) : name);
            if (number > 0) {
                return number;
            }
        }
        throw ProblemException.badField(
                "/signal", "a signal name (TERM, KILL, INT, ...) or number 1 to 31", "no such signal: " + spec);
    }
}
