package dev.shellbox.sandbox.service;

import dev.shellbox.contracts.Limit;
import dev.shellbox.contracts.Location;
import dev.shellbox.contracts.Operation;
import dev.shellbox.contracts.SandboxLifecycleEvent;
import dev.shellbox.contracts.Topics;
import dev.shellbox.contracts.UsageEvent;
import dev.shellbox.platform.outbox.Outbox;
import dev.shellbox.platform.problem.ProblemException;
import dev.shellbox.sandbox.client.QuotaClient;
import dev.shellbox.sandbox.client.QuotaClient.Reservation;
import dev.shellbox.sandbox.client.VolumeClient;
import dev.shellbox.sandbox.config.SandboxConfig;
import dev.shellbox.sandbox.domain.Provider;
import dev.shellbox.sandbox.domain.Sandbox;
import dev.shellbox.sandbox.domain.SandboxState;
import dev.shellbox.sandbox.egress.NetworkPolicies;
import dev.shellbox.sandbox.provider.ContainerProviders;
import dev.shellbox.sandbox.provider.ProviderUnavailableException;
import dev.shellbox.sandbox.repository.SandboxRepository;
import dev.shellbox.sandbox.repository.SavedSessionRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.hibernate.exception.ConstraintViolationException;

/** The lifecycle of sandboxes: create (get-or-create by name), get, list, pause, resume, destroy. */
@ApplicationScoped
public class SandboxService {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern LABEL_KEY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/-]{0,62}");
    private static final int MAX_ENV = 200;
    private static final int MAX_ENV_VALUE = 32 * 1024;
    private static final int MAX_LABELS = 64;
    private static final int MAX_LABEL_VALUE = 255;
    private static final int MIN_IDLE_TIMEOUT = 10;
    private static final String ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SandboxRepository repository;
    private final VolumeClient vfs;
    private final QuotaClient quota;
    private final Outbox outbox;
    private final SandboxConfig config;
    private final ContainerProviders providers;
    private final SavedSessionRepository savedSessions;

    public SandboxService(
            SandboxRepository repository,
            VolumeClient vfs,
            QuotaClient quota,
            Outbox outbox,
            SandboxConfig config,
            ContainerProviders providers,
            SavedSessionRepository savedSessions) {
        this.savedSessions = savedSessions;
        this.repository = repository;
        this.vfs = vfs;
        this.quota = quota;
        this.outbox = outbox;
        this.config = config;
        this.providers = providers;
    }

    /** The result of a create: the sandbox, and whether it existed already under that name. */
    public record Created(Sandbox sandbox, boolean existed) {}

    public Uni<Created> create(String userId, NewSandbox request) {
        NewSandbox r = request == null ? NewSandbox.DEFAULTS : request;
        Provider provider = validate(r);
        Uni<Sandbox> existing =
                r.name() == null ? Uni.createFrom().nullItem() : repository.findLiveByName(userId, r.name());
        return existing.flatMap(found -> {
            if (found != null) {
                return Uni.createFrom().item(new Created(found, true));
            }
            String id = newId();
            return reserveCreation(userId)
                    .flatMap(reserved -> vfs.createVolume(id, userId)
                            .flatMap(v -> insert(id, userId, r, provider))
                            .map(s -> new Created(s, false))
                            .onFailure(ConstraintViolationException.class)
                            .recoverWithUni(e -> vfs.deleteVolume(id)
                                    .onFailure()
                                    .recoverWithNull()
                                    .flatMap(v -> repository.findLiveByName(userId, r.name()))
                                    .map(s -> new Created(s, true)))
                            .invoke(created -> {
                                if (created.existed()) {
                                    reserved.forEach(quota::release);
                                }
                            })
                            .onFailure()
                            .invoke(e -> reserved.forEach(quota::release)));
        });
    }

    /**
     * Reserves one sandbox of the plan's {@code concurrent_sandboxes} and {@code sandbox_creates_per_day}, only once a
     * sandbox is really made (a get-or-create that finds one, or a refused request, takes nothing); a 429 naming the
     * limit when either is used up.
     */
    private Uni<List<Reservation>> reserveCreation(String userId) {
        return quota.reserveAsync(userId, Limit.CONCURRENT_SANDBOXES, 1).flatMap(live -> {
            if (live instanceof Reservation.Refused refused) {
                return Uni.createFrom().failure(refused.exception());
            }
            return quota.reserveAsync(userId, Limit.SANDBOX_CREATES_PER_DAY, 1).map(daily -> {
                if (daily instanceof Reservation.Refused refused) {
                    quota.release(live);
                    throw refused.exception();
                }
                return List.of(live, daily);
            });
        });
    }

    private Uni<Sandbox> insert(String id, String userId, NewSandbox r, Provider provider) {
        Instant now = Instant.now();
        Sandbox s = new Sandbox();
        s.id = id;
        s.userId = userId;
        s.name = r.name();
        s.provider = provider;
        s.state = SandboxState.RUNNING;
        s.env = r.env() == null ? new HashMap<>() : new HashMap<>(r.env());
        s.labels = r.labels() == null ? new HashMap<>() : new HashMap<>(r.labels());
        s.networkPolicy = r.network() == null ? NetworkPolicies.NONE : r.network();
        s.network = NetworkPolicies.any(NetworkPolicies.of(s.networkPolicy, false));
        s.idleTimeoutSeconds =
                r.idleTimeoutSeconds() == null ? config.defaultIdleTimeoutSeconds() : r.idleTimeoutSeconds();
        s.createdAt = now;
        s.lastActivityAt = now;
        return Panache.withTransaction(() -> repository
                .persistAndFlush(s)
                .call(() -> lifecycle(SandboxLifecycleEvent.CREATED, s))
                .call(() -> outbox.add(
                        Topics.USAGE,
                        userId,
                        UsageEvent.of(userId, id, Operation.SANDBOX_CREATE, Location.WORKER, 1, 0, 0, 0, 0))));
    }

    private Provider validate(NewSandbox r) {
        if (r.name() != null && !NAME.matcher(r.name()).matches()) {
            throw ProblemException.badRequest("name '" + r.name()
                    + "' is invalid: use 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit");
        }
        String providerId = r.provider() == null ? config.defaultProvider() : r.provider();
        Provider provider = Provider.byId(providerId);
        if (provider == null || !runnable(provider)) {
            String runnable = Arrays.stream(Provider.values())
                    .filter(this::runnable)
                    .map(Provider::id)
                    .collect(Collectors.joining(", "));
            throw ProblemException.badField(
                    "/provider",
                    "one of " + runnable,
                    (provider == null ? "unknown provider '" : "provider '") + providerId + "'"
                            + (provider == null ? "" : " cannot run on this installation") + "; choose one of: "
                            + runnable);
        }
        try {
            boolean network =
                    r.network() != null && NetworkPolicies.any(NetworkPolicies.parse(r.network(), "/network"));
            providers.forProvider(provider).ifPresent(p -> p.checkAvailable(network));
        } catch (ProviderUnavailableException e) {
            throw ProblemException.unavailable(e.getMessage());
        }
        if (r.env() != null) {
            if (r.env().size() > MAX_ENV) {
                throw ProblemException.badRequest("env has " + r.env().size() + " variables; at most " + MAX_ENV);
            }
            for (Map.Entry<String, String> e : r.env().entrySet()) {
                if (!ENV_NAME.matcher(e.getKey()).matches()) {
                    throw ProblemException.badRequest("env name '" + e.getKey() + "' is not a valid variable name");
                }
                if (e.getValue() == null
                        || e.getValue().length() > MAX_ENV_VALUE
                        || e.getValue().indexOf('\0') >= 0) {
                    throw ProblemException.badRequest("env value of " + e.getKey() + " must be a string of at most "
                            + MAX_ENV_VALUE + " characters without NUL");
                }
            }
        }
        if (r.labels() != null) {
            if (r.labels().size() > MAX_LABELS) {
                throw ProblemException.badRequest("at most " + MAX_LABELS + " labels");
            }
            for (Map.Entry<String, String> e : r.labels().entrySet()) {
                if (!LABEL_KEY.matcher(e.getKey()).matches()) {
                    throw ProblemException.badRequest("label key '" + e.getKey() + "' is invalid: use 1 to 63 letters,"
                            + " digits, '.', '_', '/' or '-'");
                }
                if (e.getValue() == null || e.getValue().length() > MAX_LABEL_VALUE) {
                    throw ProblemException.badRequest(
                            "label '" + e.getKey() + "' needs a value of at most " + MAX_LABEL_VALUE + " characters");
                }
            }
        }
        Integer idle = r.idleTimeoutSeconds();
        if (idle != null && (idle < MIN_IDLE_TIMEOUT || idle > config.maxIdleTimeoutSeconds())) {
            throw ProblemException.badRequest("idleTimeoutSeconds must be between " + MIN_IDLE_TIMEOUT + " and "
                    + config.maxIdleTimeoutSeconds());
        }
        return provider;
    }

    /** Whether this installation runs sandboxes of a provider: in-process always, the others when built in. */
    private boolean runnable(Provider provider) {
        return provider == Provider.IN_PROCESS
                || providers.forProvider(provider).isPresent();
    }

    /** The caller's live sandbox, or a 404 that does not reveal whether another user has that id. */
    public Uni<Sandbox> get(String userId, String id) {
        return repository.findLive(userId, id).onItem().ifNull().failWith(() -> notFound(id));
    }

    /** A live sandbox whoever owns it (what the gateway asks before routing), or a 404. */
    public Uni<Sandbox> live(String id) {
        return repository
                .findById(id)
                .map(s -> s == null || s.state == SandboxState.DESTROYED ? null : s)
                .onItem()
                .ifNull()
                .failWith(() -> notFound(id));
    }

    /** The caller's live sandboxes with every given label and, if set, in the given state. */
    public Uni<List<Sandbox>> list(String userId, Map<String, String> labels, SandboxState state) {
        return repository
                .listLive(userId)
                .map(all -> all.stream()
                        .filter(s -> state == null || s.state == state)
                        .filter(s -> labels.entrySet().stream()
                                .allMatch(l -> l.getValue().equals(s.labels.get(l.getKey()))))
                        .toList());
    }

    @WithTransaction
    public Uni<Sandbox> pause(String userId, String id) {
        return get(userId, id).flatMap(s -> transition(s, SandboxState.PAUSED, SandboxLifecycleEvent.PAUSED));
    }

    @WithTransaction
    public Uni<Sandbox> resume(String userId, String id) {
        return get(userId, id).flatMap(s -> transition(s, SandboxState.RUNNING, SandboxLifecycleEvent.RESUMED));
    }

    @WithTransaction
    public Uni<Void> destroy(String userId, String id) {
        return get(userId, id).flatMap(s -> {
            s.state = SandboxState.DESTROYED;
            s.name = null;
            s.destroyedAt = Instant.now();
            return savedSessions.forgetAll(id).chain(() -> lifecycle(SandboxLifecycleEvent.DESTROYED, s));
        });
    }

    /** Records activity (an exec) so that the sandbox does not pause itself. */
    @WithTransaction
    public Uni<Void> touch(String id) {
        return repository
                .update("lastActivityAt = ?1 where id = ?2", Instant.now(), id)
                .replaceWithVoid();
    }

    /** The running sandboxes idle for longer than their timeout. */
    public Uni<List<Sandbox>> idle() {
        return repository.findIdle(Instant.now());
    }

    private Uni<Sandbox> transition(Sandbox s, SandboxState to, String eventType) {
        if (s.state == to) {
            return Uni.createFrom().item(s);
        }
        s.state = to;
        s.lastActivityAt = Instant.now();
        return lifecycle(eventType, s).replaceWith(s);
    }

    private Uni<Void> lifecycle(String type, Sandbox s) {
        return outbox.add(Topics.SANDBOX_LIFECYCLE, s.id, SandboxLifecycleEvent.of(type, s.id, s.userId));
    }

    static ProblemException notFound(String id) {
        return ProblemException.notFound("no sandbox '" + id + "'");
    }

    private static String newId() {
        StringBuilder sb = new StringBuilder("sb-");
        for (int i = 0; i < 20; i++) {
            sb.append(ID_ALPHABET.charAt(RANDOM.nextInt(ID_ALPHABET.length())));
        }
        return sb.toString();
    }
}
