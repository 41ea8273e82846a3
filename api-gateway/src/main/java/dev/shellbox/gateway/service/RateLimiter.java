package dev.shellbox.gateway.service;

import dev.shellbox.gateway.config.GatewayConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.ConcurrentHashMap;

/** A token bucket per caller: {@code requestsPerSecond} sustained, {@code requestBurst} at once. */
@ApplicationScoped
public class RateLimiter {
    private static final int MAX_BUCKETS = 100_000;

    private final double ratePerNano;
    private final double burst;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    private static final class Bucket {
        double tokens;
        long refilledAt;

        Bucket(double tokens, long now) {
            this.tokens = tokens;
            this.refilledAt = now;
        }
    }

    public RateLimiter(GatewayConfig config) {
        this.ratePerNano = config.requestsPerSecond() / 1e9;
        this.burst = config.requestBurst();
    }

    /** Takes one token for {@code key}; false when the caller is over its rate. */
    public boolean tryAcquire(String key) {
        long now = System.nanoTime();
        if (buckets.size() > MAX_BUCKETS) {
            buckets.clear();
        }
        Bucket bucket = buckets.computeIfAbsent(key, k -> new Bucket(burst, now));
        synchronized (bucket) {
            bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.refilledAt) * ratePerNano);
            bucket.refilledAt = now;
            if (bucket.tokens < 1) {
                return false;
            }
            bucket.tokens -= 1;
            return true;
        }
    }
}
