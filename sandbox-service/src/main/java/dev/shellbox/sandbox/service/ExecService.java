package dev.shellbox.sandbox.service;

import dev.shellbox.contracts.Limit;
import dev.shellbox.contracts.Location;
import dev.shellbox.contracts.Operation;
import dev.shellbox.contracts.Problem;
import dev.shellbox.contracts.Topics;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.platform.outbox.Outbox;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.platform.reactive.Blocking;
import dev.shellbox.sandbox.client.QuotaClient;
import dev.shellbox.sandbox.config.SandboxConfig;
import dev.shellbox.sandbox.domain.ExecLimits;
import dev.shellbox.sandbox.domain.Sandbox;
import dev.shellbox.sandbox.domain.SandboxState;
import dev.shellbox.sandbox.repository.SavedSessionRepository;
import dev.shellbox.sandbox.runtime.OutputCapture;
import dev.shellbox.sandbox.runtime.SandboxRuntime;
import dev.shellbox.sandbox.runtime.SandboxRuntimes;
import dev.shellbox.sandbox.runtime.VolumeView;
import dev.shellbox.shell.interp.Execution;
import dev.shellbox.shell.interp.ExecutionRejectedException;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.LimitExceededException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * Runs scripts in sandboxes: resumes a paused sandbox, brings its working view up to date, runs the script in the
 * requested session on a bounded pool of threads with the plan's timeout and output limit, commits what the script
 * changed, and meters it.
 */
@ApplicationScoped
public class ExecService {
    private static final Logger LOG = Logger.getLogger(ExecService.class);
    private static final Pattern SESSION_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private final SandboxService sandboxes;
    private final SandboxRuntimes runtimes;
    private final PlanLimits plans;
    private final QuotaClient quota;
    private final Outbox outbox;
    private final SandboxConfig config;
    private final SavedSessionRepository savedSessions;
    private final ThreadPoolExecutor pool;

    public ExecService(
            SandboxService sandboxes,
            SandboxRuntimes runtimes,
            PlanLimits plans,
            QuotaClient quota,
            Outbox outbox,
            SandboxConfig config,
            SavedSessionRepository savedSessions) {
        this.savedSessions = savedSessions;
        this.sandboxes = sandboxes;
        this.runtimes = runtimes;
        this.plans = plans;
        this.quota = quota;
        this.outbox = outbox;
        this.config = config;
        AtomicInteger n = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(
                config.execThreads(),
                config.execThreads(),
                60,
                TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(config.execQueue()),
                r -> {
                    Thread t = new Thread(r, "exec-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
    }

    /**
     * Runs an exec; {@code listener} (may be null) receives output as it is produced. Cancelling the returned Uni (a
     * client that went away) cancels the script.
     */
    public Uni<ExecResult> exec(String userId, String sandboxId, ExecCommand request, OutputCapture.Listener listener) {
        validate(request);
        return sandboxes
                .get(userId, sandboxId)
                .flatMap(s -> s.state == SandboxState.PAUSED
                        ? sandboxes.resume(userId, sandboxId)
                        : Uni.createFrom().item(s))
                .flatMap(sandbox ->
                        runtimes.savedSessionsIfNotRunning(sandbox.id).map(saved -> new Started(sandbox, saved)))
                .flatMap(started -> {
                    Cancellation cancellation = Cancellation.create();
                    return Uni.createFrom()
                            .<ExecResult>emitter(em -> {
                                try {
                                    pool.execute(() -> {
                                        try {
                                            em.complete(run(started, request, listener, cancellation));
                                        } catch (RuntimeException e) {
                                            em.fail(e);
                                        }
                                    });
                                } catch (RejectedExecutionException e) {
                                    em.fail(ProblemException.unavailable(
                                            "too many scripts are running on this instance; try again shortly"));
                                }
                            })
                            .onCancellation()
                            .invoke(() -> cancellation.cancel("the client disconnected"));
                });
    }

    /** Refuses a request that cannot run with a 400 naming what is wrong (before a stream's 200 is sent). */
    public void validate(ExecCommand r) {
        CommandInput.requireCommand(r == null ? null : r.command(), "the bash source to run");
        if (r.session() != null && !SESSION_NAME.matcher(r.session()).matches()) {
            throw ProblemException.badField(
                    "/session",
                    "1 to 64 letters, digits, '.', '_' or '-'",
                    "session '" + r.session() + "' is invalid: use 1 to 64 letters, digits, '.', '_' or '-'");
        }
        if (r.timeoutMs() != null && r.timeoutMs() <= 0) {
            throw ProblemException.badField("/timeoutMs", "a positive integer", "timeoutMs must be positive");
        }
        CommandInput.requirePlace(r.cwd(), r.env());
    }

    /** A sandbox about to run an exec, with its sessions' saved states when it is not running here yet. */
    private record Started(Sandbox sandbox, Map<String, String> savedSessions) {}

    private ExecResult run(Started start, ExecCommand request, OutputCapture.Listener listener, Cancellation cancel) {
        Sandbox sandbox = start.sandbox();
        ExecLimits limits = plans.forUser(sandbox.userId);
        long timeout = Math.min(
                request.timeoutMs() == null ? config.defaultExecTimeoutMs() : request.timeoutMs(),
                limits.maxExecTimeoutMs());
        SandboxRuntime runtime = runtimes.obtain(sandbox, limits, start.savedSessions());
        List<String> warnings = new ArrayList<>();
        try {
            runtime.view().refresh();
        } catch (RuntimeException e) {
            LOG.warnf("sandbox %s: refreshing its files failed: %s", sandbox.id, e.getMessage());
            warnings.add("files written through the Files API since the last exec may not be visible yet");
        }
        String sessionName = request.session() == null ? SandboxRuntime.DEFAULT_SESSION : request.session();
        SandboxRuntime.Session session = runtime.session(sessionName, limits.maxOutputBytes());
        OutputCapture capture = new OutputCapture(limits.maxOutputBytes(), listener);
        ExecutionResult result;
        Optional<String> unsavedState;
        long started = System.nanoTime();
        DailyBudgets budgets =
                new DailyBudgets(quota, sandbox.userId, limits.commandsPerDay(), limits.containerSecondsPerDay());
        session.lock().lock();
        try {
            byte[] stdin =
                    request.stdin() == null ? new byte[0] : request.stdin().getBytes(StandardCharsets.UTF_8);
            Execution execution = Execution.builder(request.command())
                    .stdin(new ByteArrayInputStream(stdin))
                    .stdout(capture.stdout())
                    .stderr(capture.stderr())
                    .cancellation(cancel)
                    .workingDirectory(request.cwd())
                    .environment(request.env() == null ? Map.of() : request.env())
                    .commandBudget(budgets.commands())
                    .programTimeBudget(budgets.programTime())
                    .build();
            ScheduledFuture<?> timer = cancel.cancelAfter(
                    timeout,
                    new LimitExceededException(
                            Limit.MAX_EXEC_TIMEOUT_MS.key(), "the exec ran longer than " + timeout + " ms"));
            try {
                result = session.shell().execute(execution);
            } catch (ExecutionRejectedException e) {
                throw rejected(e);
            } finally {
                timer.cancel(false);
                budgets.settle();
            }
            unsavedState = session.unsavedState();
        } finally {
            session.lock().unlock();
        }
        long durationMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        try {
            VolumeView.CommitOutcome saved = runtime.view().commit();
            for (String path : saved.overwritten()) {
                warnings.add("'" + path + "' was also changed outside this exec; this exec's version was kept");
            }
            runtime.view().trim(config.viewMemoryBytes());
        } catch (VolumeView.NotSavedException e) {
            warnings.add("the file changes of this exec are not saved yet (" + e.getMessage() + "): "
                    + String.join(", ", e.paths())
                    + "; they stay in the sandbox and saving is retried in the background; pausing waits for it");
        }
        if (capture.truncated()) {
            warnings.add("output truncated: more than " + limits.maxOutputBytes() + " bytes (max_output_bytes)");
        }
        Location location = Location.of(result.builtinCommands(), result.escalatedCommands());
        meter(
                sandbox,
                location,
                durationMs,
                capture.totalBytes(),
                session.takeContainerMillis(),
                result,
                session,
                unsavedState);
        return new ExecResult(
                result.exitStatus(),
                capture.stdoutBytes(),
                capture.stderrBytes(),
                durationMs,
                location,
                capture.truncated(),
                result.limitExceeded(),
                warnings);
    }

    /** A cwd or env the engine refused before running anything: a 400 naming it. */
    private static ProblemException rejected(ExecutionRejectedException e) {
        Problem problem = Problem.of(400, "Bad Request", e.field().label() + " '" + e.value() + "': " + e.getMessage());
        return new ProblemException(
                e.errno() == null ? problem : problem.withErrno(e.errno().name()));
    }

    /**
     * Records the exec and its commands: built-in stages and escalated ones as separate {@code command} events
     * (locations worker and container), so that aggregates tell the two apart.
     */
    private void meter(
            Sandbox sandbox,
            Location location,
            long durationMs,
            long bytesOut,
            long containerMs,
            ExecutionResult result,
            SandboxRuntime.Session session,
            Optional<String> unsavedState) {
        long builtins = result.builtinCommands();
        long escalated = result.escalatedCommands();
        try {
            Blocking.await(() -> Panache.withTransaction(() -> sandboxes
                    .touch(sandbox.id)
                    .call(() -> outbox.add(
                            Topics.USAGE,
                            sandbox.userId,
                            UsageEvent.of(
                                    sandbox.userId,
                                    sandbox.id,
                                    Operation.EXEC,
                                    location,
                                    1,
                                    durationMs,
                                    0,
                                    bytesOut,
                                    containerMs)))
                    .call(() -> commands(sandbox, Location.WORKER, builtins, Math.max(0, durationMs - containerMs)))
                    // container time is on the exec event; counted once
                    .call(() -> commands(sandbox, Location.CONTAINER, escalated, containerMs))
                    .call(() -> unsavedState
                            .map(state -> savedSessions.save(sandbox.id, session.name(), state))
                            .orElse(Uni.createFrom().voidItem()))));
            unsavedState.ifPresent(session::saved);
        } catch (Throwable e) {
            LOG.errorf("sandbox %s: recording the exec's usage failed: %s", sandbox.id, e.getMessage());
        }
    }

    /** A {@code command} event for {@code count} stages that ran at {@code location}; nothing when there were none. */
    private Uni<Void> commands(Sandbox sandbox, Location location, long count, long durationMs) {
        if (count == 0) {
            return Uni.createFrom().voidItem();
        }
        return outbox.add(
                Topics.USAGE,
                sandbox.userId,
                UsageEvent.of(sandbox.userId, sandbox.id, Operation.COMMAND, location, count, durationMs, 0, 0, 0));
    }

    @PreDestroy
    void shutdown() {
        pool.shutdownNow();
    }
}
