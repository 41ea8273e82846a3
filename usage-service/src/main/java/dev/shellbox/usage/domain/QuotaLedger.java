package dev.shellbox.usage.domain;

import dev.shellbox.contracts.Limit;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * The counters quota decisions are answered from, all in memory: per user, the folded daily counters (what PostgreSQL
 * holds, kept current by the fold), the number of live sandboxes, and the reservations of checks whose operation has
 * not been folded yet.
 *
 * <p>A check and the reservation it takes happen under the user's lock, so parallel checks of one user never see the
 * same headroom twice. Folding an event adds it to the counters and releases as much of the user's oldest
 * reservations on the same limit, so an operation is counted once: reserved while in flight, folded afterwards.
 * Reservations that no event ever matches (the operation failed before it was metered) lapse after their TTL or are
 * released by the caller.
 */
public final class QuotaLedger {
    private final Clock clock;
    private final ConcurrentHashMap<String, UserLedger> users = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<UUID, Reservation> reservations = new ConcurrentHashMap<>();

    public QuotaLedger(Clock clock) {
        this.clock = clock;
    }

    /** Today in UTC, the day daily limits count. */
    public LocalDate today() {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    /** Seconds from now to the next midnight UTC, when daily counters start again. */
    public long secondsToNextUtcDay() {
        Instant now = clock.instant();
        Instant midnight = today().plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        return Math.max(1, Duration.between(now, midnight).toSeconds());
    }

    // ---- decisions ----

    /**
     * Decides whether {@code user} on {@code plan} may use {@code amount} of {@code limit} now, and reserves it when
     * allowed. An amount of 0 asks "is anything left?" (is the counter below the maximum?) and reserves nothing. A
     * ceiling check compares {@code amount} itself with the maximum.
     */
    public QuotaDecision check(String user, PlanDefinition plan, Limit limit, long amount, Duration ttl) {
        LimitKind kind = LimitKind.of(limit);
        long maximum = plan.maximum(limit);
        if (kind == LimitKind.CEILING) {
            boolean allowed = amount <= maximum;
            return new QuotaDecision(allowed, plan.name(), limit, kind, amount, maximum, null, null, null);
        }
        Instant now = clock.instant();
        LocalDate today = today();
        return withUser(user, u -> {
            u.expire(now, reservations);
            long used = kind == LimitKind.LIVE_COUNT ? u.live : u.folded(today, limit);
            long current = used + u.reserved[limit.ordinal()];
            long wanted = amount == 0 ? 1 : DailyCounters.toInternalUnit(limit, amount);
            long max = DailyCounters.toInternalUnit(limit, maximum);
            long shown = DailyCounters.toLimitUnit(limit, current);
            if (current > max - wanted) {
                Long retryAfter = kind == LimitKind.DAILY_COUNTER ? secondsToNextUtcDay() : null;
                return new QuotaDecision(false, plan.name(), limit, kind, shown, maximum, null, null, retryAfter);
            }
            if (amount == 0) {
                return new QuotaDecision(true, plan.name(), limit, kind, shown, maximum, null, null, null);
            }
            Reservation r =
                    new Reservation(newId(), user, limit, DailyCounters.toInternalUnit(limit, amount), now.plus(ttl));
            u.hold(r);
            reservations.put(r.id, r);
            return new QuotaDecision(true, plan.name(), limit, kind, shown, maximum, r.id, r.expiresAt, null);
        });
    }

    /** Gives back a reservation whose operation did not happen. Returns whether it was still held. */
    public boolean release(UUID reservationId) {
        Reservation r = reservations.remove(reservationId);
        if (r == null) {
            return false;
        }
        return withUser(r.user, u -> u.drop(r));
    }

    /**
     * Keeps {@code used} (in the limit's unit) of a reservation for the fold of the usage it was taken for, and gives
     * back the rest: work reserved in chunks settles at its end. Returns whether it was still held.
     */
    public boolean settle(UUID reservationId, long used) {
        Reservation r = reservations.get(reservationId);
        if (r == null) {
            return false;
        }
        return withUser(r.user, u -> {
            long keep = Math.min(r.remaining, DailyCounters.toInternalUnit(r.limit, Math.max(0, used)));
            if (keep == 0) {
                reservations.remove(r.id);
                return u.drop(r);
            }
            u.shrink(r, keep);
            return true;
        });
    }

    // ---- what the fold and the startup load report ----

    /** Adds folded usage of one user and day, releasing as much of the user's reservations on the same limits. */
    public void folded(String user, LocalDate day, DailyCounters delta) {
        withUser(user, u -> {
            u.days.computeIfAbsent(day, d -> new DailyCounters()).addAll(delta);
            for (Limit limit : Limit.values()) {
                long amount = delta.get(limit);
                if (amount > 0 && limit.daily()) {
                    u.releaseOldest(limit, amount, reservations);
                }
            }
            return null;
        });
    }

    /** Sets the folded counters of one user and day, as read from PostgreSQL at start. */
    public void loaded(String user, LocalDate day, DailyCounters counters) {
        withUser(user, u -> {
            u.days.computeIfAbsent(day, d -> new DailyCounters()).addAll(counters);
            return null;
        });
    }

    /** Sets the number of live sandboxes of a user, as read from PostgreSQL at start. */
    public void loadedLive(String user, long live) {
        withUser(user, u -> {
            u.live = live;
            return null;
        });
    }

    /** A sandbox of the user came to life: counts it and releases one reserved creation. */
    public void sandboxCreated(String user) {
        withUser(user, u -> {
            u.live++;
            u.releaseOldest(Limit.CONCURRENT_SANDBOXES, 1, reservations);
            return null;
        });
    }

    public void sandboxDestroyed(String user) {
        withUser(user, u -> {
            u.live = Math.max(0, u.live - 1);
            return null;
        });
    }

    // ---- views ----

    /** The counter a check compares with the maximum: folded today (or live) plus reserved, in the limit's unit. */
    public long current(String user, Limit limit) {
        if (LimitKind.of(limit) == LimitKind.CEILING) {
            return 0;
        }
        Instant now = clock.instant();
        LocalDate today = today();
        return withUser(user, u -> {
            u.expire(now, reservations);
            long used = limit == Limit.CONCURRENT_SANDBOXES ? u.live : u.folded(today, limit);
            return DailyCounters.toLimitUnit(limit, used + u.reserved[limit.ordinal()]);
        });
    }

    /** What is reserved and not folded yet, in the limit's unit. */
    public long reserved(String user, Limit limit) {
        Instant now = clock.instant();
        return withUser(user, u -> {
            u.expire(now, reservations);
            return DailyCounters.toLimitUnit(limit, u.reserved[limit.ordinal()]);
        });
    }

    public long live(String user) {
        UserLedger u = users.get(user);
        if (u == null) {
            return 0;
        }
        synchronized (u) {
            return u.live;
        }
    }

    /** How many reservations are held across all users. */
    public int reservationCount() {
        return reservations.size();
    }

    /** Live sandboxes per user, for users that have any. */
    public Map<String, Long> liveByUser() {
        Map<String, Long> live = new HashMap<>();
        users.forEach((user, u) -> {
            synchronized (u) {
                if (u.live > 0) {
                    live.put(user, u.live);
                }
            }
        });
        return live;
    }

    /** A user's folded counter of today for one limit, in the limit's unit. */
    public record UserCount(String user, long value) {}

    /** For every daily limit, the {@code n} users with the highest folded counter today. */
    public Map<Limit, List<UserCount>> topToday(int n) {
        LocalDate today = today();
        Map<Limit, List<UserCount>> top = new EnumMap<>(Limit.class);
        for (Limit limit : Limit.values()) {
            if (limit.daily()) {
                top.put(limit, new ArrayList<>());
            }
        }
        users.forEach((user, u) -> {
            synchronized (u) {
                DailyCounters c = u.days.get(today);
                if (c != null) {
                    top.forEach((limit, list) -> {
                        if (c.get(limit) > 0) {
                            list.add(new UserCount(user, c.inLimitUnit(limit)));
                        }
                    });
                }
            }
        });
        top.replaceAll((limit, list) -> list.stream()
                .sorted(Comparator.comparingLong(UserCount::value).reversed().thenComparing(UserCount::user))
                .limit(n)
                .toList());
        return top;
    }

    /** Drops lapsed reservations, days before yesterday and users with nothing left to remember. */
    public void sweep() {
        Instant now = clock.instant();
        LocalDate yesterday = today().minusDays(1);
        users.forEach((user, u) -> {
            synchronized (u) {
                u.expire(now, reservations);
                u.days.headMap(yesterday).clear();
                if (u.days.isEmpty() && u.live == 0 && u.holdsNothing()) {
                    u.retired = true;
                    users.remove(user, u);
                }
            }
        });
    }

    /**
     * A random reservation id. Reservations are not secrets (only the services can reach the release endpoint), so
     * this avoids the shared, synchronized SecureRandom of {@link UUID#randomUUID()} on the hot path.
     */
    private static UUID newId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return new UUID(random.nextLong() & ~0xF000L | 0x4000L, random.nextLong() & ~(3L << 62) | (2L << 62));
    }

    private <T> T withUser(String user, Function<UserLedger, T> action) {
        while (true) {
            UserLedger u = users.computeIfAbsent(user, UserLedger::new);
            synchronized (u) {
                if (!u.retired) {
                    return action.apply(u);
                }
            }
        }
    }

    private static final class Reservation {
        final UUID id;
        final String user;
        final Limit limit;
        final Instant expiresAt;
        long remaining;

        Reservation(UUID id, String user, Limit limit, long amount, Instant expiresAt) {
            this.id = id;
            this.user = user;
            this.limit = limit;
            this.remaining = amount;
            this.expiresAt = expiresAt;
        }
    }

    /** One user's state; every access holds its monitor. */
    private static final class UserLedger {
        final TreeMap<LocalDate, DailyCounters> days = new TreeMap<>();
        final EnumMap<Limit, ArrayDeque<Reservation>> held = new EnumMap<>(Limit.class);
        final long[] reserved = new long[Limit.values().length];
        long live;
        boolean retired;

        UserLedger(String user) {}

        long folded(LocalDate day, Limit limit) {
            DailyCounters c = days.get(day);
            return c == null ? 0 : c.get(limit);
        }

        void hold(Reservation r) {
            held.computeIfAbsent(r.limit, l -> new ArrayDeque<>()).addLast(r);
            reserved[r.limit.ordinal()] += r.remaining;
        }

        boolean drop(Reservation r) {
            ArrayDeque<Reservation> queue = held.get(r.limit);
            if (queue != null && queue.remove(r)) {
                reserved[r.limit.ordinal()] -= r.remaining;
                r.remaining = 0;
                return true;
            }
            return false;
        }

        void shrink(Reservation r, long keep) {
            reserved[r.limit.ordinal()] -= r.remaining - keep;
            r.remaining = keep;
        }

        void releaseOldest(Limit limit, long amount, Map<UUID, Reservation> index) {
            ArrayDeque<Reservation> queue = held.get(limit);
            while (amount > 0 && queue != null && !queue.isEmpty()) {
                Reservation r = queue.peekFirst();
                long take = Math.min(r.remaining, amount);
                r.remaining -= take;
                reserved[limit.ordinal()] -= take;
                amount -= take;
                if (r.remaining == 0) {
                    queue.pollFirst();
                    index.remove(r.id);
                }
            }
        }

        /** Reservations all have the same TTL, so each queue is in expiry order. */
        void expire(Instant now, Map<UUID, Reservation> index) {
            for (ArrayDeque<Reservation> queue : held.values()) {
                while (!queue.isEmpty() && !queue.peekFirst().expiresAt.isAfter(now)) {
                    Reservation r = queue.pollFirst();
                    reserved[r.limit.ordinal()] -= r.remaining;
                    r.remaining = 0;
                    index.remove(r.id);
                }
            }
        }

        boolean holdsNothing() {
            return held.values().stream().allMatch(ArrayDeque::isEmpty);
        }
    }
}
