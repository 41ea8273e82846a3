package dev.shellbox.sandbox.service;

import dev.shellbox.contracts.Location;
import dev.shellbox.contracts.Operation;
import dev.shellbox.contracts.Topics;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.platform.outbox.Outbox;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.platform.reactive.Blocking;
import dev.shellbox.sandbox.domain.ExecLimits;
import dev.shellbox.sandbox.domain.Sandbox;
import dev.shellbox.sandbox.domain.SandboxState;
import dev.shellbox.sandbox.runtime.SandboxRuntime;
import dev.shellbox.sandbox.runtime.SandboxRuntimes;
import dev.shellbox.supervisor.Hello;
import dev.shellbox.supervisor.LogChunk;
import dev.shellbox.supervisor.Program;
import dev.shellbox.supervisor.ProgramStart;
import dev.shellbox.supervisor.ProgramStatus;
import dev.shellbox.supervisor.Supervisor;
import dev.shellbox.supervisor.SupervisorException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Programs that run on their own in a sandbox's container, apart from any exec: servers, watchers, long builds. The
 * supervisor keeps each one's output in logs an agent reads by offset, and keeps them running when the service
 * restarts. A pause or a destroy ends them; their ids are those of one container's life.
 */
@ApplicationScoped
public class ProcessService {
    /** Most log bytes one read returns. */
    public static final int MAX_READ = 1 << 20;

    private static final Pattern ID = Pattern.compile("([0-9a-f]{8})-([0-9]{1,18})");
    private static final String SHELL = "/bin/bash";

    private final SandboxService sandboxes;
    private final SandboxRuntimes runtimes;
    private final PlanLimits plans;
    private final Outbox outbox;

    public ProcessService(SandboxService sandboxes, SandboxRuntimes runtimes, PlanLimits plans, Outbox outbox) {
        this.sandboxes = sandboxes;
        this.runtimes = runtimes;
        this.plans = plans;
        this.outbox = outbox;
    }

    /**
     * What to start: a bash command line, with an optional working directory and variables on top of the sandbox's.
     */
    public record StartCommand(String command, String cwd, Map<String, String> env) {}

    /** Starts {@code command} under bash in the sandbox's container, resuming the sandbox when it is paused. */
    public Uni<ProcessInfo> start(String userId, String sandboxId, StartCommand command) {
        validate(command);
        return sandboxes
                .get(userId, sandboxId)
                .flatMap(s -> s.state == SandboxState.PAUSED
                        ? sandboxes.resume(userId, sandboxId)
                        : Uni.createFrom().item(s))
                .flatMap(sandbox -> runtimes.savedSessionsIfNotRunning(sandbox.id)
                        .flatMap(saved -> Blocking.onWorker(() -> {
                            ExecLimits limits = plans.forUser(userId);
                            SandboxRuntime runtime = runtimes.obtain(sandbox, limits, saved);
                            runtime.view().refresh();
                            Supervisor supervisor = supervisorOf(runtime);
                            Map<String, String> env = new HashMap<>(runtime.programEnvironment());
                            env.putAll(runtime.environment());
                            if (command.env() != null) {
                                env.putAll(command.env());
                            }
                            ProgramStart start = new ProgramStart(
                                    List.of(SHELL, "-c", command.command()),
                                    command.cwd() == null ? SandboxRuntime.WORKSPACE : command.cwd(),
                                    env,
                                    List.of(),
                                    null,
                                    false,
                                    ProgramStart.Output.LOG,
                                    ProgramStart.Output.LOG,
                                    ProgramStart.DEFAULT_WINDOW);
                            Hello hello = supervisor.hello();
                            try (Program program = supervisor.start(start)) {
                                return describe(hello, find(supervisor, program.id()));
                            } catch (SupervisorException e) {
                                throw ProblemException.badRequest("the process could not start: " + e.getMessage());
                            }
                        }))
                        .call(started -> meter(sandbox)));
    }

    private static void validate(StartCommand c) {
        CommandInput.requireCommand(c == null ? null : c.command(), "the bash command to run");
        CommandInput.requirePlace(c.cwd(), c.env());
    }

    /** The sandbox's processes of its running container, in the order they started; none when it runs nothing. */
    public Uni<List<ProcessInfo>> list(String userId, String sandboxId) {
        return withSupervisor(
                        userId,
                        sandboxId,
                        (supervisor, hello) -> supervisor.list().stream()
                                .map(p -> describe(hello, p))
                                .toList())
                .map(found -> found.orElse(List.of()));
    }

    public Uni<ProcessInfo> get(String userId, String sandboxId, String processId) {
        return withProcess(
                userId,
                sandboxId,
                processId,
                (supervisor, hello, program) -> describe(hello, find(supervisor, program)));
    }

    /**
     * Up to {@code limit} bytes of a process's log ({@code stream} 1: stdout, 2: stderr) from {@code offset}: the
     * offset after them is the cursor of the next read.
     */
    public Uni<LogChunk> log(String userId, String sandboxId, String processId, int stream, long offset, int limit) {
        if (offset < 0) {
            throw ProblemException.badParameter("offset", "a byte offset, 0 or more", "offset must not be negative");
        }
        if (limit < 1 || limit > MAX_READ) {
            throw ProblemException.badParameter(
                    "limit", "1 to " + MAX_READ, "limit must be between 1 and " + MAX_READ + " bytes");
        }
        return withProcess(
                userId,
                sandboxId,
                processId,
                (supervisor, hello, program) -> supervisor.readLog(program, stream, offset, limit));
    }

    /** Sends a signal to every process of the process's tree. */
    public Uni<Void> signal(String userId, String sandboxId, String processId, int signal) {
        if (signal < 1 || signal > 64) {
            throw ProblemException.badField("/signal", "a signal number 1 to 64 or a name", "no such signal");
        }
        return withProcess(userId, sandboxId, processId, (supervisor, hello, program) -> {
            try {
                supervisor.signal(program, signal, true);
            } catch (SupervisorException e) {
                if (e.errno() != 3) {
                    throw e;
                }
                throw ProblemException.conflict("process '" + processId + "' has ended");
            }
            return null;
        });
    }

    private interface SupervisorCall<T> {
        T call(Supervisor supervisor, Hello hello) throws IOException;
    }

    private interface ProcessCall<T> {
        T call(Supervisor supervisor, Hello hello, long program) throws IOException;
    }

    /** Runs {@code call} against the sandbox's running container; empty when it has none. */
    private <T> Uni<Optional<T>> withSupervisor(String userId, String sandboxId, SupervisorCall<T> call) {
        return sandboxes
                .get(userId, sandboxId)
                .flatMap(sandbox -> sandbox.state != SandboxState.RUNNING
                        ? Uni.createFrom().item(Optional.<T>empty())
                        : runtimes.savedSessionsIfNotRunning(sandboxId)
                                .flatMap(saved -> Blocking.onWorker(() -> {
                                    // after a restart of the service, the container may run with no runtime here yet
                                    SandboxRuntime runtime = runtimes.obtain(sandbox, plans.forUser(userId), saved);
                                    Optional<Supervisor> supervisor = runtime.runningSupervisor();
                                    if (supervisor.isEmpty()) {
                                        return Optional.<T>empty();
                                    }
                                    Hello hello = supervisor.get().hello();
                                    return Optional.of(call.call(supervisor.get(), hello));
                                })));
    }

    private <T> Uni<T> withProcess(String userId, String sandboxId, String processId, ProcessCall<T> call) {
        Matcher m = ID.matcher(processId);
        if (!m.matches()) {
            throw ProblemException.notFound("no process '" + processId + "' in sandbox '" + sandboxId + "'");
        }
        return withSupervisor(userId, sandboxId, (supervisor, hello) -> {
                    if (!m.group(1).equals(instanceOf(hello))) {
                        return Optional.<T>empty();
                    }
                    try {
                        return Optional.ofNullable(call.call(supervisor, hello, Long.parseLong(m.group(2))));
                    } catch (SupervisorException e) {
                        if (e.errno() == 2) {
                            return Optional.<T>empty();
                        }
                        throw e;
                    }
                })
                .map(found -> found.flatMap(f -> f)
                        .orElseThrow(() -> ProblemException.notFound("no process '"
                                + processId + "' in sandbox '" + sandboxId
                                + "' (processes end when their sandbox pauses or is destroyed)")));
    }

    private static ProgramStatus find(Supervisor supervisor, long program) throws IOException {
        for (ProgramStatus p : supervisor.list()) {
            if (p.id() == program) {
                return p;
            }
        }
        throw new SupervisorException(2, "no program " + program);
    }

    private static String instanceOf(Hello hello) {
        return String.format("%016x", hello.instance()).substring(0, 8);
    }

    private static ProcessInfo describe(Hello hello, ProgramStatus p) {
        return new ProcessInfo(
                instanceOf(hello) + "-" + p.id(),
                p.pid(),
                p.argv(),
                p.running(),
                p.running() ? null : p.exit().status(),
                p.running() || p.exit().signal() == 0 ? null : p.exit().signal(),
                Instant.ofEpochMilli(p.startedMillis()),
                p.running() ? null : Instant.ofEpochMilli(p.exit().endedMillis()),
                p.stdoutLogBytes(),
                p.stderrLogBytes());
    }

    private static Supervisor supervisorOf(SandboxRuntime runtime) {
        try {
            return runtime.supervisor()
                    .orElseThrow(() -> ProblemException.conflict("the sandbox's provider runs built-in commands only"
                            + " and has no container for processes; create the sandbox with provider 'local'"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A process start counts as one command run in a container. */
    private Uni<Void> meter(Sandbox sandbox) {
        return Panache.withTransaction(() -> sandboxes
                .touch(sandbox.id)
                .call(() -> outbox.add(
                        Topics.USAGE,
                        sandbox.userId,
                        UsageEvent.of(
                                sandbox.userId,
                                sandbox.id,
                                Operation.PROCESS_START,
                                Location.CONTAINER,
                                1,
                                0,
                                0,
                                0,
                                0))));
    }
}
