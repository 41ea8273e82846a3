package dev.shellbox.shell.commands.data.checksum;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** cksum: the POSIX CRC and size of files, or with {@code -a} the BSD and System V sums or a digest (GNU 9). */
public final class CksumCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("a:cl:zw")
            .longOption("algorithm", 'a')
            .longOption("check", 'c')
            .longOption("length", 'l')
            .longOption("zero", 'z')
            .longOption("warn", 'w')
            .longOption("tag", OptionParser.Arg.NONE)
            .longOption("untagged", OptionParser.Arg.NONE)
            .longOption("debug", OptionParser.Arg.NONE)
            .longOption("ignore-missing", OptionParser.Arg.NONE)
            .longOption("quiet", OptionParser.Arg.NONE)
            .longOption("status", OptionParser.Arg.NONE)
            .longOption("strict", OptionParser.Arg.NONE);

    private static final List<String> ALGORITHMS =
            List.of("bsd", "sysv", "crc", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "sm3");

    @Override
    public String name() {
        return "cksum";
    }

    @Override
    public String help() {
        return """
                Usage: cksum [OPTION]... [FILE]...
                Print or verify checksums.
                By default use the 32 bit CRC algorithm.

                With no FILE, or when FILE is -, read standard input.

                Mandatory arguments to long options are mandatory for short options too.
                  -a, --algorithm=TYPE  select the digest type to use.  See DIGEST below.
                  -c, --check           read checksums from the FILEs and check them
                      --tag             create a BSD-style checksum (the default)
                      --untagged        create a reversed style checksum, without digest type
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

                DIGEST determines the digest algorithm and default output format:
                  sysv      (equivalent to sum -s)
                  bsd       (equivalent to sum -r)
                  crc       (equivalent to cksum)
                  md5       (equivalent to md5sum)
                  sha1      (equivalent to sha1sum)
                  sha224    (equivalent to sha224sum)
                  sha256    (equivalent to sha256sum)
                  sha384    (equivalent to sha384sum)
                  sha512    (equivalent to sha512sum)
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
        String type = parsed.has('a') ? parsed.value('a') : "crc";
        if (!ALGORITHMS.contains(type)) {
            StringBuilder sb = new StringBuilder(
                    "invalid argument \u2018" + type + "\u2019 for \u2018--algorithm\u2019\n" + "Valid arguments are:");
            for (String a : ALGORITHMS) {
                sb.append("\n  - \u2018").append(a).append('\u2019');
            }
            return ctx.usageError(sb.toString(), 1);
        }
        Algorithm digest = Algorithm.byCksumName(type);
        if (digest == null && !List.of("crc", "bsd", "sysv").contains(type)) {
            ctx.error(type + ": the algorithm is not supported here");
            return 1;
        }
        if (parsed.has('l')) {
            ctx.error("--length is only supported with --algorithm=blake2b");
            return 1;
        }
        boolean check = parsed.has('c');
        String checkOnly = DigestSumCommand.checkOnlyOption(parsed);
        if (!check && checkOnly != null) {
            return ctx.usageError("the " + checkOnly + " option is meaningful only when verifying checksums", 1);
        }
        List<String> files = parsed.operands().isEmpty() ? List.of("-") : parsed.operands();
        if (check) {
            if (digest == null && parsed.has('a')) {
                ctx.error("--check is not supported with --algorithm={bsd,sysv,crc}");
                return 1;
            }
            ChecksumChecker checker = new ChecksumChecker(
                    ctx, DigestSumCommand.checkOptions(parsed), digest, digest, digest == null ? "CRC" : digest.tag());
            boolean ok = true;
            for (String file : files) {
                ok &= checker.check(file);
            }
            return ok ? 0 : 1;
        }
        if (digest != null) {
            boolean tagged = true;
            for (ParsedOptions.Option o : parsed.options()) {
                if (o.key().equals("tag") || o.key().equals("untagged")) {
                    tagged = o.key().equals("tag");
                }
            }
            return DigestSumCommand.printSums(ctx, digest, files, tagged, false, parsed.has('z'));
        }
        return printSimpleSums(ctx, type, parsed.operands(), files, parsed.has('z'));
    }

    private static int printSimpleSums(
            CommandContext ctx, String type, List<String> operands, List<String> files, boolean zero)
            throws IOException {
        int status = 0;
        for (String file : files) {
            ctx.checkCancelled();
            String line;
            try (InputStream in = SumLines.open(ctx, file)) {
                line = sum(ctx, type, in);
            } catch (FsException e) {
                if (type.equals("crc") && e.errno() == Errno.EISDIR) {
                    // GNU's CRC loop stops at the read error and prints the sum of nothing.
                    line = "4294967295 0";
                } else {
                    ctx.stdout().flush();
                    ctx.error(Quoting.shell(file) + ": " + e.errno().message());
                    status = 1;
                    continue;
                }
            }
            ctx.print(line + (operands.isEmpty() ? "" : " " + file) + (zero ? "\0" : "\n"));
        }
        ctx.stdout().flush();
        return status;
    }

    private static String sum(CommandContext ctx, String type, InputStream in) throws IOException {
        byte[] buffer = new byte[65536];
        PosixCrc crc = new PosixCrc();
        int bsd = 0;
        long sysv = 0;
        long size = 0;
        int n;
        while ((n = in.read(buffer)) > 0) {
            ctx.checkCancelled();
            size += n;
            switch (type) {
                case "crc" -> crc.update(buffer, 0, n);
                case "bsd" -> {
                    for (int i = 0; i < n; i++) {
                        bsd = ((bsd >> 1) + ((bsd & 1) << 15) + (buffer[i] & 0xff)) & 0xffff;
                    }
                }
                default -> {
                    for (int i = 0; i < n; i++) {
                        sysv += buffer[i] & 0xff;
                    }
                }
            }
        }
        return switch (type) {
            case "crc" -> crc.value() + " " + size;
            case "bsd" -> String.format("%05d %5d", bsd, (size + 1023) / 1024);
            default -> {
                long r = (sysv & 0xffff) + ((sysv & 0xffffffffL) >> 16);
                yield ((r & 0xffff) + (r >> 16)) + " " + (size + 511) / 512;
            }
        };
    }
}
