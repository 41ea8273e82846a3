package dev.shellbox.sandbox.service;

import dev.shellbox.contracts.Location;
import dev.shellbox.contracts.Operation;
import dev.shellbox.contracts.Topics;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.platform.outbox.Outbox;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.sandbox.client.UsagePlans;
import dev.shellbox.sandbox.config.SandboxConfig;
import dev.shellbox.sandbox.domain.Sandbox;
import dev.shellbox.sandbox.domain.SandboxState;
import dev.shellbox.sandbox.rest.ExecRequest;
import dev.shellbox.sandbox.runtime.OutputCapture;
import dev.shellbox.sandbox.runtime.SandboxRuntime;
import dev.shellbox.sandbox.runtime.SandboxRuntimes;
import dev.shellbox.sandbox.runtime.VolumeView;
import dev.shellbox.shell.interp.ExecutionResult;
import dev.shellbox.shell.interp.Shell;
import dev.shellbox.shell.io.Cancellation;
import dev.shellbox.shell.io.LimitExceededException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final int MAX_SCRIPT_BYTES = 1 << 20;

    private final SandboxService sandboxes;
    private final SandboxRuntimes runtimes;
    private final UsagePlans plans;
    private final Outbox outbox;
    private final SandboxConfig config;
    private final ThreadPoolExecutor pool;

    public ExecService(
            SandboxService sandboxes, SandboxRuntimes runtimes, UsagePlans plans, Outbox outbox, SandboxConfig config) {
        this.sandboxes = sandboxes;
        this.runtimes = runtimes;
        this.plans = plans;
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
    public Uni<ExecResult> exec(String userId, String sandboxId, ExecRequest request, OutputCapture.Listener listener) {
        validate(request);
        return sandboxes
                .get(userId, sandboxId)
                .flatMap(s -> s.state == SandboxState.PAUSED
                        ? sandboxes.resume(userId, sandboxId)
                        : Uni.createFrom().item(s))
                .flatMap(sandbox -> {
                    Cancellation cancellation = Cancellation.create();
                    return Uni.createFrom()
                            .<ExecResult>emitter(em -> {
                                try {
                                    pool.execute(() -> {
                                        try {
                                            em.complete(run(sandbox, request, listener, cancellation));
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

    private void validate(ExecRequest r) {
        if (r == null || r.command() == null || r.command().isBlank()) {
            throw ProblemException.badRequest("command is required: the bash source to run");
        }
        if (r.command().length() > MAX_SCRIPT_BYTES) {
            throw ProblemException.badRequest("command is longer than " + MAX_SCRIPT_BYTES + " characters; upload"
                    + " the script as a file and run it instead");
        }
        if (r.session() != null && !SESSION_NAME.matcher(r.session()).matches()) {
            throw ProblemException.badRequest(
                    "session '" + r.session() + "' is invalid: use 1 to 64 letters, digits," + " '.', '_' or '-'");
        }
        if (r.cwd() != null && !r.cwd().startsWith("/")) {
            throw ProblemException.badRequest("cwd must be an absolute path, like /workspace/src");
        }
        if (r.timeoutMs() != null && r.timeoutMs() <= 0) {
            throw ProblemException.badRequest("timeoutMs must be positive");
        }
        if (r.env() != null) {
            for (Map.Entry<String, String> e : r.env().entrySet()) {
                if (!ENV_NAME.matcher(e.getKey()).matches() || e.getValue() == null) {
                    throw ProblemException.badRequest("env '" + e.getKey() + "' must be a valid name with a value");
                }
            }
        }
    }

    private ExecResult run(Sandbox sandbox, ExecRequest request, OutputCapture.Listener listener, Cancellation cancel) {
        UsagePlans.ExecLimits limits = plans.limitsFor(sandbox.userId);
        long timeout = Math.min(
                request.timeoutMs() == null ? config.defaultExecTimeoutMs() : request.timeoutMs(),
                limits.maxExecTimeoutMs());
        SandboxRuntime runtime = runtimes.obtain(sandbox, limits);
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
        long started = System.nanoTime();
        session.lock().lock();
        try {
            Shell shell = session.shell();
            String restore = prepare(shell, request);
            ScheduledFuture<?> timer = cancel.cancelAfter(
                    timeout,
                    new LimitExceededException("max_exec_timeout_ms", "the exec ran longer than " + timeout + " ms"));
            byte[] stdin =
                    request.stdin() == null ? new byte[0] : request.stdin().getBytes(StandardCharsets.UTF_8);
            try {
                result = shell.execute(
                        request.command(), new ByteArrayInputStream(stdin), capture.stdout(), capture.stderr(), cancel);
            } finally {
                timer.cancel(false);
                if (!restore.isEmpty()) {
                    shell.execute(
                            restore,
                            InputStream.nullInputStream(),
                            OutputStream.nullOutputStream(),
                            OutputStream.nullOutputStream());
                }
            }
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
        meter(sandbox, location, durationMs, capture.totalBytes(), session.takeContainerMillis(), result);
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

    /** Applies the exec's own cwd and env; returns the script that undoes them afterwards. */
    private static String prepare(Shell shell, ExecRequest request) {
        StringBuilder before = new StringBuilder();
        StringBuilder after = new StringBuilder();
        if (request.env() != null) {
            for (Map.Entry<String, String> e : request.env().entrySet()) {
                String old = shell.environment().get(e.getKey());
                before.append("export ")
                        .append(e.getKey())
                        .append('=')
                        .append(quote(e.getValue()))
                        .append('\n');
                after.append(old == null ? "unset " + e.getKey() : "export " + e.getKey() + "=" + quote(old))
                        .append('\n');
            }
        }
        if (request.cwd() != null) {
            before.append("cd -- ").append(quote(request.cwd())).append('\n');
            after.append("cd -- ").append(quote(shell.workingDirectory())).append('\n');
        }
        if (before.length() > 0) {
            shell.execute(
                    before.toString(),
                    InputStream.nullInputStream(),
                    OutputStream.nullOutputStream(),
                    OutputStream.nullOutputStream());
        }
        return after.toString();
    }

    static String quote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
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
            ExecutionResult result) {
        long builtins = result.builtinCommands();
        long escalated = result.escalatedCommands();
        try {
            VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() -> sandboxes
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
                    .call(() -> commands(sandbox, Location.CONTAINER, escalated, containerMs))));
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
