package dev.shellbox.devstack;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Waiting for a component to answer. */
final class Readiness {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private Readiness() {}

    static boolean portOpen(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static boolean httpOk(String url) {
        try {
            HttpResponse<Void> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(3))
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            return r.statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Polls {@code check} until it holds; fails with the process's log when it dies or the time runs out. */
    static void await(String what, ManagedProcess process, Duration timeout, java.util.function.BooleanSupplier check) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!check.getAsBoolean()) {
            if (process != null && !process.isAlive()) {
                throw new StackException(
                        what + " exited during start; last lines of " + process.log() + ":\n" + process.tail(30));
            }
            if (System.nanoTime() > deadline) {
                throw new StackException(what + " did not become ready within " + timeout.toSeconds() + " s"
                        + (process == null ? "" : "; last lines of " + process.log() + ":\n" + process.tail(30)));
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StackException("interrupted while waiting for " + what);
            }
        }
    }
}
