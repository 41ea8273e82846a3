package dev.shellbox.shell.commands.data.checksum;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** md5sum, sha1sum, sha224sum, sha256sum, sha384sum, sha512sum: print or check message digests (GNU coreutils). */
public final class DigestSumCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("bctzw")
            .longOption("binary", 'b')
            .longOption("check", 'c')
            .longOption("text", 't')
            .longOption("zero", 'z')
            .longOption("warn", 'w')
            .longOption("tag", OptionParser.Arg.NONE)
            .longOption("ignore-missing", OptionParser.Arg.NONE)
            .longOption("quiet", OptionParser.Arg.NONE)
            .longOption("status", OptionParser.Arg.NONE)
            .longOption("strict", OptionParser.Arg.NONE);

    private final String name;
    private final Algorithm algorithm;

    public DigestSumCommand(String name, Algorithm algorithm) {
        this.name = name;
        this.algorithm = algorithm;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String help() {
        return """
                Usage: %1$s [OPTION]... [FILE]...
                Print or check %2$s (%3$d-bit) checksums.

                With no FILE, or when FILE is -, read standard input.
                  -b, --binary          read in binary mode
                  -c, --check           read checksums from the FILEs and check them
                      --tag             create a BSD-style checksum
                  -t, --text            read in text mode (default)
                  -z, --zero            end each output line with NUL, not newline,
                                          and disable file name escaping

                The following five options are useful only when verifying checksums:
                      --ignore-missing  don't fail or report status for missing files
                      --quiet           don't print OK for each successfully verified file
                      --status          don't output anything, status code shows success
                      --strict          exit non-zero for improperly formatted checksum lines
                  -w, --warn            warn about improperly formatted checksum lines

                      --help        display this help and exit
                      --version     output version information and exit
                """.formatted(name, algorithm.tag(), algorithm.bits());
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        boolean check = parsed.has('c');
        boolean binary = false;
        boolean modeGiven = false;
        for (ParsedOptions.Option o : parsed.options()) {
            if (o.key().equals("b") || o.key().equals("t")) {
                binary = o.key().equals("b");
                modeGiven = true;
            }
        }
        boolean tag = parsed.has("tag");
        if (check && tag) {
            return ctx.usageError("the --tag option is meaningless when verifying checksums", 1);
        }
        if (check && modeGiven) {
            return ctx.usageError("the --binary and --text options are meaningless when verifying checksums", 1);
        }
        String checkOnly = checkOnlyOption(parsed);
        if (!check && checkOnly != null) {
            return ctx.usageError("the " + checkOnly + " option is meaningful only when verifying checksums", 1);
        }
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        if (check) {
            ChecksumChecker checker =
                    new ChecksumChecker(ctx, checkOptions(parsed), algorithm, algorithm, algorithm.tag());
            boolean ok = true;
            for (String file : files) {
                ok &= checker.check(file);
            }
            return ok ? 0 : 1;
        }
        return printSums(ctx, algorithm, files, tag, binary, parsed.has('z'));
    }

    static String checkOnlyOption(ParsedOptions parsed) {
        for (String option : List.of("ignore-missing", "quiet", "status", "strict")) {
            if (parsed.has(option)) {
                return "--" + option;
            }
        }
        return parsed.has('w') ? "--warn" : null;
    }

    static ChecksumChecker.Options checkOptions(ParsedOptions parsed) {
        return new ChecksumChecker.Options(
                parsed.has("quiet"),
                parsed.has("status"),
                parsed.has("strict"),
                parsed.has('w'),
                parsed.has("ignore-missing"));
    }

    static int printSums(
            CommandContext ctx, Algorithm algorithm, List<String> files, boolean tag, boolean binary, boolean zero)
            throws IOException {
        int status = 0;
        for (String file : files) {
            ctx.checkCancelled();
            byte[] digest;
            try (InputStream in = SumLines.open(ctx, file)) {
                digest = SumLines.digest(ctx, in, algorithm.newDigest());
            } catch (FsException e) {
                ctx.stdout().flush();
                ctx.error(Quoting.shell(file) + ": " + e.errno().message());
                status = 1;
                continue;
            }
            ctx.print(SumLines.format(algorithm, Algorithm.hex(digest), file, tag, binary, zero));
        }
        ctx.stdout().flush();
        return status;
    }
}
