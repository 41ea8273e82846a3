package dev.shellbox.shell.commands.data;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.gnu.time.TimeZoneSpec;
import java.time.ZoneId;

/** The time zone commands show local times in: the TZ of the environment, UTC when unset or unknown. */
public final class LocalZone {
    private LocalZone() {}

    public static ZoneId of(CommandContext ctx) {
        return TimeZoneSpec.zoneId(ctx.env("TZ"));
    }
}
