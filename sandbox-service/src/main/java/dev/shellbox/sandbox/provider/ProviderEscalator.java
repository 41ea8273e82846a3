package dev.shellbox.sandbox.provider;

import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.interp.EscalatedProcess;
import dev.shellbox.shell.interp.EscalationRequest;
import dev.shellbox.shell.interp.Escalator;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * The shell engine's side of a container: syncs the sandbox's files into the container before each escalated stage,
 * and the stage's changes back when it ends, and adds up the time programs ran (what usage bills as container
 * seconds). One per shell session, so that each session's execs are metered on their own.
 */
public final class ProviderEscalator implements Escalator {
    private static final Logger LOG = Logger.getLogger(ProviderEscalator.class);

    private final SandboxContainer container;
    private final InMemoryFileSystem files;
    /** Where large files programs wrote go; null keeps them in memory. */
    private final ContentStore store;

    private final AtomicLong containerNanos = new AtomicLong();

    public ProviderEscalator(SandboxContainer container, InMemoryFileSystem files, ContentStore store) {
        this.container = container;
        this.files = files;
        this.store = store;
    }

    @Override
    public Optional<String> locate(String name, Map<String, String> env) {
        return container.locate(name, env);
    }

    @Override
    public EscalatedProcess start(EscalationRequest request) throws IOException {
        container.syncIn(files);
        long started = System.nanoTime();
        return new SyncedProcess(container.start(request), started);
    }

    /** Milliseconds programs ran since the last call (for the exec that just ended). */
    public long takeContainerMillis() {
        return TimeUnit.NANOSECONDS.toMillis(containerNanos.getAndSet(0));
    }

    /** A process whose end brings its file changes back into the sandbox's files. */
    private final class SyncedProcess implements EscalatedProcess {
        private final EscalatedProcess process;
        private final long started;
        private final AtomicBoolean ended = new AtomicBoolean();

        SyncedProcess(EscalatedProcess process, long started) {
            this.process = process;
            this.started = started;
        }

        @Override
        public OutputStream stdin() {
            return process.stdin();
        }

        @Override
        public InputStream stdout() {
            return process.stdout();
        }

        @Override
        public InputStream stderr() {
            return process.stderr();
        }

        @Override
        public int waitFor() throws InterruptedException {
            int status = process.waitFor();
            if (ended.compareAndSet(false, true)) {
                containerNanos.addAndGet(System.nanoTime() - started);
                try {
                    container.syncOut(files, store);
                } catch (IOException | RuntimeException e) {
                    LOG.warnf("bringing back the files a program changed failed: %s", e.toString());
                }
            }
            return status;
        }

        @Override
        public void signal(int signal) {
            process.signal(signal);
        }
    }
}
