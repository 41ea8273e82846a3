package dev.shellbox.shell.interp;

import dev.shellbox.shell.interp.builtins.BackgroundJob;
import dev.shellbox.shell.io.Cancellation;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A background job: a command running on its own thread, with a pid for {@code $!}, {@code wait} and {@code kill}. */
final class Job implements BackgroundJob {
    final int id;
    final long pid;
    final String command;
    final CompletableFuture<Integer> status;
    final Cancellation cancellation;
    /** The interpreter running the job, to deliver signals it traps. */
    volatile Interpreter process;

    boolean notified;

    private Job(int id, long pid, String command, CompletableFuture<Integer> status, Cancellation cancellation) {
        this.id = id;
        this.pid = pid;
        this.command = command;
        this.status = status;
        this.cancellation = cancellation;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public String command() {
        return command;
    }

    @Override
    public boolean isDone() {
        return status.isDone();
    }

    @Override
    public int statusNow() {
        return status.getNow(0);
    }

    @Override
    public Integer awaitStatus(long millis) throws InterruptedException {
        try {
            return status.get(millis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return null;
        } catch (ExecutionException e) {
            return 1;
        }
    }

    /** Waits for the job; its exit status. */
    int await() throws InterruptedException {
        try {
            return status.get();
        } catch (ExecutionException e) {
            return 1;
        }
    }

    static final class Builder {
        long pid;
        String command;
        CompletableFuture<Integer> status;
        Cancellation cancellation;

        Job build(int id) {
            return new Job(id, pid, command, status, cancellation);
        }
    }
}
