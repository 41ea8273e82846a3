package dev.shellbox.shell.commands.data.checksum;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.io.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * {@code -c}: reads checksum lines (GNU or BSD style) and verifies the files they name, printing {@code name: OK} or
 * {@code name: FAILED} and GNU's warnings.
 */
final class ChecksumChecker {
    /** The verification options, shared by every checksum file of one run. */
    record Options(boolean quiet, boolean status, boolean strict, boolean warn, boolean ignoreMissing) {}

    private final CommandContext ctx;
    private final Options options;
    /** The algorithm of untagged lines; null when only tagged lines are accepted (plain cksum). */
    private final Algorithm untagged;
    /** The only tag accepted, or null to accept every known tag (cksum). */
    private final Algorithm onlyTag;
    /** The name in "improperly formatted X checksum line". */
    private final String lineKind;

    ChecksumChecker(CommandContext ctx, Options options, Algorithm untagged, Algorithm onlyTag, String lineKind) {
        this.ctx = ctx;
        this.options = options;
        this.untagged = untagged;
        this.onlyTag = onlyTag;
        this.lineKind = lineKind;
    }

    private record Entry(Algorithm algorithm, String hex, String name) {}

    /** Verifies the files listed in one checksum file; false when anything failed. */
    boolean check(String listOperand) throws IOException {
        String listName = listOperand.equals("-") ? "standard input" : Quoting.shell(listOperand);
        int misformatted = 0;
        int unreadable = 0;
        int mismatched = 0;
        int verified = 0;
        boolean anyProper = false;
        int[] bsdReversed = {-1};
        try (InputStream list = SumLines.open(ctx, listOperand)) {
            LineReader lines = new LineReader(list);
            long lineNumber = 0;
            while (lines.next()) {
                ctx.checkCancelled();
                lineNumber++;
                String line = lines.text();
                if (line.endsWith("\r")) {
                    line = line.substring(0, line.length() - 1);
                }
                String trimmed = line.stripLeading();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                    continue;
                }
                Entry entry = parse(line, bsdReversed);
                if (entry == null) {
                    misformatted++;
                    if (options.warn) {
                        ctx.error(
                                listName + ": " + lineNumber + ": improperly formatted " + lineKind + " checksum line");
                    }
                    continue;
                }
                anyProper = true;
                byte[] digest;
                try (InputStream in = SumLines.open(ctx, entry.name)) {
                    digest = SumLines.digest(ctx, in, entry.algorithm.newDigest());
                } catch (FsException e) {
                    if (options.ignoreMissing && e.errno() == Errno.ENOENT) {
                        continue;
                    }
                    ctx.stdout().flush();
                    ctx.error(Quoting.shell(entry.name) + ": " + e.errno().message());
                    unreadable++;
                    if (!options.status) {
                        report(entry.name, "FAILED open or read");
                    }
                    continue;
                }
                verified++;
                boolean ok = Algorithm.hex(digest).equalsIgnoreCase(entry.hex);
                if (!ok) {
                    mismatched++;
                }
                if (!options.status && (!ok || !options.quiet)) {
                    report(entry.name, ok ? "OK" : "FAILED");
                }
            }
        } catch (FsException e) {
            ctx.error(Quoting.shell(listOperand) + ": " + e.errno().message());
            return false;
        }
        ctx.stdout().flush();
        if (!anyProper) {
            ctx.error(listName + ": no properly formatted checksum lines found");
            return false;
        }
        if (!options.status) {
            if (misformatted > 0) {
                ctx.error("WARNING: " + misformatted + (misformatted == 1 ? " line is" : " lines are")
                        + " improperly formatted");
            }
            if (unreadable > 0) {
                ctx.error("WARNING: " + unreadable + " listed " + (unreadable == 1 ? "file" : "files")
                        + " could not be read");
            }
            if (mismatched > 0) {
                ctx.error("WARNING: " + mismatched + " computed " + (mismatched == 1 ? "checksum" : "checksums")
                        + " did NOT match");
            }
        }
        if (options.ignoreMissing && verified == 0) {
            ctx.error(listName + ": no file was verified");
            return false;
        }
        return mismatched == 0 && unreadable == 0 && (!options.strict || misformatted == 0);
    }

    /** A result line; GNU escapes only line breaks here, a backslash alone stays as it is. */
    private void report(String name, String result) throws IOException {
        boolean escaped = name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0;
        ctx.print((escaped ? "\\" + SumLines.escape(name) : name) + ": " + result + "\n");
    }

    /** GNU's split_3: a BSD-style tagged line or {@code HEX [ *]NAME}; null when improperly formatted. */
    private Entry parse(String line, int[] bsdReversed) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        boolean escaped = i < line.length() && line.charAt(i) == '\\';
        if (escaped) {
            i++;
        }
        Entry tagged = parseTagged(line, i, escaped);
        if (tagged != null || untagged == null) {
            return tagged;
        }
        int hexStart = i;
        while (i < line.length() && isHex(line.charAt(i))) {
            i++;
        }
        if (i - hexStart != untagged.hexLength()
                || i >= line.length()
                || (line.charAt(i) != ' ' && line.charAt(i) != '\t')) {
            return null;
        }
        String hex = line.substring(hexStart, i);
        i++;
        if (line.length() - i == 0) {
            return null;
        }
        char indicator = line.charAt(i);
        if (line.length() - i == 1 || (indicator != ' ' && indicator != '*')) {
            // Without a mode character: the "reversed BSD" form; never mixed with the standard one.
            if (bsdReversed[0] == 0) {
                return null;
            }
            bsdReversed[0] = 1;
        } else if (bsdReversed[0] != 1) {
            bsdReversed[0] = 0;
            i++;
        }
        String name = escaped ? unescape(line.substring(i)) : line.substring(i);
        return name == null || name.isEmpty() ? null : new Entry(untagged, hex, name);
    }

    private Entry parseTagged(String line, int start, boolean escaped) {
        int open = line.indexOf(" (", start);
        if (open < 0) {
            return null;
        }
        Algorithm algorithm = Algorithm.byTag(line.substring(start, open));
        if (algorithm == null || (onlyTag != null && algorithm != onlyTag)) {
            return null;
        }
        int close = line.lastIndexOf(") = ");
        if (close < open + 2) {
            return null;
        }
        String hex = line.substring(close + 4);
        if (hex.length() != algorithm.hexLength() || !hex.chars().allMatch(c -> isHex((char) c))) {
            return null;
        }
        String name = line.substring(open + 2, close);
        name = escaped ? unescape(name) : name;
        return name == null || name.isEmpty() ? null : new Entry(algorithm, hex.toLowerCase(Locale.ROOT), name);
    }

    private static String unescape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (++i == s.length()) {
                return null;
            }
            switch (s.charAt(i)) {
                case '\\' -> sb.append('\\');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                default -> {
                    return null;
                }
            }
        }
        return sb.toString();
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
