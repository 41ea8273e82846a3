package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.io.OutputStream;
import java.security.SecureRandom;
import java.util.List;
import java.util.Random;

/** mktemp: create a temporary file or directory with a unique name. */
public final class MktempCommand implements Command {
    private static final String DEFAULT_TEMPLATE = "tmp.XXXXXXXXXX";
    private static final String LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final int ATTEMPTS = 1000;
    private static final String SUFFIX = "suffix";
    private static final String TMPDIR = "tmpdir";
    private static final OptionParser OPTIONS = OptionParser.of("dp:qtu")
            .longOption("directory", 'd')
            .longOption("quiet", 'q')
            .longOption("dry-run", 'u')
            .longOption(SUFFIX, OptionParser.Arg.REQUIRED)
            .longOption(TMPDIR, OptionParser.Arg.OPTIONAL);

    private final Random random = new SecureRandom();

    @Override
    public String name() {
        return "mktemp";
    }

    @Override
    public String help() {
        return """
                Usage: mktemp [OPTION]... [TEMPLATE]
                Create a temporary file or directory, safely, and print its name.
                TEMPLATE must contain at least 3 consecutive 'X's in last component.
                If TEMPLATE is not specified, use tmp.XXXXXXXXXX, and --tmpdir is implied.
                Files are created u+rw, and directories u+rwx, minus umask restrictions.

                  -d, --directory     create a directory, not a file
                  -u, --dry-run       do not create anything; merely print a name (unsafe)
                  -q, --quiet         suppress diagnostics about file/dir-creation failure
                      --suffix=SUFF   append SUFF to TEMPLATE; SUFF must not contain a slash.
                                        This option is implied if TEMPLATE does not end in X
                  -p DIR, --tmpdir[=DIR]  interpret TEMPLATE relative to DIR; if DIR is not
                                        specified, use $TMPDIR if set, else /tmp.  With
                                        this option, TEMPLATE must not be an absolute name;
                                        unlike with -t, TEMPLATE may contain slashes, but
                                        mktemp creates only the final component
                  -t                  interpret TEMPLATE as a single file name component,
                                        relative to a directory: $TMPDIR, if set; else the
                                        directory specified via -p; else /tmp [deprecated]
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
        List<String> operands = parsed.operands();
        if (operands.size() > 1) {
            return ctx.usageError("too many templates", 1);
        }
        boolean quiet = parsed.has('q');
        boolean useTmpdir = parsed.has('p') || parsed.has(TMPDIR) || parsed.has('t') || operands.isEmpty();
        String template = operands.isEmpty() ? DEFAULT_TEMPLATE : operands.get(0);
        String suffix = parsed.value(SUFFIX);
        int xEnd = template.length();
        if (suffix != null) {
            if (suffix.indexOf('/') >= 0) {
                return fail(ctx, "invalid suffix " + Quoting.locale(suffix) + ", contains directory separator");
            }
            if (!template.endsWith("X")) {
                return fail(ctx, "with --suffix, template " + Quoting.locale(template) + " must end in X");
            }
        } else {
            int lastX = template.lastIndexOf('X');
            xEnd = lastX < 0 ? template.length() : lastX + 1;
            suffix = template.substring(xEnd);
            if (suffix.indexOf('/') >= 0) {
                return fail(ctx, "invalid suffix " + Quoting.locale(suffix) + ", contains directory separator");
            }
        }
        int xStart = xEnd;
        while (xStart > 0 && template.charAt(xStart - 1) == 'X') {
            xStart--;
        }
        String prefix = template.substring(0, xEnd);
        if (useTmpdir) {
            String dir = parsed.value('p') != null ? parsed.value('p') : parsed.value(TMPDIR);
            if (parsed.has('t') || dir == null || dir.isEmpty()) {
                String env = ctx.env("TMPDIR");
                if (env != null && !env.isEmpty()) {
                    dir = env;
                } else if (dir == null || dir.isEmpty()) {
                    dir = "/tmp";
                }
            }
            if (parsed.has('t') && template.indexOf('/') >= 0) {
                return fail(ctx, "invalid template, " + Quoting.locale(template) + ", contains directory separator");
            }
            if (template.startsWith("/")) {
                return fail(
                        ctx,
                        "invalid template, " + Quoting.locale(template) + "; with --tmpdir, it may not be absolute");
            }
            prefix = (dir.endsWith("/") ? dir : dir + "/") + prefix;
            xStart += prefix.length() - xEnd;
            xEnd = prefix.length();
        }
        if (xEnd - xStart < 3) {
            ctx.error("too few X's in template " + Quoting.locale(template));
            return 1;
        }
        String shown = prefix + suffix;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            ctx.checkCancelled();
            StringBuilder name = new StringBuilder(prefix.substring(0, xStart));
            for (int i = xStart; i < xEnd; i++) {
                name.append(LETTERS.charAt(random.nextInt(LETTERS.length())));
            }
            name.append(suffix);
            String path = name.toString();
            try {
                create(ctx, path, parsed.has('d'), parsed.has('u'));
            } catch (FsException e) {
                if (e.errno() == Errno.EEXIST) {
                    continue;
                }
                if (!quiet) {
                    String kind = parsed.has('d') ? "directory" : "file";
                    ctx.error("failed to create " + kind + " via template " + Quoting.locale(shown) + ": "
                            + e.errno().message());
                }
                return 1;
            }
            ctx.print(path + "\n");
            ctx.stdout().flush();
            return 0;
        }
        if (!quiet) {
            ctx.error("failed to create file via template " + Quoting.locale(shown) + ": " + Errno.EEXIST.message());
        }
        return 1;
    }

    private static int fail(CommandContext ctx, String message) throws IOException {
        ctx.error(message);
        return 1;
    }

    private static void create(CommandContext ctx, String path, boolean directory, boolean dryRun) throws IOException {
        String abs = ctx.resolve(path);
        if (dryRun) {
            if (ctx.fs().exists(abs)) {
                throw new FsException(Errno.EEXIST, abs);
            }
            return;
        }
        if (directory) {
            ctx.fs().createDirectory(abs, 0700 & ~ctx.umask());
            return;
        }
        try (OutputStream out = ctx.fs().newOutputStream(abs, WriteMode.EXCLUSIVE, 0600 & ~ctx.umask())) {
            out.flush();
        }
    }
}
