package dev.shellbox.usage.support;

import dev.shellbox.contracts.Location;
import dev.shellbox.contracts.UsageEvent;
import java.time.Instant;
import java.util.UUID;

/** Usage events for tests. */
public final class Events {
    private Events() {}

    public static UsageEvent usage(String user, String operation, Location location, long count, Instant at) {
        return new UsageEvent(
                UUID.randomUUID(),
                UsageEvent.TYPE,
                UsageEvent.VERSION,
                at,
                user,
                "sbx-" + user,
                operation,
                location,
                count,
                10,
                100,
                200,
                location == Location.WORKER ? 0 : 1500);
    }

    public static UsageEvent usage(String user, String operation, Instant at) {
        return usage(user, operation, Location.WORKER, 1, at);
    }

    public static String newUser() {
        return "user-" + UUID.randomUUID();
    }
}
