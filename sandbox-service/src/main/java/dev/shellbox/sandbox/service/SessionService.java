package dev.shellbox.sandbox.service;

import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.platform.reactive.Blocking;
import dev.shellbox.sandbox.domain.ExecLimits;
import dev.shellbox.sandbox.domain.Sandbox;
import dev.shellbox.sandbox.repository.SavedSessionRepository;
import dev.shellbox.sandbox.runtime.SandboxRuntime;
import dev.shellbox.sandbox.runtime.SandboxRuntimes;
import dev.shellbox.sandbox.runtime.VolumeView;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** Named shell sessions of a sandbox, and freeing a sandbox's runtime when it pauses or goes. */
@ApplicationScoped
public class SessionService {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private final SandboxService sandboxes;
    private final SandboxRuntimes runtimes;
    private final PlanLimits plans;
    private final SavedSessionRepository savedSessions;

    public SessionService(
            SandboxService sandboxes,
            SandboxRuntimes runtimes,
            PlanLimits plans,
            SavedSessionRepository savedSessions) {
        this.savedSessions = savedSessions;
        this.sandboxes = sandboxes;
        this.runtimes = runtimes;
        this.plans = plans;
    }

    /** Creates a session; true when new, false when it existed. */
    public Uni<Boolean> create(String userId, String sandboxId, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw ProblemException.badRequest("session name is required: 1 to 64 letters, digits, '.', '_' or '-'");
        }
        return sandboxes
                .get(userId, sandboxId)
                .flatMap(sandbox -> runtimes.savedSessionsIfNotRunning(sandboxId)
                        .flatMap(saved -> Blocking.onWorker(() -> {
                            ExecLimits limits = plans.forUser(userId);
                            SandboxRuntime runtime = runtimes.obtain(sandbox, limits, saved);
                            boolean created = runtime.createSession(name, limits.maxOutputBytes());
                            return created ? runtime.session(name, limits.maxOutputBytes()) : null;
                        })))
                .flatMap(created -> created == null
                        ? Uni.createFrom().item(false)
                        : saveNew(sandboxId, created).replaceWith(true));
    }

    /** Saves a new session at once, so that it is listed and kept even before its first exec. */
    private Uni<Void> saveNew(String sandboxId, SandboxRuntime.Session session) {
        String state = session.shell().saveState();
        return Panache.withTransaction(() -> savedSessions.save(sandboxId, session.name(), state))
                .invoke(() -> session.saved(state));
    }

    /** The sandbox's sessions: those running here and those saved, and always the default one. */
    public Uni<Set<String>> list(String userId, String sandboxId) {
        return sandboxes
                .get(userId, sandboxId)
                .flatMap(sandbox -> savedSessions.statesOf(sandboxId).map(saved -> {
                    SandboxRuntime runtime = runtimes.find(sandboxId);
                    Set<String> names = new TreeSet<>(saved.keySet());
                    names.add(SandboxRuntime.DEFAULT_SESSION);
                    if (runtime != null) {
                        names.addAll(runtime.sessionNames());
                    }
                    return names;
                }));
    }

    @WithTransaction
    public Uni<Void> delete(String userId, String sandboxId, String name) {
        return sandboxes
                .get(userId, sandboxId)
                .flatMap(sandbox -> savedSessions.forget(sandboxId, name).map(wasSaved -> {
                    SandboxRuntime runtime = runtimes.find(sandboxId);
                    boolean wasRunning = runtime != null && runtime.removeSession(name);
                    if (!wasSaved && !wasRunning) {
                        throw ProblemException.notFound("no session '" + name + "' in sandbox '" + sandboxId + "'");
                    }
                    return null;
                }));
    }

    /**
     * Pauses a sandbox: saves its files, stops its programs and frees its runtime, then records it paused. When the
     * files cannot be saved, the sandbox keeps running with them and the answer is a 503 that says why.
     */
    public Uni<Sandbox> pause(String userId, String sandboxId) {
        return sandboxes
                .get(userId, sandboxId)
                .call(sandbox -> release(sandboxId))
                .flatMap(sandbox -> sandboxes.pause(userId, sandboxId));
    }

    /** Saves and frees the runtime of a sandbox that is to pause; fails, keeping it, when its files cannot be saved. */
    public Uni<Void> release(String sandboxId) {
        return Blocking.onWorker(() -> {
            try {
                runtimes.release(sandboxId);
            } catch (VolumeView.NotSavedException e) {
                throw ProblemException.unavailable("the sandbox's files could not be saved (" + e.getMessage()
                        + "; not saved: " + String.join(", ", e.paths())
                        + "); it keeps running with them, try again shortly");
            }
            return null;
        });
    }

    /** Forgets the runtime of a destroyed sandbox. */
    public void discard(String sandboxId) {
        runtimes.discard(sandboxId);
    }
}
