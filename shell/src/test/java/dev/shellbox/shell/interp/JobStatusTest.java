package dev.shellbox.shell.interp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code jobs} reports how background jobs ended: Done, Exit N, or the signal that killed them. */
@Timeout(60)
class JobStatusTest {
    private final Programs programs = new Programs();
    private final ShellSession s = ShellSession.create(Shell.builder().escalator(programs));

    @Test
    void aProgramThatOutlivedItsExecutionAndExitedZeroIsDone() throws Exception {
        s.output("server &");
        programs.running.get().end(0);

        assertThat(s.output("wait %1; echo $?")).isEqualTo("0\n");
    }

    @Test
    void jobsSaysDoneForAProgramThatEndedAfterItsExecution() throws Exception {
        s.output("server &");
        programs.running.get().end(0);
        awaitJobsDone();

        assertThat(s.output("jobs")).isEqualTo("[1]+  Done                    server\n");
    }

    @Test
    void jobsSaysExitForAProgramThatFailedAfterItsExecution() throws Exception {
        s.output("server &");
        programs.running.get().end(3);
        awaitJobsDone();

        assertThat(s.output("jobs")).isEqualTo("[1]+  Exit 3                  server\n");
    }

    @Test
    void aProgramAfterABuiltinInAJobOutlivesItsExecution() throws Exception {
        s.output("cd /workspace && server >/dev/null 2>&1 &");

        assertThat(s.output("jobs"))
                .isEqualTo("[1]+  Running                 cd /workspace && server > /dev/null 2>&1 &\n");
        programs.running.get().end(0);
    }

    @Test
    void aProgramThatIsSlowToStartAfterABuiltinInAJobOutlivesItsExecution() throws Exception {
        programs.startDelayMillis = 500;
        s.output("cd /workspace && server >/dev/null 2>&1 &");

        assertThat(s.output("jobs")).startsWith("[1]+  Running");
        programs.running.get().end(0);
    }

    @Test
    void aProgramWhoseOutputIsPumpedOutlivesItsExecution() throws Exception {
        for (int i = 0; i < 20; i++) {
            Programs withOutput = new Programs();
            withOutput.output = true;
            ShellSession session = ShellSession.create(Shell.builder().escalator(withOutput));
            session.output("server > /workspace/log.txt 2>&1 &");
            Thread.sleep(50);

            assertThat(session.output("jobs")).startsWith("[1]+  Running");
            assertThat(withOutput.running.get().signals).isEmpty();
            withOutput.running.get().end(0);
        }
    }

    @Test
    void jobsSaysTerminatedForAProgramKilledInALaterExecution() throws Exception {
        s.output("server &");

        assertThat(s.output("kill %1; wait %1; echo $?")).isEqualTo("143\n");
        assertThat(programs.running.get().signals).isEqualTo("15");
    }

    @Test
    void aBuiltinJobThatEndedIsDone() {
        String out = s.output("sleep 0.1 &\nuntil [[ -z $(jobs -r) ]]; do sleep 0.05; done\njobs");

        assertThat(out).isEqualTo("[1]+  Done                    sleep 0.1\n");
    }

    @Test
    void aBuiltinJobThatEndedBeforeItsExecutionDidIsDoneInTheNextOne() {
        s.output("sleep 0.1 &");

        assertThat(s.output("jobs")).isEqualTo("[1]+  Done                    sleep 0.1\n");
    }

    /** Lets the next execution see the job's end: jobs that ended are listed until reported. */
    private void awaitJobsDone() {
        while (!s.output("jobs -r").isEmpty()) {
            Thread.onSpinWait();
        }
    }

    /** A program {@code server} that runs until the test ends it, remembering the signals it got. */
    static final class Programs implements Escalator {
        final CompletableFuture<Program> running = new CompletableFuture<>();
        volatile long startDelayMillis;
        /** Whether the program has output streams that the shell pumps. */
        volatile boolean output;

        @Override
        public Optional<String> locate(String name, Map<String, String> env) {
            try {
                Thread.sleep(startDelayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return name.equals("server") ? Optional.of("/usr/bin/server") : Optional.empty();
        }

        @Override
        public EscalatedProcess start(EscalationRequest request) throws java.io.IOException {
            try {
                Thread.sleep(startDelayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while starting");
            }
            Program p = new Program(output);
            running.complete(p);
            return p;
        }
    }

    static final class Program implements EscalatedProcess {
        private final CompletableFuture<Integer> exit = new CompletableFuture<>();
        private final InputStream stdout;
        private final InputStream stderr;
        volatile String signals = "";

        Program() {
            this(false);
        }

        Program(boolean output) {
            stdout = output ? new EndsWithTheProgram() : null;
            stderr = output ? new EndsWithTheProgram() : null;
        }

        /** Output that stays open, with nothing in it, until the program ends. */
        private final class EndsWithTheProgram extends InputStream {
            @Override
            public int read() throws java.io.IOException {
                try {
                    exit.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException();
                } catch (ExecutionException e) {
                    throw new java.io.IOException(e);
                }
                return -1;
            }
        }

        void end(int status) {
            exit.complete(status);
        }

        @Override
        public OutputStream stdin() {
            return null;
        }

        @Override
        public InputStream stdout() {
            return stdout;
        }

        @Override
        public InputStream stderr() {
            return stderr;
        }

        @Override
        public int waitFor() throws InterruptedException {
            try {
                return exit.get();
            } catch (ExecutionException e) {
                return 1;
            }
        }

        @Override
        public void signal(int signal) {
            signals += signal;
            exit.complete(128 + signal);
        }
    }
}
