package dev.shellbox.shell.commands.data.archive;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.commands.data.LocalZone;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.fnmatch.Glob;
import dev.shellbox.shell.io.LineReader;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.utils.SeekableInMemoryByteChannel;

/** unzip (Info-ZIP 6.0 style): list, test and extract zip archives. */
public final class UnzipCommand implements Command {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    @Override
    public String name() {
        return "unzip";
    }

    @Override
    public String help() {
        return """
                Usage: unzip [-Z] [-opts[modifiers]] file[.zip] [list] [-x xlist] [-d exdir]
                  Default action is to extract files in list, except those in xlist, to exdir;

                  -p  extract files to pipe, no messages     -l  list files (short format)
                  -t  test compressed archive data           -d  extract files into exdir
                  -x  exclude files that follow (in xlist)
                modifiers:
                  -n  never overwrite existing files         -q  quiet mode (-qq => quieter)
                  -o  overwrite files WITHOUT prompting      -j  junk paths (do not make directories)
                """;
    }

    /** The command line, parsed. */
    private static final class Options {
        boolean list;
        boolean test;
        boolean pipe;
        boolean overwrite;
        boolean never;
        boolean junk;
        int quiet;
        String directory;
        String archive;
        final List<String> members = new ArrayList<>();
        final List<Glob> excludes = new ArrayList<>();
        /** Set once the user answered [A]ll or [N]one to a replace prompt. */
        Boolean answerForAll;
        /** The replace prompt met the end of stdin, which unzip reports in its exit status. */
        boolean promptEnded;
    }

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        Options o = new Options();
        boolean inExcludes = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("-") && a.length() > 1) {
                inExcludes = false;
                for (int k = 1; k < a.length(); k++) {
                    char c = a.charAt(k);
                    switch (c) {
                        case 'l' -> o.list = true;
                        case 't' -> o.test = true;
                        case 'p' -> o.pipe = true;
                        case 'o' -> o.overwrite = true;
                        case 'n' -> o.never = true;
                        case 'j' -> o.junk = true;
                        case 'q' -> o.quiet++;
                        case 'x' -> inExcludes = true;
                        case 'd' -> {
                            if (k + 1 < a.length()) {
                                o.directory = a.substring(k + 1);
                                k = a.length();
                            } else if (i + 1 < args.size()) {
                                o.directory = args.get(++i);
                            }
                        }
                        default -> {
                            ctx.error("invalid option -- '" + c + "'");
                            return 10;
                        }
                    }
                }
            } else if (inExcludes) {
                o.excludes.add(NamePatterns.compile(a));
            } else if (o.archive == null) {
                o.archive = a;
            } else {
                o.members.add(a);
            }
        }
        if (o.archive == null) {
            ctx.print(help());
            return 0;
        }
        byte[] bytes = readArchive(ctx, o.archive);
        if (bytes == null) {
            ctx.stderr()
                    .write(Text.encode("unzip:  cannot find or open " + o.archive + ", " + o.archive + ".zip or "
                            + o.archive + ".ZIP.\n"));
            return 9;
        }
        String shownName = ctx.fs().exists(ctx.resolve(o.archive)) ? o.archive : o.archive + ".zip";
        List<ZipArchiveEntry> entries;
        try (ZipFile zip = ZipFile.builder()
                .setSeekableByteChannel(new SeekableInMemoryByteChannel(bytes))
                .get()) {
            entries = Collections.list(zip.getEntries());
            if (!o.pipe && o.quiet < 2 && !(o.quiet == 1 && !o.list && !o.test)) {
                ctx.print("Archive:  " + shownName + "\n");
            } else if (!o.pipe && o.quiet == 1 && o.list) {
                ctx.print("Archive:  " + shownName + "\n");
            }
            Set<String> matched = new LinkedHashSet<>();
            List<ZipArchiveEntry> selected = new ArrayList<>();
            for (ZipArchiveEntry e : entries) {
                if (!o.members.isEmpty()) {
                    String m = matching(o.members, e.getName());
                    if (m == null) {
                        continue;
                    }
                    matched.add(m);
                }
                if (excluded(o.excludes, e.getName())) {
                    continue;
                }
                selected.add(e);
            }
            int status = 0;
            if (o.list) {
                list(ctx, o, selected);
            } else if (o.test) {
                status = test(ctx, o, zip, selected, shownName);
            } else {
                status = extract(ctx, o, zip, selected);
            }
            for (String m : o.members) {
                if (!matched.contains(m)) {
                    ctx.stdout().flush();
                    ctx.stderr().write(Text.encode("caution: filename not matched:  " + m + "\n"));
                    status = Math.max(status, 11);
                }
            }
            ctx.stdout().flush();
            return status;
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            ctx.stderr()
                    .write(Text.encode("  End-of-central-directory signature not found.  Either this file is not\n"
                            + "  a zipfile, or it constitutes one disk of a multi-part archive.  In the\n"
                            + "  latter case the central directory and zipfile comment will be found on\n"
                            + "  the last disk(s) of this archive.\n"
                            + "unzip:  cannot find zipfile directory in one of " + o.archive + " or\n"
                            + "        " + o.archive + ".zip, and cannot find " + o.archive + ".ZIP, period.\n"));
            return 9;
        }
    }

    private static byte[] readArchive(CommandContext ctx, String archive) throws IOException {
        for (String candidate : List.of(archive, archive + ".zip", archive + ".ZIP")) {
            try (InputStream in = ctx.openInput(candidate)) {
                return in.readAllBytes();
            } catch (FsException e) {
                // try the next spelling, as unzip does
            }
        }
        return null;
    }

    private static String matching(List<String> patterns, String name) {
        for (String p : patterns) {
            if (NamePatterns.compile(p).matches(name)) {
                return p;
            }
        }
        return null;
    }

    private static boolean excluded(List<Glob> excludes, String name) {
        for (Glob p : excludes) {
            if (p.matches(name)) {
                return true;
            }
        }
        return false;
    }

    private static String time(CommandContext ctx, ZipArchiveEntry e) {
        return DATE.format(Instant.ofEpochMilli(e.getTime()).atZone(LocalZone.of(ctx)));
    }

    private static void list(CommandContext ctx, Options o, List<ZipArchiveEntry> entries) throws IOException {
        if (o.quiet < 2) {
            ctx.print("  Length      Date    Time    Name\n---------  ---------- -----   ----\n");
        }
        long total = 0;
        for (ZipArchiveEntry e : entries) {
            long size = Math.max(0, e.getSize());
            total += size;
            ctx.print(String.format("%9d  %s   %s\n", size, time(ctx, e), e.getName()));
        }
        if (o.quiet < 2) {
            ctx.print(String.format(
                    "---------                     -------\n%9d                     %d file%s\n",
                    total, entries.size(), entries.size() == 1 ? "" : "s"));
        }
    }

    private static int test(CommandContext ctx, Options o, ZipFile zip, List<ZipArchiveEntry> entries, String name)
            throws IOException {
        int errors = 0;
        for (ZipArchiveEntry e : entries) {
            ctx.checkCancelled();
            boolean ok;
            try (InputStream in = zip.getInputStream(e)) {
                CRC32 crc = new CRC32();
                byte[] buf = new byte[65536];
                int n;
                while ((n = in.read(buf)) > 0) {
                    crc.update(buf, 0, n);
                }
                ok = e.getCrc() < 0 || crc.getValue() == e.getCrc();
            } catch (java.util.zip.ZipException ex) {
                ok = false;
            }
            if (!ok) {
                errors++;
            }
            if (o.quiet == 0) {
                ctx.print(String.format("    testing: %-24s %s\n", e.getName(), ok ? "OK" : "bad CRC"));
            }
        }
        if (errors == 0) {
            if (o.quiet < 2) {
                ctx.print("No errors detected in compressed data of " + name + ".\n");
            }
            return 0;
        }
        ctx.print("At least one error was detected in " + name + ".\n");
        return 2;
    }

    private static int extract(CommandContext ctx, Options o, ZipFile zip, List<ZipArchiveEntry> entries)
            throws IOException {
        int status = 0;
        List<ZipArchiveEntry> directories = new ArrayList<>();
        for (ZipArchiveEntry e : entries) {
            ctx.checkCancelled();
            if (o.pipe) {
                if (!e.isDirectory()) {
                    try (InputStream in = zip.getInputStream(e)) {
                        in.transferTo(ctx.stdout());
                    }
                }
                continue;
            }
            String name = o.junk ? PathNames.name("/" + e.getName()) : e.getName();
            if (name.isEmpty() || (o.junk && e.isDirectory())) {
                continue;
            }
            String shown =
                    o.directory == null ? name : (o.directory.endsWith("/") ? o.directory : o.directory + "/") + name;
            String path = ctx.resolve(shown);
            if (!path.startsWith(ctx.resolve(o.directory == null ? "." : o.directory))) {
                ctx.print("warning:  skipped \"../\" path component(s) in " + e.getName() + "\n");
                continue;
            }
            boolean existed = ctx.fs().exists(path);
            try {
                ExtractTarget.mkdirs(ctx, e.isDirectory() ? path : PathNames.parent(path));
                if (e.isDirectory()) {
                    if (o.quiet == 0 && !existed) {
                        ctx.print("   creating: " + shown + "\n");
                    }
                    directories.add(e);
                    continue;
                }
                if (ctx.fs().exists(path) || ExtractTarget.isSymlink(ctx, path)) {
                    if (!mayReplace(ctx, o, shown)) {
                        if (o.promptEnded) {
                            status = Math.max(status, 1);
                        }
                        continue;
                    }
                    ctx.fs().delete(path);
                }
                int unixMode = e.getUnixMode();
                boolean symlink = (unixMode & 0170000) == 0120000;
                if (o.quiet == 0) {
                    String verb = symlink
                            ? "    linking"
                            : e.getMethod() == ZipArchiveEntry.STORED ? " extracting" : "  inflating";
                    ctx.print(String.format("%s: %-22s  \n", verb, shown));
                }
                try (InputStream in = zip.getInputStream(e)) {
                    if (symlink) {
                        ctx.fs().createSymlink(path, Text.decode(in.readAllBytes()));
                        continue;
                    }
                    int mode = (unixMode & 07777) != 0 ? unixMode & 0777 : 0666 & ~ctx.umask();
                    try (OutputStream out = ctx.fs().newOutputStream(path, WriteMode.TRUNCATE, mode)) {
                        in.transferTo(out);
                    }
                    ctx.fs().setMode(path, mode);
                }
                ctx.fs().setTimes(path, e.getTime(), e.getTime());
            } catch (FsException ex) {
                ctx.stderr()
                        .write(Text.encode("error:  cannot create " + shown + "\n        "
                                + ex.errno().message() + "\n"));
                status = 50;
            }
        }
        for (ZipArchiveEntry d : directories) {
            String path = ctx.resolve(o.directory == null ? d.getName() : o.directory + "/" + d.getName());
            try {
                int mode = d.getUnixMode() & 0777;
                if (mode != 0) {
                    ctx.fs().setMode(path, mode);
                }
                ctx.fs().setTimes(path, d.getTime(), d.getTime());
            } catch (FsException ex) {
                // not created: nothing to stamp
            }
        }
        return status;
    }

    /** The replace prompt of unzip: answered from stdin; at its end, "[N]one" as unzip assumes. */
    private static boolean mayReplace(CommandContext ctx, Options o, String shown) throws IOException {
        if (o.overwrite) {
            return true;
        }
        if (o.never) {
            return false;
        }
        if (o.answerForAll != null) {
            return o.answerForAll;
        }
        ctx.stdout().flush();
        OutputStream err = ctx.stderr();
        err.write(Text.encode("replace " + shown + "? [y]es, [n]o, [A]ll, [N]one, [r]ename: "));
        err.flush();
        LineReader reader = new LineReader(ctx.stdin());
        if (!reader.next()) {
            err.write(Text.encode(" NULL\n(EOF or read error, treating as \"[N]one\" ...)\n"));
            o.answerForAll = false;
            o.promptEnded = true;
            return false;
        }
        String answer = reader.text().trim();
        switch (answer) {
            case "A" -> o.answerForAll = true;
            case "N" -> o.answerForAll = false;
            default -> {}
        }
        return answer.equals("y") || answer.equals("A");
    }
}
