package dev.shellbox.usage.service;

import dev.shellbox.contracts.Limit;
import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.domain.ConflictException;
import dev.shellbox.usage.domain.DefaultPlans;
import dev.shellbox.usage.domain.InvalidRequestException;
import dev.shellbox.usage.domain.Plan;
import dev.shellbox.usage.domain.PlanDefinition;
import dev.shellbox.usage.domain.PlanLimit;
import dev.shellbox.usage.domain.PlanNotDeletableException;
import dev.shellbox.usage.domain.PlanNotFoundException;
import dev.shellbox.usage.domain.UserPlan;
import dev.shellbox.usage.repository.PlanLimitRepository;
import dev.shellbox.usage.repository.PlanRepository;
import dev.shellbox.usage.repository.UserPlanRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * Plans, their limits and who is on which, kept in PostgreSQL and mirrored in memory for the quota decisions. A change
 * through the admin API updates the memory as soon as it is committed, so the next decision already uses it.
 */
@ApplicationScoped
public class PlanService {
    private static final Logger LOG = Logger.getLogger(PlanService.class);
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");

    private final PlanRepository plans;
    private final PlanLimitRepository planLimits;
    private final UserPlanRepository userPlans;
    private final UsageConfig config;

    private final ConcurrentHashMap<String, PlanDefinition> byName = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Instant> createdAt = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Assignment> assignments = new ConcurrentHashMap<>();

    /** A user's plan and the version of that assignment. */
    public record Assignment(String userId, String plan, long version) {}

    /** The outcome of a PUT of a plan. */
    public record PlanChange(PlanDefinition plan, boolean created) {}

    public PlanService(
            PlanRepository plans, PlanLimitRepository planLimits, UserPlanRepository userPlans, UsageConfig config) {
        this.plans = plans;
        this.planLimits = planLimits;
        this.userPlans = userPlans;
        this.config = config;
    }

    // ---- start ----

    /**
     * Seeds the default plans that are missing, gives every plan a value for limits added since it was defined, then
     * loads plans and assignments into memory.
     */
    public Uni<Void> load() {
        return Panache.withTransaction(() ->
                        plans.listAll().chain(existing -> planLimits.listAll().chain(limits -> seed(existing, limits))))
                .chain(() -> Panache.withSession(() -> plans.listAll()
                        .chain(all -> planLimits.listAll().map(limits -> {
                            remember(all, limits);
                            return null;
                        }))
                        .chain(() -> userPlans.listAll())
                        .invoke(rows -> rows.forEach(this::remember))))
                .invoke(() -> {
                    if (!byName.containsKey(config.defaultPlan())) {
                        throw new IllegalStateException("the default plan '" + config.defaultPlan()
                                + "' (shellbox.usage.default-plan) does not exist");
                    }
                    LOG.infof("plans loaded: %s; %d users assigned", byName.keySet(), assignments.size());
                })
                .replaceWithVoid();
    }

    private Uni<Void> seed(List<Plan> existing, List<PlanLimit> limits) {
        Instant now = Instant.now();
        Map<String, Map<String, Long>> current = new HashMap<>();
        limits.forEach(l ->
                current.computeIfAbsent(l.getPlanName(), k -> new HashMap<>()).put(l.getLimitKey(), l.getMaximum()));
        List<Object> toPersist = new ArrayList<>();
        List<String> names =
                new ArrayList<>(existing.stream().map(Plan::getName).toList());
        for (PlanDefinition seeded : DefaultPlans.ALL) {
            if (!names.contains(seeded.name())) {
                toPersist.add(new Plan(seeded.name(), now.plusMillis(toPersist.size())));
                names.add(seeded.name());
            }
        }
        PlanDefinition fallback = DefaultPlans.seeded(config.defaultPlan());
        for (String name : names) {
            PlanDefinition source = DefaultPlans.seeded(name);
            if (source == null) {
                source = fallback != null ? fallback : DefaultPlans.seeded(DefaultPlans.FREE);
            }
            Map<String, Long> has = current.getOrDefault(name, Map.of());
            for (Limit limit : Limit.values()) {
                if (!has.containsKey(limit.key())) {
                    toPersist.add(new PlanLimit(name, limit.key(), source.maximum(limit)));
                }
            }
        }
        if (toPersist.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        LOG.infof("seeding %d plan rows", toPersist.size());
        return Panache.getSession()
                .chain(session -> session.persistAll(toPersist.toArray()))
                .replaceWithVoid();
    }

    private void remember(List<Plan> all, List<PlanLimit> limits) {
        Map<String, Map<Limit, Long>> byPlan = new HashMap<>();
        for (PlanLimit l : limits) {
            Limit limit = knownLimit(l.getLimitKey());
            if (limit != null) {
                byPlan.computeIfAbsent(l.getPlanName(), k -> new EnumMap<>(Limit.class))
                        .put(limit, l.getMaximum());
            }
        }
        for (Plan plan : all) {
            remember(
                    new PlanDefinition(
                            plan.getName(), byPlan.getOrDefault(plan.getName(), Map.of()), plan.getVersion()),
                    plan.getCreatedAt());
        }
    }

    private void remember(PlanDefinition plan, Instant created) {
        createdAt.putIfAbsent(plan.name(), created);
        byName.merge(plan.name(), plan, (old, now) -> now.version() >= old.version() ? now : old);
    }

    private void remember(UserPlan row) {
        remember(new Assignment(row.getUserId(), row.getPlanName(), row.getVersion()));
    }

    private void remember(Assignment a) {
        assignments.merge(a.userId(), a, (old, now) -> now.version() >= old.version() ? now : old);
    }

    // ---- reads, from memory ----

    /** The plan a user is on now. */
    public PlanDefinition planOf(String userId) {
        Assignment a = assignments.get(userId);
        if (a != null) {
            PlanDefinition plan = byName.get(a.plan());
            if (plan != null) {
                return plan;
            }
        }
        return defaultPlan();
    }

    public PlanDefinition defaultPlan() {
        PlanDefinition plan = byName.get(config.defaultPlan());
        if (plan == null) {
            throw new IllegalStateException("plans are not loaded");
        }
        return plan;
    }

    /** Every plan, in the order they were defined. */
    public List<PlanDefinition> all() {
        return byName.values().stream()
                .sorted(Comparator.comparing((PlanDefinition p) -> createdAt.getOrDefault(p.name(), Instant.EPOCH))
                        .thenComparing(PlanDefinition::name))
                .toList();
    }

    /**
     * The plans a user may see, in the order they were defined: the built-in ones and the one the user is on. Plans
     * an admin defined for other users stay between the admin and those users.
     */
    public List<PlanDefinition> visibleTo(String userId) {
        String own = planOf(userId).name();
        return all().stream()
                .filter(plan ->
                        DefaultPlans.isBuiltIn(plan.name()) || plan.name().equals(own))
                .toList();
    }

    public PlanDefinition get(String name) {
        PlanDefinition plan = byName.get(normalize(name));
        if (plan == null) {
            throw new PlanNotFoundException(name);
        }
        return plan;
    }

    // ---- admin changes ----

    /**
     * Sets the given limits of a plan, leaving the others as they are; a plan that does not exist yet is defined,
     * taking the limits not given from the default plan.
     */
    public Uni<PlanChange> put(String rawName, Map<Limit, Long> changes) {
        String name = normalize(rawName);
        changes.forEach((limit, value) -> {
            if (value == null || value < 0) {
                throw new InvalidRequestException("limit " + limit.key() + " must be a number >= 0");
            }
        });
        Instant now = Instant.now();
        return Panache.withTransaction(() -> plans.findForUpdate(name).chain(plan -> {
                    if (plan == null) {
                        return define(name, changes, now);
                    }
                    return change(plan, changes, now);
                }))
                .onFailure(PlanService::isUniqueViolation)
                .transform(e -> new ConflictException("plan " + name + " was defined concurrently; retry"))
                .invoke(change -> remember(change.plan(), now));
    }

    private Uni<PlanChange> define(String name, Map<Limit, Long> changes, Instant now) {
        Map<Limit, Long> limits = new EnumMap<>(defaultPlan().limits());
        limits.putAll(changes);
        Plan plan = new Plan(name, now);
        List<Object> rows = new ArrayList<>();
        rows.add(plan);
        limits.forEach((limit, value) -> rows.add(new PlanLimit(name, limit.key(), value)));
        return Panache.getSession()
                .chain(session -> session.persistAll(rows.toArray()).chain(session::flush))
                .replaceWith(() -> new PlanChange(new PlanDefinition(name, limits, plan.getVersion()), true));
    }

    private Uni<PlanChange> change(Plan plan, Map<Limit, Long> changes, Instant now) {
        return planLimits.forPlan(plan.getName()).chain(rows -> {
            Map<Limit, Long> limits = new EnumMap<>(Limit.class);
            List<Object> added = new ArrayList<>();
            for (PlanLimit row : rows) {
                Limit limit = knownLimit(row.getLimitKey());
                if (limit == null) {
                    continue;
                }
                Long value = changes.get(limit);
                if (value != null) {
                    row.setMaximum(value);
                }
                limits.put(limit, row.getMaximum());
            }
            for (Map.Entry<Limit, Long> change : changes.entrySet()) {
                if (!limits.containsKey(change.getKey())) {
                    added.add(new PlanLimit(plan.getName(), change.getKey().key(), change.getValue()));
                    limits.put(change.getKey(), change.getValue());
                }
            }
            plan.changed(now);
            return Panache.getSession()
                    .chain(session -> session.persistAll(added.toArray()).chain(session::flush))
                    .replaceWith(
                            () -> new PlanChange(new PlanDefinition(plan.getName(), limits, plan.getVersion()), false));
        });
    }

    /** Puts a user on a plan, effective for the next decision. */
    public Uni<Assignment> assign(String userId, String rawPlan) {
        if (userId == null || userId.isBlank() || userId.length() > 255) {
            throw new InvalidRequestException("a user id of 1 to 255 characters is required");
        }
        if (rawPlan == null || rawPlan.isBlank()) {
            throw new InvalidRequestException("the body must name a plan: {\"plan\": \"pro\"}");
        }
        String plan = get(rawPlan).name();
        return Panache.withTransaction(() -> plans.findForShare(plan).chain(row -> {
                    if (row == null) {
                        return Uni.createFrom().failure(new PlanNotFoundException(plan));
                    }
                    return userPlans.assign(userId, plan, Instant.now());
                }))
                .map(version -> new Assignment(userId, plan, version))
                .invoke(this::remember);
    }

    /**
     * Deletes a plan no user is on, with its limits. Built-in plans and the default plan cannot be deleted; a plan
     * users are on neither, so that no user is moved to another plan without an admin saying so.
     */
    public Uni<Void> delete(String rawName) {
        String name = normalize(rawName);
        if (DefaultPlans.isBuiltIn(name)) {
            throw PlanNotDeletableException.builtIn(name);
        }
        if (name.equals(config.defaultPlan())) {
            throw PlanNotDeletableException.defaultPlan(name);
        }
        return Panache.withTransaction(() -> plans.findForUpdate(name).chain(plan -> {
                    if (plan == null) {
                        return Uni.createFrom().failure(new PlanNotFoundException(name));
                    }
                    return userPlans.countOn(name).chain(users -> {
                        if (users > 0) {
                            return Uni.createFrom().failure(PlanNotDeletableException.inUse(name, users));
                        }
                        return planLimits.deleteForPlan(name).chain(() -> plans.delete(plan));
                    });
                }))
                .invoke(() -> forget(name));
    }

    private void forget(String plan) {
        byName.remove(plan);
        createdAt.remove(plan);
        LOG.infof("plan %s deleted", plan);
    }

    /** The user's plan and whether an admin assigned it. */
    public Assignment assignmentOf(String userId) {
        Assignment a = assignments.get(userId);
        return a != null && byName.containsKey(a.plan())
                ? a
                : new Assignment(userId, defaultPlan().name(), 0);
    }

    /** A plan name as stored: lower case, letters, digits, '-' and '_'. */
    public static String normalize(String name) {
        String lower = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        if (!NAME.matcher(lower).matches()) {
            throw new InvalidRequestException(
                    "a plan name is 1 to 64 letters, digits, '-' or '_', starting with a letter or digit");
        }
        return lower;
    }

    private static Limit knownLimit(String key) {
        try {
            return Limit.fromKey(key);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean isUniqueViolation(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String message = t.getMessage();
            if (message != null && (message.contains("23505") || message.contains("duplicate key"))) {
                return true;
            }
        }
        return false;
    }
}
