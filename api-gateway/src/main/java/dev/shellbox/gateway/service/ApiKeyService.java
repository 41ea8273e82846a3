package dev.shellbox.gateway.service;

import dev.shellbox.gateway.config.GatewayConfig;
import dev.shellbox.gateway.domain.ApiKey;
import dev.shellbox.gateway.repository.ApiKeyRepository;
import dev.shellbox.gateway.security.Caller;
import dev.shellbox.platform.problem.ProblemException;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * Shellbox API keys: {@code sbx_} and 40 random base62 characters, stored only as a SHA-256 hash. Authentication
 * answers from a short cache; last-used times are written at most once a minute per key.
 */
@ApplicationScoped
public class ApiKeyService {
    public static final String PREFIX = "sbx_";

    private static final Logger LOG = Logger.getLogger(ApiKeyService.class);
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final Pattern KEY = Pattern.compile("sbx_[A-Za-z0-9]{20,100}");
    private static final Pattern USER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@:-]{0,127}");
    private static final Set<String> ROLES = Set.of("user", "admin");
    private static final Duration LAST_USED_RESOLUTION = Duration.ofMinutes(1);
    private static final int CACHE_LIMIT = 10_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final ApiKeyRepository repository;
    private final GatewayConfig config;
    private final ConcurrentHashMap<String, Cached> cache = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<UUID, Instant> lastUsedWritten = new ConcurrentHashMap<>();

    private record Cached(Caller caller, UUID keyId, Instant expires) {}

    /** A new key: its row and the key itself, which is never shown again. */
    public record Issued(ApiKey key, String secret) {}

    public ApiKeyService(ApiKeyRepository repository, GatewayConfig config) {
        this.repository = repository;
        this.config = config;
    }

    /** Whether a bearer token is meant as an API key rather than an OIDC token. */
    public static boolean looksLikeApiKey(String token) {
        return token.startsWith(PREFIX);
    }

    /** The caller a key stands for, or a 401 problem. */
    public Uni<Caller> authenticate(String key) {
        if (!KEY.matcher(key).matches()) {
            return Uni.createFrom().failure(ProblemException.unauthorized("malformed API key"));
        }
        if (config.bootstrapAdminKey().filter(k -> !k.isBlank()).isPresent()
                && MessageDigest.isEqual(
                        key.getBytes(StandardCharsets.UTF_8),
                        config.bootstrapAdminKey().get().trim().getBytes(StandardCharsets.UTF_8))) {
            return Uni.createFrom()
                    .item(new Caller(config.bootstrapAdminUser(), Set.of("admin", "user"), "api-key", "bootstrap"));
        }
        String hash = sha256(key);
        Cached cached = cache.get(hash);
        Instant now = Instant.now();
        if (cached != null && cached.expires.isAfter(now)) {
            recordUse(cached.keyId, now);
            return Uni.createFrom().item(cached.caller);
        }
        return repository.findActiveByHash(hash).map(row -> {
            if (row == null) {
                cache.remove(hash);
                throw ProblemException.unauthorized("unknown or revoked API key");
            }
            Caller caller = new Caller(row.userId, Set.of(row.roles.split(",")), "api-key", row.id.toString());
            if (cache.size() >= CACHE_LIMIT) {
                cache.clear();
            }
            cache.put(hash, new Cached(caller, row.id, now.plus(config.apiKeyCacheTtl())));
            recordUse(row.id, now);
            return caller;
        });
    }

    private void recordUse(UUID keyId, Instant now) {
        Instant written = lastUsedWritten.get(keyId);
        if (written != null && written.plus(LAST_USED_RESOLUTION).isAfter(now)) {
            return;
        }
        lastUsedWritten.put(keyId, now);
        io.quarkus.hibernate.reactive.panache.Panache.withTransaction(() -> repository.markUsed(keyId, now))
                .subscribe()
                .with(n -> {}, e -> LOG.debugf("recording the use of key %s failed: %s", keyId, e.getMessage()));
    }

    @WithTransaction
    public Uni<Issued> create(String userId, String name, List<String> roles) {
        if (userId == null || !USER.matcher(userId).matches()) {
            throw ProblemException.badRequest("user must be 1 to 128 letters, digits or . _ @ : - characters");
        }
        if (name == null || name.isBlank() || name.length() > 100) {
            throw ProblemException.badRequest("name must be a non-empty label of at most 100 characters");
        }
        Set<String> granted = new LinkedHashSet<>(roles == null || roles.isEmpty() ? List.of("user") : roles);
        if (!ROLES.containsAll(granted)) {
            throw ProblemException.badRequest("roles must be among " + ROLES);
        }
        StringBuilder secret = new StringBuilder(PREFIX);
        for (int i = 0; i < 40; i++) {
            secret.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        ApiKey key = new ApiKey();
        key.id = UUID.randomUUID();
        key.userId = userId;
        key.name = name.trim();
        key.keyHash = sha256(secret.toString());
        key.keyPrefix = secret.substring(0, 12);
        key.roles = String.join(",", granted);
        key.createdAt = Instant.now();
        return repository.persist(key).map(k -> new Issued(k, secret.toString()));
    }

    public Uni<List<ApiKey>> list(String userId) {
        return repository.listFor(userId);
    }

    @WithTransaction
    public Uni<ApiKey> revoke(UUID id) {
        return repository.findById(id).map(key -> {
            if (key == null) {
                throw ProblemException.notFound("no API key '" + id + "'");
            }
            if (key.revokedAt == null) {
                key.revokedAt = Instant.now();
            }
            cache.remove(key.keyHash);
            return key;
        });
    }

    static String sha256(String key) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
