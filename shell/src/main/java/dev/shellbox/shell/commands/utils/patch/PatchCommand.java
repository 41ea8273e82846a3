package dev.shellbox.shell.commands.utils.patch;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** patch: apply diffs to files (GNU patch, as it behaves without a terminal to ask questions on). */
public final class PatchCommand implements Command {
    private static final OptionParser OPTIONS = OptionParser.of("bcd:EfF:i:lnNo:p:r:RstuvV:z:")
            .longOption("backup", 'b')
            .longOption("context", 'c')
            .longOption("directory", 'd')
            .longOption("remove-empty-files", 'E')
            .longOption("force", 'f')
            .longOption("fuzz", 'F')
            .longOption("input", 'i')
            .longOption("ignore-whitespace", 'l')
            .longOption("normal", 'n')
            .longOption("forward", 'N')
            .longOption("output", 'o')
            .longOption("strip", 'p')
            .longOption("reject-file", 'r')
            .longOption("reverse", 'R')
            .longOption("silent", 's')
            .longOption("quiet", 's')
            .longOption("batch", 't')
            .longOption("unified", 'u')
            .longOption("suffix", 'z')
            .longOption("dry-run", OptionParser.Arg.NONE)
            .longOption("verbose", OptionParser.Arg.NONE)
            .longOption("backup-if-mismatch", OptionParser.Arg.NONE)
            .longOption("no-backup-if-mismatch", OptionParser.Arg.NONE)
            .longOption("posix", OptionParser.Arg.NONE);

    @Override
    public String name() {
        return "patch";
    }

    @Override
    public String help() {
        return """
                Usage: patch [OPTION]... [ORIGFILE [PATCHFILE]]

                Input options:

                  -p NUM  --strip=NUM  Strip NUM leading components from file names.
                  -F LINES  --fuzz LINES  Set the fuzz factor to LINES for inexact matching.
                  -l  --ignore-whitespace  Ignore white space changes between patch and input.

                  -c  --context  Interpret the patch as a context difference.
                  -n  --normal  Interpret the patch as a normal difference.
                  -u  --unified  Interpret the patch as a unified difference.

                  -N  --forward  Ignore patches that appear to be reversed or already applied.
                  -R  --reverse  Assume patches were created with old and new files swapped.

                  -i PATCHFILE  --input=PATCHFILE  Read patch from PATCHFILE instead of stdin.

                Output options:

                  -o FILE  --output=FILE  Output patched files to FILE.
                  -r FILE  --reject-file=FILE  Output rejects to FILE.

                  -E  --remove-empty-files  Remove output files that are empty after patching.

                  -b  --backup  Back up the original contents of each file.
                  --backup-if-mismatch  Back up if the patch does not match exactly (the default).
                  --no-backup-if-mismatch  Back up mismatches only if otherwise requested.
                  -z SUFFIX  --suffix=SUFFIX  Use SUFFIX as the backup extension instead of .orig.

                Miscellaneous options:

                  -t  --batch  Ask no questions; skip bad-Prereq patches; assume reversed.
                  -f  --force  Like -t, but ignore bad-Prereq patches, and assume unreversed.
                  -s  --quiet  --silent  Work silently unless an error occurs.
                  --verbose  Output extra information about the work being done.
                  --dry-run  Do not actually change any files; just print what would happen.
                  --posix  Conform to the POSIX standard.

                  -d DIR  --directory=DIR  Change the working directory to DIR first.
                """;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            ctx.error(e.getMessage());
            ctx.error("Try 'patch --help' for more information.");
            return 2;
        }
        PatchSettings s = new PatchSettings();
        String input = null;
        CommandContext work = ctx;
        for (ParsedOptions.Option o : parsed.options()) {
            String v = o.value();
            switch (o.key()) {
                case "b" -> s.backup = true;
                case "c" -> s.forcedFormat = FilePatch.Format.CONTEXT;
                case "n" -> s.forcedFormat = FilePatch.Format.NORMAL;
                case "u" -> s.forcedFormat = FilePatch.Format.UNIFIED;
                case "d" -> {
                    try {
                        String dir = ctx.resolve(v);
                        if (!ctx.fs().stat(dir).isDirectory()) {
                            return fatal(ctx, "Can't change to directory " + v + " : Not a directory");
                        }
                        work = ctx.withCwd(dir);
                    } catch (FsException e) {
                        return fatal(
                                ctx,
                                "Can't change to directory " + v + " : "
                                        + e.errno().message());
                    }
                }
                case "E" -> s.removeEmptyFiles = true;
                case "f" -> s.force = true;
                case "F" -> {
                    if (!v.matches("[0-9]+")) {
                        return fatal(ctx, "fuzz factor " + v + " is not a number");
                    }
                    s.maxFuzz = Integer.parseInt(v);
                }
                case "i" -> input = v;
                case "l" -> s.ignoreWhiteSpace = true;
                case "N" -> s.forward = true;
                case "o" -> s.outputFile = v;
                case "p" -> {
                    if (!v.matches("[0-9]+")) {
                        return fatal(ctx, "strip count " + v + " is not a number");
                    }
                    s.strip = Integer.parseInt(v);
                }
                case "r" -> s.rejectFile = v;
                case "R" -> s.reverse = true;
                case "s" -> s.silent = true;
                case "t" -> s.batch = true;
                case "v", "verbose" -> s.verbose = true;
                case "z" -> s.backupSuffix = v;
                case "dry-run" -> s.dryRun = true;
                case "backup-if-mismatch" -> s.backupIfMismatch = true;
                case "no-backup-if-mismatch" -> s.backupIfMismatch = false;
                case "posix" -> s.backupIfMismatch = false;
                default -> {
                    return fatal(ctx, "version control is not supported");
                }
            }
        }
        List<String> operands = parsed.operands();
        if (operands.size() > 2) {
            ctx.error("**** extra operand " + dev.shellbox.shell.commands.utils.GnuMessages.quote(operands.get(2)));
            return 2;
        }
        if (!operands.isEmpty()) {
            s.targetFile = operands.get(0);
        }
        if (operands.size() == 2) {
            input = operands.get(1);
        }
        byte[] patchBytes;
        if (input == null || input.equals("-")) {
            patchBytes = ctx.stdin().readAllBytes();
        } else {
            try (InputStream in = ctx.openInput(input)) {
                patchBytes = in.readAllBytes();
            } catch (FsException e) {
                return fatal(
                        ctx,
                        "Can't open patch file " + input + " : " + e.errno().message());
            }
        }
        if (patchBytes.length == 0) {
            return 0; // an empty patch (two identical files) changes nothing
        }
        List<FilePatch> patches;
        PatchParser.MalformedPatchException malformed = null;
        try {
            patches = PatchParser.parse(patchBytes, s.forcedFormat);
        } catch (PatchParser.MalformedPatchException e) {
            patches = e.complete;
            malformed = e;
        }
        if (patches.isEmpty() && malformed == null) {
            return fatal(ctx, "Only garbage was found in the patch input.");
        }
        PatchRun run = new PatchRun(work, s);
        int status = 0;
        for (FilePatch p : patches) {
            ctx.checkCancelled();
            status = Math.max(status, run.apply(p));
        }
        if (malformed != null) {
            // GNU reads a file's hunks as it applies them, so it has announced the file when it finds the damage.
            run.announce(malformed.broken);
            return fatal(ctx, malformed.getMessage());
        }
        ctx.stdout().flush();
        return status;
    }

    /** GNU patch's fatal errors: "patch: **** message", status 2. */
    static int fatal(CommandContext ctx, String message) throws IOException {
        ctx.stdout().flush();
        ctx.stderr().write(Text.encode("patch: **** " + message + "\n"));
        ctx.stderr().flush();
        return 2;
    }
}
