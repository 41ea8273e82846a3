package dev.shellbox.sandbox.provider.local;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs a host tool the provider needs (mkfs, mount, ip, ...) to its end, within a bounded time. */
final class HostCommand {
    private static final long TIMEOUT_SECONDS = 60;

    private HostCommand() {}

    /**
     * Runs {@code argv} with {@code input} on its standard input and returns what it printed (both streams).
     *
     * @throws IOException naming {@code what} and the tool's own words when it fails or does not end in time
     */
    static String run(List<String> argv, String input, String what) throws IOException {
        return run(argv, input, what, TIMEOUT_SECONDS);
    }

    /** {@link #run(List, String, String)} within {@code timeoutSeconds}. */
    static String run(List<String> argv, String input, String what, long timeoutSeconds) throws IOException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        // read while it runs: a tool that prints much must not block on a full pipe
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            } catch (IOException e) {
                return "";
            }
        });
        try (OutputStream in = p.getOutputStream()) {
            in.write(input.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // it ended without reading its input; its status says why
        }
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(what + ": " + argv.get(0) + " did not end within " + timeoutSeconds + " s");
            }
            String printed = output.join();
            if (p.exitValue() != 0) {
                throw new IOException(what + ": " + (printed.isEmpty() ? argv.get(0) + " failed" : printed)
                        + " (exit status " + p.exitValue() + ")");
            }
            return printed;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(what + ": interrupted");
        }
    }
}
