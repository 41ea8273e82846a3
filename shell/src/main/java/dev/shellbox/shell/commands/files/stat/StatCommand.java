package dev.shellbox.shell.commands.files.stat;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.commands.files.PathOperands;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import dev.shellbox.shell.gnu.time.TimeZoneSpec;
import java.io.IOException;
import java.util.List;

/** stat: display file or file system status, with GNU's default layout and its format directives. */
public final class StatCommand implements Command {
    private static final String PRINTF = "printf";
    private static final OptionParser OPTIONS = OptionParser.of("c:fLt")
            .longOption("format", 'c')
            .longOption("file-system", 'f')
            .longOption("dereference", 'L')
            .longOption("terse", 't')
            .longOption(PRINTF, OptionParser.Arg.REQUIRED)
            .longOption("cached", OptionParser.Arg.REQUIRED);

    static final String FILE_FORMAT = "  File: %N\n"
            + "  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n"
            + "Device: %Hd,%Ld\tInode: %-11i Links: %h\n"
            + "Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\n"
            + "Access: %x\n"
            + "Modify: %y\n"
            + "Change: %z\n"
            + " Birth: %w\n";
    static final String FILE_TERSE = "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n";
    static final String FS_FORMAT = "  File: \"%n\"\n"
            + "    ID: %-8i Namelen: %-7l Type: %T\n"
            + "Block size: %-10s Fundamental block size: %S\n"
            + "Blocks: Total: %-10b Free: %-10f Available: %a\n"
            + "Inodes: Total: %-10c Free: %d\n";
    static final String FS_TERSE = "%n %i %l %t %s %S %b %f %a %c %d\n";

    @Override
    public String name() {
        return "stat";
    }

    @Override
    public String help() {
        return """
                Usage: stat [OPTION]... FILE...
                Display file or file system status.

                  -L, --dereference     follow links
                  -f, --file-system     display file system status instead of file status
                  -c  --format=FORMAT   use the specified FORMAT instead of the default;
                                          output a newline after each use of FORMAT
                      --printf=FORMAT   like --format, but interpret backslash escapes,
                                          and do not output a mandatory trailing newline;
                                          if you want a newline, include \\n in FORMAT
                  -t, --terse           print the information in terse form

                The valid format sequences for files (without --file-system):

                  %a   permission bits in octal
                  %A   permission bits and file type in human readable form
                  %b   number of blocks allocated (see %B)
                  %B   the size in bytes of each block reported by %b
                  %d   device number in decimal
                  %D   device number in hex
                  %f   raw mode in hex
                  %F   file type
                  %g   group ID of owner
                  %G   group name of owner
                  %h   number of hard links
                  %i   inode number
                  %m   mount point
                  %n   file name
                  %N   quoted file name with dereference if symbolic link
                  %o   optimal I/O transfer size hint
                  %s   total size, in bytes
                  %u   user ID of owner
                  %U   user name of owner
                  %w   time of file birth, human-readable; - if unknown
                  %W   time of file birth, seconds since Epoch; 0 if unknown
                  %x   time of last access, human-readable
                  %X   time of last access, seconds since Epoch
                  %y   time of last data modification, human-readable
                  %Y   time of last data modification, seconds since Epoch
                  %z   time of last status change, human-readable
                  %Z   time of last status change, seconds since Epoch

                Valid format sequences for file systems:

                  %a   free blocks available to non-superuser
                  %b   total data blocks in file system
                  %c   total file nodes in file system
                  %d   free file nodes in file system
                  %f   free blocks in file system
                  %i   file system ID in hex
                  %l   maximum length of filenames
                  %n   file name
                  %s   block size (for faster transfers)
                  %S   fundamental block size (for block counts)
                  %t   file system type in hex
                  %T   file system type in human readable form
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
        if (parsed.operands().isEmpty()) {
            return ctx.usageError("missing operand", 1);
        }
        boolean fileSystem = parsed.has('f');
        boolean terse = parsed.has('t');
        String format;
        String end = "";
        boolean escapes = false;
        String printf = parsed.value(PRINTF);
        String custom = parsed.value('c');
        if (printf != null && (custom == null || lastOf(parsed, PRINTF))) {
            format = printf;
            escapes = true;
        } else if (custom != null) {
            format = custom;
            end = "\n"; // after the expansion, so a trailing % stays literal
        } else if (fileSystem) {
            format = terse ? FS_TERSE : FS_FORMAT;
        } else {
            format = terse ? FILE_TERSE : FILE_FORMAT;
        }
        StatFormatter formatter = new StatFormatter(ctx, TimeZoneSpec.zoneId(ctx.env("TZ")), escapes);
        boolean defaultFormat = printf == null && custom == null;
        int status = 0;
        for (String operand : parsed.operands()) {
            ctx.checkCancelled();
            try {
                String abs = PathOperands.resolve(ctx, operand);
                if (fileSystem) {
                    FileSystem.SpaceInfo space = ctx.fs().space(abs);
                    ctx.print(formatter.formatFileSystem(format, operand, space) + end);
                } else {
                    FileStat st = parsed.has('L') ? PathOperands.stat(ctx, operand) : PathOperands.lstat(ctx, operand);
                    String target = st.isSymlink() ? ctx.fs().readSymlink(abs) : null;
                    ctx.print(formatter.formatFile(format, operand, st, target, defaultFormat) + end);
                }
            } catch (FsException e) {
                ctx.stdout().flush();
                String what = fileSystem ? "cannot read file system information for " : "cannot statx ";
                ctx.error(what + Quoting.shellAlways(operand) + ": " + e.errno().message());
                status = 1;
            }
        }
        ctx.stdout().flush();
        return status;
    }

    private static boolean lastOf(ParsedOptions parsed, String key) {
        String last = null;
        for (ParsedOptions.Option o : parsed.options()) {
            if (o.key().equals("c") || o.key().equals(PRINTF)) {
                last = o.key();
            }
        }
        return key.equals(last);
    }
}
