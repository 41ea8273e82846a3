package dev.shellbox.sandbox.service;

import dev.shellbox.contracts.Problem;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.platform.reactive.Blocking;
import dev.shellbox.sandbox.config.SandboxConfig;
import dev.shellbox.sandbox.domain.Secret;
import dev.shellbox.sandbox.repository.SecretRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.hibernate.exception.ConstraintViolationException;
import org.jboss.logging.Logger;

/**
 * Users' secrets: stored sealed ({@link SecretCipher}), listed by their metadata, and never given back over the API.
 * Only the platform itself reads a value, through {@link #resolve}, to use it outside the sandbox (the egress proxy's
 * headers, git and S3 credentials). Values are never logged, nor put in a problem's detail.
 */
@ApplicationScoped
public class SecretService {
    private static final Logger LOG = Logger.getLogger(SecretService.class);
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    static final int MAX_VALUE_BYTES = 16 * 1024;
    static final int MAX_DESCRIPTION = 1024;

    private final SecretRepository repository;
    private final int maxPerUser;
    /** Null when no usable master key is configured; {@link #unavailable} then says why. */
    private final SecretCipher cipher;

    private final String unavailable;

    public SecretService(SecretRepository repository, SandboxConfig config) {
        this.repository = repository;
        SandboxConfig.Secrets settings = config.secrets();
        this.maxPerUser = settings.maxPerUser();
        SecretCipher made = null;
        String why = null;
        if (settings.masterKey().isEmpty()) {
            why = "secrets are not configured: set SHELLBOX_SECRETS_MASTER_KEY";
        } else {
            try {
                made = SecretCipher.fromBase64(
                        settings.masterKey().get(), settings.previousKeys().orElse(List.of()));
            } catch (IllegalArgumentException e) {
                why = "secrets are not configured: " + e.getMessage();
            }
        }
        this.cipher = made;
        this.unavailable = why;
    }

    void announce(@Observes StartupEvent event) {
        if (cipher == null) {
            LOG.warnf("%s; secrets endpoints answer 503 until then", unavailable);
        } else {
            LOG.infof("secrets are sealed under master key %s", cipher.keyId());
        }
    }

    /**
     * Stores a secret, creating it or replacing its value and description. Invalid names are refused before anything
     * else, also when secrets are not configured (503).
     */
    public Uni<Secret> put(String userId, String name, String value, String description) {
        checkName(name);
        checkDescription(description);
        SecretCipher c = cipher();
        byte[] plain = checkValue(value);
        return Panache.withTransaction(() -> repository.findByName(userId, name).flatMap(existing -> {
                    if (existing != null) {
                        seal(c, existing, plain, description);
                        return Uni.createFrom().item(existing);
                    }
                    return repository.countOf(userId).flatMap(count -> {
                        if (count >= maxPerUser) {
                            throw new ProblemException(Problem.of(
                                            409,
                                            "you have " + count + " secrets, the most this installation keeps for one"
                                                    + " user (shellbox.sandbox.secrets.max-per-user); delete one"
                                                    + " before storing '" + name + "'")
                                    .withQuota(null, null, count, (long) maxPerUser));
                        }
                        Secret secret = new Secret();
                        secret.id = UUID.randomUUID();
                        secret.userId = userId;
                        secret.name = name;
                        secret.createdAt = now();
                        seal(c, secret, plain, description);
                        secret.updatedAt = secret.createdAt;
                        return repository.persistAndFlush(secret);
                    });
                }))
                // two first puts of one name at once: the second replaces what the first stored
                .onFailure(ConstraintViolationException.class)
                .retry()
                .atMost(1)
                .eventually(() -> Arrays.fill(plain, (byte) 0));
    }

    private static void seal(SecretCipher c, Secret secret, byte[] plain, String description) {
        SecretCipher.Sealed sealed = c.seal(secret.userId, secret.name, plain);
        secret.ciphertext = sealed.ciphertext();
        secret.nonce = sealed.nonce();
        secret.keyId = sealed.keyId();
        secret.fingerprint = c.fingerprint(plain);
        secret.description = description;
        secret.updatedAt = now();
    }

    /** The metadata of the user's secrets, by name. */
    public Uni<List<Secret>> list(String userId) {
        cipher();
        return repository.listOf(userId);
    }

    /** The metadata of one secret; 404 when the user has none of that name. */
    public Uni<Secret> get(String userId, String name) {
        checkName(name);
        cipher();
        return repository.findByName(userId, name).map(secret -> {
            if (secret == null) {
                throw notFound(name);
            }
            return secret;
        });
    }

    /** Deletes a secret; 404 when the user has none of that name. */
    public Uni<Void> delete(String userId, String name) {
        checkName(name);
        cipher();
        return Panache.withTransaction(() -> repository.deleteByName(userId, name))
                .map(deleted -> {
                    if (!deleted) {
                        throw notFound(name);
                    }
                    return null;
                });
    }

    /**
     * The value of a user's secret, for the platform's own use outside the sandbox; never expose it over the API.
     * Empty when the user has no secret of that name.
     *
     * @throws SecretCipher.UnreadableException (as the failure) when the stored value does not decrypt
     */
    public Uni<Optional<String>> resolve(String userId, String name) {
        SecretCipher c = cipher();
        return repository.findByName(userId, name).map(secret -> {
            if (secret == null) {
                return Optional.empty();
            }
            byte[] plain = c.open(userId, name, new SecretCipher.Sealed(secret.ciphertext, secret.nonce, secret.keyId));
            try {
                return Optional.of(new String(plain, StandardCharsets.UTF_8));
            } finally {
                Arrays.fill(plain, (byte) 0);
            }
        });
    }

    /** {@link #resolve} for blocking code (the egress proxy's threads); never call it on an event loop. */
    public Optional<String> resolveBlocking(String userId, String name) {
        return Blocking.await(() -> resolve(userId, name));
    }

    private SecretCipher cipher() {
        if (cipher == null) {
            throw new ProblemException(503, unavailable);
        }
        return cipher;
    }

    private static void checkName(String name) {
        if (name == null || !NAME.matcher(name).matches() || name.equals(".") || name.equals("..")) {
            throw ProblemException.badParameter(
                    "name",
                    "1 to 64 letters, digits, '.', '_' or '-'",
                    "secret name '" + name + "' is invalid: use 1 to 64 letters, digits, '.', '_' or '-'"
                            + " (not '.' or '..')");
        }
    }

    /** The value as UTF-8; its text never goes into a problem. */
    private static byte[] checkValue(String value) {
        if (value == null) {
            throw ProblemException.badField("/value", "a string", "the field '/value' is required");
        }
        if (value.isEmpty()) {
            throw ProblemException.badField(
                    "/value",
                    "a string",
                    "'/value' is empty: a secret has 1 to " + MAX_VALUE_BYTES + " bytes of UTF-8");
        }
        ByteBuffer encoded;
        try {
            encoded = StandardCharsets.UTF_8
                    .newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(value));
        } catch (CharacterCodingException e) {
            throw ProblemException.badField(
                    "/value", "a string", "'/value' is not valid Unicode text (it has an unpaired surrogate escape)");
        }
        if (encoded.remaining() > MAX_VALUE_BYTES) {
            throw ProblemException.badField(
                    "/value",
                    "a string",
                    "'/value' has " + encoded.remaining() + " bytes of UTF-8; a secret has at most " + MAX_VALUE_BYTES);
        }
        byte[] bytes = new byte[encoded.remaining()];
        encoded.get(bytes);
        if (encoded.hasArray()) {
            Arrays.fill(encoded.array(), (byte) 0);
        }
        return bytes;
    }

    private static void checkDescription(String description) {
        if (description == null) {
            return;
        }
        if (description.length() > MAX_DESCRIPTION || description.indexOf('\0') >= 0) {
            throw ProblemException.badField(
                    "/description",
                    "a string",
                    "'/description' must have at most " + MAX_DESCRIPTION + " characters and no NUL");
        }
    }

    private static ProblemException notFound(String name) {
        return ProblemException.notFound("no secret '" + name + "'");
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
