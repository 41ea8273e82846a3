package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.gnu.time.DateParser;
import dev.shellbox.shell.gnu.time.TimeZoneSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;

/** touch: change file timestamps, creating missing files. */
public final class TouchCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("acd:fmr:t:")
            .longOption("no-create", 'c')
            .longOption("date", 'd')
            .longOption("reference", 'r')
            .longOption("time", OptionParser.Arg.REQUIRED);

    private static final Argmatch<Character> TIME_WORDS =
            Argmatch.of("--time", "atime", 'a', "access", 'a', "use", 'a', "mtime", 'm', "modify", 'm');

    @Override
    public String name() {
        return "touch";
    }

    @Override
    public String help() {
        return """
                Usage: touch [OPTION]... FILE...
                Update the access and modification times of each FILE to the current time.

                A FILE argument that does not exist is created empty, unless -c is supplied.

                A FILE argument string of - is handled specially and causes touch to
                change the times of the file associated with standard output.

                  -a                     change only the access time
                  -c, --no-create        do not create any files
                  -d, --date=STRING      parse STRING and use it instead of current time
                  -f                     (ignored)
                  -m                     change only the modification time
                  -r, --reference=FILE   use this file's times instead of current time
                  -t STAMP               use [[CC]YY]MMDDhhmm[.ss] instead of current time
                      --time=WORD        change the specified time:
                                           WORD is access, atime, or use: equivalent to -a
                                           WORD is modify or mtime: equivalent to -m
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        boolean access = parsed.has('a');
        boolean modification = parsed.has('m');
        for (String word : parsed.values("time")) {
            Character which = TIME_WORDS.match(ctx, word, 1);
            if (which == null) {
                return 1;
            }
            access |= which == 'a';
            modification |= which == 'm';
        }
        if (!access && !modification) {
            access = modification = true;
        }
        String date = parsed.value('d');
        String stamp = parsed.value('t');
        String reference = parsed.value('r');
        if (stamp != null && (date != null || reference != null)) {
            return ctx.usageError("cannot specify times from more than one source", 1);
        }
        if (parsed.operands().isEmpty()) {
            return ctx.usageError("missing file operand", 1);
        }
        ZoneId zone = TimeZoneSpec.zoneId(ctx.env("TZ"));
        long mtime = ctx.clock().millis();
        long atime = mtime;
        boolean explicitTime = date != null || stamp != null || reference != null;
        if (reference != null) {
            try {
                FileStat ref = PathOperands.stat(ctx, reference);
                mtime = ref.mtimeMillis();
                atime = ref.atimeMillis();
            } catch (FsException e) {
                ctx.error("failed to get attributes of " + Quoting.shellAlways(reference) + ": "
                        + e.errno().message());
                return 1;
            }
        }
        if (date != null) {
            Instant base = reference != null
                    ? Instant.ofEpochMilli(mtime)
                    : ctx.clock().instant();
            Instant parsedDate = date.isBlank()
                    ? base.atZone(zone).toLocalDate().atStartOfDay(zone).toInstant()
                    : DateParser.tryParse(date, base, TimeZoneSpec.of(ctx.env("TZ")));
            if (parsedDate == null) {
                ctx.error("invalid date format " + Quoting.locale(date));
                return 1;
            }
            mtime = atime = parsedDate.toEpochMilli();
        }
        if (stamp != null) {
            Instant t = parseStamp(stamp, ctx.clock().instant(), zone);
            if (t == null) {
                ctx.error("invalid date format " + Quoting.locale(stamp));
                return 1;
            }
            mtime = atime = t.toEpochMilli();
        }
        int status = 0;
        for (String operand : parsed.operands()) {
            ctx.checkCancelled();
            if (operand.equals("-")) {
                continue; // the times of standard output: a pipe or terminal here, nothing to record
            }
            if (!touch(ctx, operand, parsed.has('c'), access, modification, mtime, atime, explicitTime)) {
                status = 1;
            }
        }
        return status;
    }

    private static boolean touch(
            CommandContext ctx,
            String operand,
            boolean noCreate,
            boolean access,
            boolean modification,
            long mtime,
            long atime,
            boolean explicitTime)
            throws IOException {
        FileStat st;
        String abs;
        try {
            abs = PathOperands.resolve(ctx, operand);
            st = PathOperands.stat(ctx, operand);
        } catch (FsException e) {
            if (e.errno() != Errno.ENOENT) {
                ctx.error("setting times of " + Quoting.shellAlways(operand) + ": "
                        + e.errno().message());
                return false;
            }
            if (noCreate) {
                return true;
            }
            if (PathOperands.hasTrailingSlash(operand) || operand.isEmpty()) {
                String verb = operand.isEmpty() ? "cannot touch " : "setting times of ";
                ctx.error(verb + Quoting.shellAlways(operand) + ": " + e.errno().message());
                return false;
            }
            abs = ctx.resolve(operand);
            try (OutputStream out = ctx.fs().newOutputStream(abs, WriteMode.APPEND, 0666 & ~ctx.umask())) {
                out.flush();
            } catch (FsException created) {
                ctx.error("cannot touch " + Quoting.shellAlways(operand) + ": "
                        + created.errno().message());
                return false;
            }
            if (!explicitTime && access && modification) {
                st = null;
            } else {
                st = ctx.fs().stat(abs);
            }
        }
        long newMtime = modification || st == null ? mtime : st.mtimeMillis();
        long newAtime = access || st == null ? atime : st.atimeMillis();
        try {
            ctx.fs().setTimes(abs, newMtime, newAtime);
        } catch (FsException e) {
            ctx.error("setting times of " + Quoting.shellAlways(operand) + ": "
                    + e.errno().message());
            return false;
        }
        return true;
    }

    /** {@code [[CC]YY]MMDDhhmm[.ss]} in the local zone; null when malformed. */
    static Instant parseStamp(String stamp, Instant now, ZoneId zone) {
        String main = stamp;
        int seconds = 0;
        int dot = stamp.indexOf('.');
        if (dot >= 0) {
            String ss = stamp.substring(dot + 1);
            if (ss.length() != 2 || !ss.chars().allMatch(Character::isDigit)) {
                return null;
            }
            seconds = Integer.parseInt(ss);
            main = stamp.substring(0, dot);
        }
        if (!main.chars().allMatch(Character::isDigit)
                || (main.length() != 8 && main.length() != 10 && main.length() != 12)) {
            return null;
        }
        int year;
        String rest;
        if (main.length() == 12) {
            year = Integer.parseInt(main.substring(0, 4));
            rest = main.substring(4);
        } else if (main.length() == 10) {
            int yy = Integer.parseInt(main.substring(0, 2));
            year = yy < 69 ? 2000 + yy : 1900 + yy;
            rest = main.substring(2);
        } else {
            year = now.atZone(zone).getYear();
            rest = main;
        }
        try {
            int secondsFixed = seconds == 60 ? 59 : seconds;
            LocalDateTime t = LocalDateTime.of(
                    year,
                    Integer.parseInt(rest.substring(0, 2)),
                    Integer.parseInt(rest.substring(2, 4)),
                    Integer.parseInt(rest.substring(4, 6)),
                    Integer.parseInt(rest.substring(6, 8)),
                    secondsFixed);
            return t.atZone(zone).toInstant().plusSeconds(seconds - secondsFixed);
        } catch (DateTimeException e) {
            return null;
        }
    }
}
