package dev.shellbox.gateway.client;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;

/**
 * The gateway's HTTP client to the services behind it, shared by the proxy and the small internal calls (quota,
 * ownership). One connection pool per downstream host, kept alive.
 */
@ApplicationScoped
public class InternalHttp {
    private final HttpClient client;

    public InternalHttp(Vertx vertx) {
        this.client = vertx.createHttpClient(new HttpClientOptions()
                .setKeepAlive(true)
                .setMaxPoolSize(200)
                .setConnectTimeout(2000)
                .setDecompressionSupported(false));
    }

    public HttpClient client() {
        return client;
    }

    /** A JSON call: status code and body. Connection failures fail the Uni. */
    public record JsonResponse(int status, String retryAfter, JsonObject body) {}

    public Uni<JsonResponse> call(HttpMethod method, String baseUrl, String path, JsonObject body, long timeoutMs) {
        URI base = URI.create(baseUrl);
        RequestOptions options = new RequestOptions()
                .setMethod(method)
                .setHost(base.getHost())
                .setPort(base.getPort())
                .setURI(path)
                .setIdleTimeout(timeoutMs)
                .putHeader("Accept", "application/json");
        if (body != null) {
            options.putHeader("Content-Type", "application/json");
        }
        var future = client.request(options)
                .compose(request -> body == null ? request.send() : request.send(body.toBuffer()))
                .compose(response -> response.body()
                        .map(buffer -> new JsonResponse(
                                response.statusCode(), response.getHeader("Retry-After"), parse(buffer))));
        return Uni.createFrom().completionStage(future.toCompletionStage());
    }

    private static JsonObject parse(Buffer buffer) {
        if (buffer == null || buffer.length() == 0) {
            return new JsonObject();
        }
        try {
            return buffer.toJsonObject();
        } catch (RuntimeException e) {
            return new JsonObject();
        }
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
