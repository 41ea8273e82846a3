package dev.shellbox.vfs;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A stand-in for usage-service's plan endpoint (an HTTP peer, not storage or messaging): users named {@code tiny-*}
 * are on a plan with {@code storage_bytes} = {@value #TINY_BYTES}, users named {@code broken-*} get a 500, everyone
 * else a plan without a storage limit.
 */
public class UsagePlanStub implements QuarkusTestResourceLifecycleManager {
    static final long TINY_BYTES = 50_000;

    private HttpServer server;

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/internal/v1/users/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            String user = path.substring("/internal/v1/users/".length(), path.lastIndexOf('/'));
            int status = 200;
            String body;
            if (user.startsWith("tiny-")) {
                body = "{\"name\":\"tiny\",\"limits\":{\"storage_bytes\":" + TINY_BYTES + ",\"execs_per_day\":10}}";
            } else if (user.startsWith("broken-")) {
                status = 500;
                body = "{\"title\":\"boom\"}";
            } else {
                body = "{\"name\":\"free\",\"limits\":{\"execs_per_day\":100}}";
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
        return Map.of(
                "shellbox.plans.url", "http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
