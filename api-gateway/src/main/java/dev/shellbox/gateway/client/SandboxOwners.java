package dev.shellbox.gateway.client;

import dev.shellbox.gateway.config.GatewayConfig;
import dev.shellbox.platform.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who owns a sandbox, asked of sandbox-service and remembered (ownership never changes). Another user's sandbox is
 * indistinguishable from a missing one: both are a 404.
 */
@ApplicationScoped
public class SandboxOwners {
    private static final Duration REMEMBER = Duration.ofMinutes(10);
    private static final int LIMIT = 100_000;

    private final InternalHttp http;
    private final GatewayConfig config;
    private final ConcurrentHashMap<String, Owner> owners = new ConcurrentHashMap<>();

    private record Owner(String userId, Instant until) {}

    public SandboxOwners(InternalHttp http, GatewayConfig config) {
        this.http = http;
        this.config = config;
    }

    /** Completes when {@code userId} owns {@code sandboxId}; fails with a 404 problem otherwise. */
    public Uni<Void> requireOwner(String userId, String sandboxId) {
        Owner known = owners.get(sandboxId);
        if (known != null && known.until.isAfter(Instant.now())) {
            return known.userId.equals(userId)
                    ? Uni.createFrom().voidItem()
                    : Uni.createFrom().failure(notFound(sandboxId));
        }
        return http.call(HttpMethod.GET, config.sandboxUrl(), "/internal/v1/sandboxes/" + sandboxId, null, 5000)
                .onFailure()
                .transform(e -> ProblemException.unavailable("sandbox-service is not answering; try again shortly"))
                .flatMap(response -> {
                    if (response.status() == 404) {
                        return Uni.createFrom().failure(notFound(sandboxId));
                    }
                    if (response.status() != 200) {
                        return Uni.createFrom()
                                .failure(ProblemException.unavailable(
                                        "sandbox-service answered " + response.status() + "; try again shortly"));
                    }
                    String owner = response.body().getString("userId");
                    if (owners.size() >= LIMIT) {
                        owners.clear();
                    }
                    owners.put(sandboxId, new Owner(owner, Instant.now().plus(REMEMBER)));
                    return owner.equals(userId)
                            ? Uni.createFrom().voidItem()
                            : Uni.createFrom().failure(notFound(sandboxId));
                });
    }

    private static ProblemException notFound(String sandboxId) {
        return ProblemException.notFound("no sandbox '" + sandboxId + "'");
    }
}
