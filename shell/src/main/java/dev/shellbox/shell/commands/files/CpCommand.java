package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.List;

/** cp: copy files and directories. */
public final class CpCommand implements Command {
    private static final String PRESERVE = "preserve";
    private static final String NO_PRESERVE = "no-preserve";
    private static final String PARENTS = "parents";
    private static final String REMOVE_DESTINATION = "remove-destination";
    private static final String STRIP_TRAILING_SLASHES = "strip-trailing-slashes";
    private static final OptionParser OPTIONS = OptionParser.of("adfiHlLnPprRsTt:uvx")
            .longOption("archive", 'a')
            .longOption("force", 'f')
            .longOption("interactive", 'i')
            .longOption("link", 'l')
            .longOption("dereference", 'L')
            .longOption("no-clobber", 'n')
            .longOption("no-dereference", 'P')
            .longOption("recursive", 'R')
            .longOption("symbolic-link", 's')
            .longOption("no-target-directory", 'T')
            .longOption("target-directory", 't')
            .longOption("update", 'u')
            .longOption("verbose", 'v')
            .longOption("one-file-system", 'x')
            .longOption(PRESERVE, OptionParser.Arg.OPTIONAL)
            .longOption(NO_PRESERVE, OptionParser.Arg.REQUIRED)
            .longOption(PARENTS, OptionParser.Arg.NONE)
            .longOption(REMOVE_DESTINATION, OptionParser.Arg.NONE)
            .longOption(STRIP_TRAILING_SLASHES, OptionParser.Arg.NONE)
            .longOption("sparse", OptionParser.Arg.REQUIRED)
            .longOption("reflink", OptionParser.Arg.OPTIONAL);

    private enum Attribute {
        MODE,
        OWNERSHIP,
        TIMESTAMPS,
        LINKS,
        CONTEXT,
        XATTR,
        ALL
    }

    private static final Argmatch<Attribute> ATTRIBUTES = Argmatch.of(
            "--preserve",
            "mode",
            Attribute.MODE,
            "timestamps",
            Attribute.TIMESTAMPS,
            "ownership",
            Attribute.OWNERSHIP,
            "links",
            Attribute.LINKS,
            "context",
            Attribute.CONTEXT,
            "xattr",
            Attribute.XATTR,
            "all",
            Attribute.ALL);

    @Override
    public String name() {
        return "cp";
    }

    @Override
    public String help() {
        return """
                Usage: cp [OPTION]... [-T] SOURCE DEST
                  or:  cp [OPTION]... SOURCE... DIRECTORY
                  or:  cp [OPTION]... -t DIRECTORY SOURCE...
                Copy SOURCE to DEST, or multiple SOURCE(s) to DIRECTORY.

                  -a, --archive                same as -dR --preserve=all
                  -d                           same as --no-dereference --preserve=links
                  -f, --force                  if an existing destination file cannot be
                                                 opened, remove it and try again
                  -i, --interactive            prompt before overwrite
                  -H                           follow command-line symbolic links in SOURCE
                  -l, --link                   hard link files instead of copying
                  -L, --dereference            always follow symbolic links in SOURCE
                  -n, --no-clobber             do not overwrite an existing file
                  -P, --no-dereference         never follow symbolic links in SOURCE
                  -p                           same as --preserve=mode,ownership,timestamps
                      --preserve[=ATTR_LIST]   preserve the specified attributes (default:
                                                 mode,ownership,timestamps), if possible
                      --no-preserve=ATTR_LIST  don't preserve the specified attributes
                      --parents                use full source file name under DIRECTORY
                  -R, -r, --recursive          copy directories recursively
                      --remove-destination     remove each existing destination file before
                                                 attempting to open it (contrast with --force)
                      --strip-trailing-slashes  remove any trailing slashes from each SOURCE
                                                 argument
                  -s, --symbolic-link          make symbolic links instead of copying
                  -t, --target-directory=DIRECTORY  copy all SOURCE arguments into DIRECTORY
                  -T, --no-target-directory    treat DEST as a normal file
                  -u, --update                 copy only when the SOURCE file is newer
                                                 than the destination file or when the
                                                 destination file is missing
                  -v, --verbose                explain what is being done
                  -x, --one-file-system        stay on this file system
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
        Copier.Options o = new Copier.Options();
        Copier.Dereference explicit = null;
        for (ParsedOptions.Option opt : parsed.options()) {
            switch (opt.key()) {
                case "a" -> {
                    o.recursive = true;
                    explicit = Copier.Dereference.NEVER;
                    o.preserveMode = o.preserveTimestamps = true;
                }
                case "d", "P" -> explicit = Copier.Dereference.NEVER;
                case "L" -> explicit = Copier.Dereference.ALWAYS;
                case "H" -> explicit = Copier.Dereference.COMMAND_LINE;
                case "r", "R" -> o.recursive = true;
                case "p" -> o.preserveMode = o.preserveTimestamps = true;
                case "f" -> o.force = true;
                case "i" -> {
                    o.interactive = true;
                    o.noClobber = false;
                }
                case "n" -> {
                    o.noClobber = true;
                    o.interactive = false;
                }
                case "u" -> o.update = true;
                case "v" -> o.verbose = true;
                case "l" -> o.linkMode = Copier.LinkMode.HARD;
                case "s" -> o.linkMode = Copier.LinkMode.SYMBOLIC;
                case REMOVE_DESTINATION -> o.removeDestination = true;
                case PRESERVE, NO_PRESERVE -> {
                    String list = opt.value() == null ? "mode,ownership,timestamps" : opt.value();
                    for (String word : list.split(",", -1)) {
                        Attribute a = ATTRIBUTES.match(ctx, word, 1);
                        if (a == null) {
                            return 1;
                        }
                        boolean on = opt.key().equals(PRESERVE);
                        if (a == Attribute.MODE || a == Attribute.ALL) {
                            o.preserveMode = on;
                        }
                        if (a == Attribute.TIMESTAMPS || a == Attribute.ALL) {
                            o.preserveTimestamps = on;
                        }
                    }
                }
                default -> {} // -x, --sparse, --reflink: one file system, no sparse files, no clones
            }
        }
        if (explicit != null) {
            o.dereference = explicit;
        } else if (o.recursive) {
            o.dereference = Copier.Dereference.NEVER;
        }
        if (o.linkMode == Copier.LinkMode.HARD && explicit == null) {
            o.dereference = Copier.Dereference.ALWAYS;
        }
        List<String> operands = parsed.operands();
        if (parsed.has(STRIP_TRAILING_SLASHES)) {
            operands = operands.stream().map(PathOperands::stripTrailingSlashes).toList();
        }
        boolean parents = parsed.has(PARENTS);
        TargetOperands targets = TargetOperands.parse(
                ctx, operands, new TargetOperands.Options(parsed.value('t'), parsed.has('T'), false, false));
        if (targets == null) {
            return 1;
        }
        if (parents && targets.directory() == null) {
            return ctx.usageError("with --parents, the destination must be a directory", 1);
        }
        Copier copier = new Copier(ctx, o);
        boolean ok = true;
        for (String source : targets.sources()) {
            ctx.checkCancelled();
            if (parents) {
                String dir = targets.directory();
                String dest = dir + (source.startsWith("/") ? "" : "/") + source;
                ok &= createParents(ctx, source, dir, o.verbose) && copier.copyOperand(source, dest);
            } else {
                ok &= copier.copyOperand(source, targets.destinationFor(source));
            }
        }
        ctx.stdout().flush();
        return ok ? 0 : 1;
    }

    /** {@code --parents}: makes the directories of {@code source}'s path under {@code dir}, with their modes. */
    private static boolean createParents(CommandContext ctx, String source, String dir, boolean verbose)
            throws IOException {
        String path = PathOperands.stripTrailingSlashes(source);
        int slash = path.indexOf('/', 1);
        while (slash > 0) {
            String prefix = path.substring(0, slash);
            String dest = dir + (prefix.startsWith("/") ? "" : "/") + prefix;
            try {
                String abs = ctx.resolve(dest);
                if (!ctx.fs().exists(abs)) {
                    FileStat src = ctx.fs().stat(ctx.resolve(prefix));
                    ctx.fs().createDirectory(abs, src.mode() & 07777);
                    if (verbose) {
                        ctx.print(prefix + " -> " + dest + "\n");
                    }
                }
            } catch (FsException e) {
                ctx.error("cannot make directory " + Quoting.shellAlways(dest) + ": "
                        + e.errno().message());
                return false;
            }
            slash = path.indexOf('/', slash + 1);
        }
        return true;
    }
}
