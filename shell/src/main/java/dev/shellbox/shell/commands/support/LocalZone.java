package dev.shellbox.shell.commands.support;

import dev.shellbox.shell.command.CommandContext;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The time zone commands show local times in: the TZ of the environment, UTC when unset or unknown. */
public final class LocalZone {
    private LocalZone() {}

    public static ZoneId of(CommandContext ctx) {
        String tz = ctx.env("TZ");
        if (tz == null || tz.isEmpty()) {
            return ZoneOffset.UTC;
        }
        try {
            return ZoneId.of(tz.startsWith(":") ? tz.substring(1) : tz);
        } catch (DateTimeException e) {
            return ZoneOffset.UTC;
        }
    }
}
