package dev.shellbox.e2e;

import dev.shellbox.devstack.Stack;
import dev.shellbox.devstack.StackOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts the whole suite once for all end-to-end tests, as {@code make run} does but on its own ports (gateway
 * 18080-18083, Kafka 18092, S3 18000), its own state directory and fresh {@code _e2e} databases, and stops it after
 * the last test.
 */
public final class Suite implements BeforeAllCallback {
    static final String ADMIN_KEY = "sbx_EndToEndAdminKey000000000000000000000";

    private static Stack stack;

    @Override
    public synchronized void beforeAll(ExtensionContext context) throws IOException {
        if (stack != null) {
            return;
        }
        StackOptions options =
                new StackOptions(Path.of("target/e2e-stack").toAbsolutePath(), 18080, 18092, 18000, "_e2e", true);
        deleteState(options.state());
        stack = Stack.start(options, ADMIN_KEY);
        context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .put("shellbox-stack", (ExtensionContext.Store.CloseableResource) () -> {
                    stack.close();
                    stack = null;
                });
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
                    for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        java.nio.file.Files.delete(p);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
