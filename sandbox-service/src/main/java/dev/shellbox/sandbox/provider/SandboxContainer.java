package dev.shellbox.sandbox.provider;

import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.MountedFileSystem;
import dev.shellbox.shell.interp.EscalatedProcess;
import dev.shellbox.shell.interp.EscalationRequest;
import dev.shellbox.supervisor.Supervisor;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The isolated place where one sandbox's escalated programs run, with a workspace that mirrors the sandbox's files.
 * Programs see the same absolute paths as the interpreter; the workspace is brought up to date before a program starts
 * ({@link #syncIn}) and what programs changed comes back afterwards ({@link #syncOut}).
 */
public interface SandboxContainer {

    /**
     * Adds to {@code view} what programs see besides the sandbox's own files (the system directories, the generated
     * {@code /etc} files), read-only, so that built-ins see the same files as programs; returns the top-level names it
     * covered.
     */
    Set<String> mountSystem(MountedFileSystem.Builder view) throws IOException;

    /** Where the container would run {@code name} from, following {@code PATH} in {@code env}; empty when nowhere. */
    Optional<String> locate(String name, Map<String, String> env);

    /** Writes what changed in {@code files} since the last sync into the workspace. */
    void syncIn(InMemoryFileSystem files) throws IOException;

    /**
     * Applies what programs created, changed or deleted in the workspace to {@code files}; large files go to {@code
     * store} (when there is one) and into the tree by content id.
     */
    void syncOut(InMemoryFileSystem files, ContentStore store) throws IOException;

    /** Starts a program in the workspace; the caller pumps the streams the handle exposes. */
    EscalatedProcess start(EscalationRequest request) throws IOException;

    /**
     * The supervisor of the sandbox's running container, starting the container when none runs: for programs that run
     * on their own (the Processes API, terminals) rather than as a stage of a pipeline.
     */
    Supervisor supervisor() throws IOException;

    /**
     * Variables the container gives every program unless the program sets them (where a proxied network's proxy is);
     * {@link #start} adds them itself, programs started through {@link #supervisor} get them from their caller.
     */
    default Map<String, String> programEnvironment() {
        return Map.of();
    }

    /** The supervisor when the container runs (one an earlier run of the service started too); never starts one. */
    Optional<Supervisor> runningSupervisor();

    /** Whether any program is running (a background server, say), whose file changes may still come back. */
    boolean hasRunningPrograms();

    /** Kills every program still running and waits for them to be gone; the workspace stays as they left it. */
    void killPrograms();

    /** Kills every program still running (background servers too) and keeps the workspace for later (pause). */
    void stop();

    /** Kills every program and deletes the workspace (destroy). */
    void destroy();
}
