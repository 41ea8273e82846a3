package dev.shellbox.shell.commands.files.find;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.OutputStream;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/** What a find run shares between its traversal, tests and actions. */
final class FindState {
    final CommandContext ctx;
    final OutputStream out;
    final ZoneId zone;
    /** "Now" for -mtime and friends: the clock, or the end of today with -daystart. */
    final long now;
    /** Batches of {@code -exec ... {} +} to run before find exits. */
    final List<ExecAction> batches = new ArrayList<>();
    /** Files opened by -fprint and -fprintf, flushed and closed at the end. */
    final List<OutputStream> files = new ArrayList<>();

    boolean quit;
    int status;

    FindState(CommandContext ctx, OutputStream out, ZoneId zone, long now) {
        this.ctx = ctx;
        this.out = out;
        this.zone = zone;
        this.now = now;
    }

    /** Reports {@code find: message} after what was printed so far, and marks the run as failed. */
    void error(String message) throws IOException {
        out.flush();
        ctx.error(message);
        status = 1;
    }

    /** A warning does not change the exit status. */
    void warn(String message) throws IOException {
        out.flush();
        ctx.stderr().write(Text.encode(ctx.commandName() + ": warning: " + message + "\n"));
        ctx.stderr().flush();
    }
}
