package dev.shellbox.e2e;

import dev.shellbox.devstack.Stack;
import dev.shellbox.devstack.StackOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts the whole suite once for all end-to-end tests, as {@code make run} does but on its own ports, its own state
 * directory and fresh {@code _e2e} databases, and stops it after the last test.
 *
 * <p>Ports come in a block from a base (default 18080, {@code SHELLBOX_E2E_PORT_BASE} moves it): the services take
 * base..base+3 and the gateway's management interface base+4, Kafka base+10 and base+11, S3 base+20. When a port of
 * the block is taken (another checkout testing, the Kafka of {@code with-test-infra}), the next block 100 higher is
 * tried. {@code SHELLBOX_TEST_DB_SUFFIX} is appended to the database suffix so that two checkouts sharing one
 * PostgreSQL do not drop each other's databases.
 */
public final class Suite implements BeforeAllCallback {
    static final String ADMIN_KEY = "sbx_EndToEndAdminKey000000000000000000000";

    private static Stack stack;

    @Override
    public synchronized void beforeAll(ExtensionContext context) throws IOException {
        if (stack != null) {
            return;
        }
        int base = freePortBlock(envInt("SHELLBOX_E2E_PORT_BASE", 18080));
        String suffix = "_e2e" + System.getenv().getOrDefault("SHELLBOX_TEST_DB_SUFFIX", "");
        StackOptions options = new StackOptions(
                Path.of("target/e2e-stack").toAbsolutePath(), base, base + 10, base + 20, suffix, true);
        deleteState(options.state());
        stack = Stack.start(options, ADMIN_KEY);
        // Also when the test JVM is stopped early (Ctrl-C, a timeout): no service or broker outlives the build.
        Stack started = stack;
        Runtime.getRuntime().addShutdownHook(new Thread(started::close, "e2e-stack-shutdown"));
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put("shellbox-stack", (AutoCloseable) () -> {
            stack.close();
            stack = null;
        });
    }

    private static int freePortBlock(int first) {
        for (int base = first; base < first + 1000; base += 100) {
            int b = base;
            if (IntStream.of(b, b + 1, b + 2, b + 3, b + 4, b + 10, b + 11, b + 20)
                    .noneMatch(Suite::inUse)) {
                return base;
            }
        }
        throw new IllegalStateException("no free block of ports from " + first + "; set SHELLBOX_E2E_PORT_BASE");
    }

    private static boolean inUse(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress("127.0.0.1", port));
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private static int envInt(String name, int fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : Integer.parseInt(value.trim());
    }

    static Stack stack() {
        return stack;
    }

    /** A client authenticated with the bootstrap admin key. */
    static Api admin() {
        return new Api(stack.gatewayUrl(), ADMIN_KEY);
    }

    /** A new user with a key of its own (role user). */
    static Api newUser(String userId) {
        var created = admin().post("/v1/admin/api-keys", "{\"user\":\"" + userId + "\",\"name\":\"e2e\"}");
        if (created.status() != 201) {
            throw new IllegalStateException("cannot create a key for " + userId + ": " + created.text());
        }
        return new Api(stack.gatewayUrl(), created.json().get("key").asText());
    }

    private static void deleteState(Path dir) {
        try {
            if (java.nio.file.Files.exists(dir)) {
                try (var all = java.nio.file.Files.walk(dir)) {
                    for (Path p :
                            all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        java.nio.file.Files.delete(p);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
