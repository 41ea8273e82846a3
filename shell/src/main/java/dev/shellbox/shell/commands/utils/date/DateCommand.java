package dev.shellbox.shell.commands.utils.date;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.commands.utils.GnuMessages;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.time.BrokenDownTime;
import dev.shellbox.shell.gnu.time.DateParser;
import dev.shellbox.shell.gnu.time.Strftime;
import dev.shellbox.shell.gnu.time.TimeZoneSpec;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * date: print a date in a format (GNU coreutils). The current time comes from the context's clock, the zone from the
 * TZ variable; setting the clock is refused as it is for an unprivileged user.
 */
public final class DateCommand implements Command {
    private static final String DEFAULT_FORMAT = "%a %b %e %H:%M:%S %Z %Y";
    private static final String RFC_EMAIL_FORMAT = "%a, %d %b %Y %H:%M:%S %z";
    private static final List<String> ISO_ARGUMENTS = List.of("hours", "minutes", "date", "seconds", "ns");
    private static final List<String> RFC_3339_ARGUMENTS = List.of("date", "seconds", "ns");
    private static final Pattern POSIX_SET_TIME =
            Pattern.compile("(\\d{2})(\\d{2})(\\d{2})(\\d{2})((?:\\d{2}){0,2})(?:\\.(\\d{2}))?");

    private static final OptionParser OPTIONS = OptionParser.of("d:f:I::r:Rs:u")
            .longOption("date", 'd')
            .longOption("file", 'f')
            .longOption("iso-8601", 'I')
            .longOption("reference", 'r')
            .longOption("rfc-email", 'R')
            .longOption("rfc-822", 'R')
            .longOption("rfc-2822", 'R')
            .longOption("set", 's')
            .longOption("utc", 'u')
            .longOption("universal", 'u')
            .longOption("uct", 'u')
            .longOption("rfc-3339", OptionParser.Arg.REQUIRED)
            .longOption("debug", OptionParser.Arg.NONE);

    @Override
    public String name() {
        return "date";
    }

    @Override
    public String help() {
        return """
                Usage: date [OPTION]... [+FORMAT]
                  or:  date [-u|--utc|--universal] [MMDDhhmm[[CC]YY][.ss]]
                Display date and time in the given FORMAT.
                With -s, or with [MMDDhhmm[[CC]YY][.ss]], set the date and time.

                Mandatory arguments to long options are mandatory for short options too.
                  -d, --date=STRING          display time described by STRING, not 'now'
                      --debug                annotate the parsed date (accepted, no output)
                  -f, --file=DATEFILE        like --date; once for each line of DATEFILE
                  -I[FMT], --iso-8601[=FMT]  output date/time in ISO 8601 format.
                                               FMT='date' for date only (the default),
                                               'hours', 'minutes', 'seconds', or 'ns'
                                               for date and time to the indicated precision.
                  -R, --rfc-email            output date and time in RFC 5322 format.
                      --rfc-3339=FMT         output date/time in RFC 3339 format.
                                               FMT='date', 'seconds', or 'ns'
                  -r, --reference=FILE       display the last modification time of FILE
                  -s, --set=STRING           set time described by STRING (refused here)
                  -u, --utc, --universal     print or set Coordinated Universal Time (UTC)

                FORMAT controls the output.  Interpreted sequences are:
                  %%   a literal %
                  %a   locale's abbreviated weekday name (e.g., Sun)
                  %A   locale's full weekday name (e.g., Sunday)
                  %b   locale's abbreviated month name (e.g., Jan)
                  %B   locale's full month name (e.g., January)
                  %c   locale's date and time (e.g., Thu Mar  3 23:05:25 2005)
                  %C   century; like %Y, except omit last two digits (e.g., 20)
                  %d   day of month (e.g., 01)
                  %D   date; same as %m/%d/%y
                  %e   day of month, space padded; same as %_d
                  %F   full date; like %+4Y-%m-%d
                  %g   last two digits of year of ISO week number (see %G)
                  %G   year of ISO week number (see %V); normally useful only with %V
                  %h   same as %b
                  %H   hour (00..23)
                  %I   hour (01..12)
                  %j   day of year (001..366)
                  %k   hour, space padded ( 0..23); same as %_H
                  %l   hour, space padded ( 1..12); same as %_I
                  %m   month (01..12)
                  %M   minute (00..59)
                  %n   a newline
                  %N   nanoseconds (000000000..999999999)
                  %p   locale's equivalent of either AM or PM; blank if not known
                  %P   like %p, but lower case
                  %q   quarter of year (1..4)
                  %r   locale's 12-hour clock time (e.g., 11:11:04 PM)
                  %R   24-hour hour and minute; same as %H:%M
                  %s   seconds since the Epoch (1970-01-01 00:00 UTC)
                  %S   second (00..60)
                  %t   a tab
                  %T   time; same as %H:%M:%S
                  %u   day of week (1..7); 1 is Monday
                  %U   week number of year, with Sunday as first day of week (00..53)
                  %V   ISO week number, with Monday as first day of week (01..53)
                  %w   day of week (0..6); 0 is Sunday
                  %W   week number of year, with Monday as first day of week (00..53)
                  %x   locale's date representation (e.g., 12/31/99)
                  %X   locale's time representation (e.g., 23:13:48)
                  %y   last two digits of year (00..99)
                  %Y   year
                  %z   +hhmm numeric time zone (e.g., -0400)
                  %:z  +hh:mm numeric time zone (e.g., -04:00)
                  %::z  +hh:mm:ss numeric time zone (e.g., -04:00:00)
                  %:::z  numeric time zone with : to necessary precision (e.g., -04, +05:30)
                  %Z   alphabetic time zone abbreviation (e.g., EDT)

                By default, date pads numeric fields with zeroes.
                The following optional flags may follow '%':

                  -  (hyphen) do not pad the field
                  _  (underscore) pad with spaces
                  0  (zero) pad with zeros
                  +  pad with zeros, and put '+' before future years with >4 digits
                  ^  use upper case if possible
                  #  use opposite case if possible
                """;
    }

    /** How the dates to print are chosen. */
    private record Settings(
            String format, TimeZoneSpec zone, String dateString, String dateFile, String reference, String setString) {}

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        String format = null;
        String dateString = null;
        String dateFile = null;
        String reference = null;
        String setString = null;
        boolean utc = false;
        for (ParsedOptions.Option o : parsed.options()) {
            String formatFromOption = null;
            switch (o.key()) {
                case "d" -> dateString = o.value();
                case "f" -> dateFile = o.value();
                case "r" -> reference = o.value();
                case "s" -> setString = o.value();
                case "u" -> utc = true;
                case "R" -> formatFromOption = RFC_EMAIL_FORMAT;
                case "I" -> {
                    String kind = o.value() == null ? "date" : matchArgument(o.value(), ISO_ARGUMENTS);
                    if (kind == null) {
                        return invalidArgument(ctx, o.value(), "--iso-8601", ISO_ARGUMENTS);
                    }
                    formatFromOption = isoFormat(kind);
                }
                case "rfc-3339" -> {
                    String kind = matchArgument(o.value(), RFC_3339_ARGUMENTS);
                    if (kind == null) {
                        return invalidArgument(ctx, o.value(), "--rfc-3339", RFC_3339_ARGUMENTS);
                    }
                    formatFromOption = rfc3339Format(kind);
                }
                default -> {} // --debug
            }
            if (formatFromOption != null) {
                if (format != null) {
                    ctx.error("multiple output formats specified");
                    return 1;
                }
                format = formatFromOption;
            }
        }
        int datesGiven = (dateString != null ? 1 : 0) + (dateFile != null ? 1 : 0) + (reference != null ? 1 : 0);
        if (datesGiven > 1) {
            return ctx.usageError("the options to specify dates for printing are mutually exclusive", 1);
        }
        if (setString != null && datesGiven > 0) {
            return ctx.usageError("the options to print and set the time may not be used together", 1);
        }
        List<String> operands = parsed.operands();
        if (operands.size() > 1) {
            return ctx.usageError("extra operand " + GnuMessages.quote(operands.get(1)), 1);
        }
        String operandDate = null;
        if (operands.size() == 1) {
            String operand = operands.get(0);
            if (operand.startsWith("+")) {
                if (format != null) {
                    ctx.error("multiple output formats specified");
                    return 1;
                }
                format = operand.substring(1);
            } else if (setString != null || datesGiven > 0) {
                return ctx.usageError(
                        "the argument " + GnuMessages.quote(operand) + " lacks a leading '+';\n"
                                + "when using an option to specify date(s), any non-option\n"
                                + "argument must be a format string beginning with '+'",
                        1);
            } else {
                operandDate = operand;
            }
        }
        TimeZoneSpec zone = utc ? TimeZoneSpec.fixed("UTC", java.time.ZoneOffset.UTC) : TimeZoneSpec.of(ctx.env("TZ"));
        Settings settings = new Settings(
                format == null ? DEFAULT_FORMAT : format, zone, dateString, dateFile, reference, setString);
        OutputStream out = new BufferedOutputStream(ctx.stdout());
        try {
            return print(ctx, out, settings, operandDate);
        } finally {
            out.flush();
        }
    }

    private int print(CommandContext ctx, OutputStream out, Settings s, String operandDate) throws IOException {
        Instant now = ctx.clock().instant();
        if (s.dateFile() != null) {
            return printFileDates(ctx, out, s, now);
        }
        Instant when;
        if (s.reference() != null) {
            try {
                FileStat st = ctx.fs().stat(ctx.resolve(s.reference()));
                when = Instant.ofEpochMilli(st.mtimeMillis());
            } catch (FsException e) {
                ctx.fileError(s.reference(), e);
                return 1;
            }
        } else if (s.dateString() != null || s.setString() != null) {
            String text = s.dateString() != null ? s.dateString() : s.setString();
            when = parseOrReport(ctx, text, now, s.zone());
            if (when == null) {
                return 1;
            }
        } else if (operandDate != null) {
            when = posixSetTime(operandDate, now, s.zone());
            if (when == null) {
                ctx.error("invalid date " + GnuMessages.quote(operandDate));
                return 1;
            }
        } else {
            when = now;
        }
        int status = 0;
        if (s.setString() != null || operandDate != null) {
            ctx.error("cannot set date: Operation not permitted");
            status = 1;
        }
        return show(ctx, out, s, when) ? status : 1;
    }

    private int printFileDates(CommandContext ctx, OutputStream out, Settings s, Instant now) throws IOException {
        InputStream in;
        boolean closeIt = !s.dateFile().equals("-");
        try {
            in = closeIt ? ctx.openInput(s.dateFile()) : ctx.stdin();
        } catch (FsException e) {
            ctx.fileError(s.dateFile(), e);
            return 1;
        }
        int status = 0;
        try {
            LineReader lines = new LineReader(in);
            while (lines.next()) {
                ctx.checkCancelled();
                Instant when = parseOrReport(ctx, lines.text(), now, s.zone());
                if (when == null) {
                    out.flush();
                    status = 1;
                } else if (!show(ctx, out, s, when)) {
                    status = 1;
                }
            }
        } finally {
            if (closeIt) {
                in.close();
            }
        }
        return status;
    }

    private static Instant parseOrReport(CommandContext ctx, String text, Instant now, TimeZoneSpec zone)
            throws IOException {
        try {
            return DateParser.parse(text, now, zone);
        } catch (DateParser.InvalidDateException e) {
            ctx.error("invalid date " + GnuMessages.quote(text));
            return null;
        }
    }

    /** Formats and prints one date; false (after a message) when it is outside the printable range. */
    private static boolean show(CommandContext ctx, OutputStream out, Settings s, Instant when) throws IOException {
        BrokenDownTime time;
        try {
            time = BrokenDownTime.of(when, s.zone());
        } catch (DateTimeException e) {
            out.flush();
            ctx.error("time " + when.getEpochSecond() + " is out of range");
            return false;
        }
        out.write(Text.encode(Strftime.nstrftime(adjustResolution(s.format()), time)));
        out.write('\n');
        return true;
    }

    /** The MMDDhhmm[[CC]YY][.ss] operand that sets the clock; null when malformed. */
    private static Instant posixSetTime(String text, Instant now, TimeZoneSpec zone) {
        Matcher m = POSIX_SET_TIME.matcher(text);
        if (!m.matches()) {
            return null;
        }
        int year = java.time.LocalDateTime.ofInstant(now, zone.offsetAt(now)).getYear();
        String y = m.group(5);
        if (y.length() == 4) {
            year = Integer.parseInt(y);
        } else if (y.length() == 2) {
            int yy = Integer.parseInt(y);
            year = yy + (yy < 69 ? 2000 : 1900);
        }
        try {
            java.time.LocalDateTime local = java.time.LocalDateTime.of(
                    year,
                    Integer.parseInt(m.group(1)),
                    Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)),
                    Integer.parseInt(m.group(4)),
                    m.group(6) == null ? 0 : Integer.parseInt(m.group(6)));
            return zone.toInstant(local);
        } catch (DateTimeException e) {
            return null;
        }
    }

    private static String isoFormat(String kind) {
        return switch (kind) {
            case "hours" -> "%Y-%m-%dT%H%:z";
            case "minutes" -> "%Y-%m-%dT%H:%M%:z";
            case "seconds" -> "%Y-%m-%dT%H:%M:%S%:z";
            case "ns" -> "%Y-%m-%dT%H:%M:%S,%N%:z";
            default -> "%Y-%m-%d";
        };
    }

    private static String rfc3339Format(String kind) {
        return switch (kind) {
            case "seconds" -> "%Y-%m-%d %H:%M:%S%:z";
            case "ns" -> "%Y-%m-%d %H:%M:%S.%N%:z";
            default -> "%Y-%m-%d";
        };
    }

    /** argmatch: an exact argument or an unambiguous prefix of one. */
    private static String matchArgument(String value, List<String> choices) {
        if (choices.contains(value)) {
            return value;
        }
        String found = null;
        for (String c : choices) {
            if (!value.isEmpty() && c.startsWith(value)) {
                if (found != null) {
                    return null;
                }
                found = c;
            }
        }
        return found;
    }

    private static int invalidArgument(CommandContext ctx, String value, String option, List<String> choices)
            throws IOException {
        boolean ambiguous = !value.isEmpty()
                && choices.stream().filter(c -> c.startsWith(value)).count() > 1;
        StringBuilder sb = new StringBuilder();
        sb.append(ambiguous ? "ambiguous" : "invalid")
                .append(" argument ")
                .append(GnuMessages.quote(value))
                .append(" for ")
                .append(GnuMessages.quote(option))
                .append("\nValid arguments are:");
        for (String c : choices) {
            sb.append("\n  - ").append(GnuMessages.quote(c));
        }
        ctx.error(sb.toString());
        return GnuMessages.tryHelp(ctx, 1);
    }

    /** coreutils date turns "%-N" into the clock's precision, nine digits here. */
    private static String adjustResolution(String format) {
        StringBuilder sb = new StringBuilder(format);
        for (int i = 0; i + 1 < sb.length(); i++) {
            if (sb.charAt(i) != '%') {
                continue;
            }
            if (sb.charAt(i + 1) == '-' && i + 2 < sb.length() && sb.charAt(i + 2) == 'N') {
                sb.setCharAt(i + 1, '9');
                i += 2;
            } else if (sb.charAt(i + 1) == '%') {
                i++;
            }
        }
        return sb.toString();
    }
}
