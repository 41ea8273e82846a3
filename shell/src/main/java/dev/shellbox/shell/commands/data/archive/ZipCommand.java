package dev.shellbox.shell.commands.data.archive;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.gnu.fnmatch.Glob;
import dev.shellbox.shell.io.Text;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.utils.SeekableInMemoryByteChannel;

/** zip (Info-ZIP 3.0 style): add files and directories to a zip archive, creating or updating it. */
public final class ZipCommand implements Command {

    @Override
    public String name() {
        return "zip";
    }

    @Override
    public String help() {
        return """
                Usage: zip [-options] [-b path] [-t mmddyyyy] [-n suffixes] [zipfile list] [-xi list]
                  The default action is to add or replace zipfile entries from list.
                  -r   recurse into directories     -j   junk (don't record) directory names
                  -0   store only                   -1   compress faster    -9   compress better
                  -q   quiet operation              -x   exclude the following names
                  -y   store symbolic links as the link instead of the referenced file
                """;
    }

    /** One entry to write: its name and where its bytes come from (null for a directory). */
    private record Item(String name, String source, FileStat stat) {}

    @Override
    public int run(CommandContext ctx, List<String> args) throws IOException {
        boolean recursive = false;
        boolean quiet = false;
        boolean junk = false;
        boolean symlinks = false;
        int level = 6;
        String archive = null;
        List<String> names = new ArrayList<>();
        List<Glob> excludes = new ArrayList<>();
        boolean inExcludes = false;
        for (String a : args) {
            if (inExcludes && !a.startsWith("-")) {
                excludes.add(NamePatterns.compile(a));
                continue;
            }
            inExcludes = false;
            if (a.startsWith("-") && a.length() > 1) {
                for (char c : a.substring(1).toCharArray()) {
                    switch (c) {
                        case 'r' -> recursive = true;
                        case 'q' -> quiet = true;
                        case 'j' -> junk = true;
                        case 'y' -> symlinks = true;
                        case 'x' -> inExcludes = true;
                        default -> {
                            if (Character.isDigit(c)) {
                                level = c - '0';
                            } else {
                                ctx.stderr()
                                        .write(Text.encode("zip error: Invalid command arguments (short option '" + c
                                                + "' not supported)\n"));
                                return 16;
                            }
                        }
                    }
                }
            } else if (archive == null) {
                archive = a.endsWith(".zip") || a.contains(".") ? a : a + ".zip";
            } else {
                names.add(a);
            }
        }
        if (archive == null) {
            ctx.print(help());
            return 0;
        }
        Map<String, Item> items = new LinkedHashMap<>();
        for (String n : names) {
            ctx.checkCancelled();
            collect(ctx, n, recursive, junk, symlinks, excludes, items, quiet);
        }
        if (items.isEmpty()) {
            ctx.print("\nzip error: Nothing to do! (" + archive + ")\n");
            ctx.stdout().flush();
            return 12;
        }
        byte[] existing = null;
        try (InputStream in = ctx.openInput(archive)) {
            existing = in.readAllBytes();
        } catch (FsException e) {
            // a new archive
        }
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        Set<String> written = new LinkedHashSet<>();
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(buffer)) {
            zip.setLevel(level);
            if (existing != null) {
                try (ZipFile old = ZipFile.builder()
                        .setSeekableByteChannel(new SeekableInMemoryByteChannel(existing))
                        .get()) {
                    for (ZipArchiveEntry e : java.util.Collections.list(old.getEntries())) {
                        Item replacement = items.get(e.getName());
                        if (replacement != null) {
                            write(ctx, zip, replacement, level, quiet, "updating");
                            written.add(e.getName());
                        } else {
                            zip.addRawArchiveEntry(e, old.getRawInputStream(e));
                        }
                    }
                }
            }
            for (Item item : items.values()) {
                if (!written.contains(item.name)) {
                    write(ctx, zip, item, level, quiet, "  adding");
                }
            }
        }
        try (OutputStream out = ctx.openOutput(archive, WriteMode.TRUNCATE)) {
            buffer.writeTo(out);
        } catch (FsException e) {
            ctx.stderr()
                    .write(Text.encode("zip I/O error: " + e.errno().message() + "\n\nzip error: Could not create"
                            + " output file (" + archive + ")\n"));
            return 15;
        }
        ctx.stdout().flush();
        return 0;
    }

    private static void collect(
            CommandContext ctx,
            String operand,
            boolean recursive,
            boolean junk,
            boolean symlinks,
            List<Glob> excludes,
            Map<String, Item> items,
            boolean quiet)
            throws IOException {
        String abs = ctx.resolve(operand);
        FileStat st;
        try {
            st = symlinks ? ctx.fs().lstat(abs) : ctx.fs().stat(abs);
        } catch (FsException e) {
            ctx.print("\tzip warning: name not matched: " + operand + "\n");
            return;
        }
        String name = operand;
        while (name.startsWith("/")) {
            name = name.substring(1);
        }
        while (name.startsWith("./")) {
            name = name.substring(2);
        }
        if (junk) {
            name = PathNames.name(abs);
        }
        for (Glob p : excludes) {
            if (p.matches(name)) {
                return;
            }
        }
        if (st.isDirectory()) {
            if (!junk && !name.isEmpty() && !name.equals(".")) {
                String dirName = name.endsWith("/") ? name : name + "/";
                items.put(dirName, new Item(dirName, null, st));
            }
            if (recursive) {
                List<String> children = new ArrayList<>(ctx.fs().list(abs));
                children.sort(null);
                for (String child : children) {
                    String childOperand = operand.endsWith("/") ? operand + child : operand + "/" + child;
                    collect(ctx, childOperand, true, junk, symlinks, excludes, items, quiet);
                }
            }
            return;
        }
        items.put(name, new Item(name, abs, st));
    }

    private static void write(
            CommandContext ctx, ZipArchiveOutputStream zip, Item item, int level, boolean quiet, String verb)
            throws IOException {
        ZipArchiveEntry entry = new ZipArchiveEntry(item.name);
        entry.setLastModifiedTime(FileTime.fromMillis(item.stat.mtimeMillis()));
        byte[] data = new byte[0];
        if (item.stat.isSymlink()) {
            entry.setUnixMode(0120000 | item.stat.mode());
            data = Text.encode(ctx.fs().readSymlink(item.source));
        } else if (item.source != null) {
            entry.setUnixMode(0100000 | item.stat.mode());
            try (InputStream in = ctx.fs().newInputStream(item.source)) {
                data = in.readAllBytes();
            }
        } else {
            entry.setUnixMode(040000 | item.stat.mode());
        }
        int compressed = deflatedSize(data, level);
        boolean deflate = item.source != null && level > 0 && compressed < data.length;
        entry.setMethod(deflate ? ZipArchiveEntry.DEFLATED : ZipArchiveEntry.STORED);
        if (!deflate) {
            CRC32 crc = new CRC32();
            crc.update(data);
            entry.setSize(data.length);
            entry.setCrc(crc.getValue());
        }
        zip.putArchiveEntry(entry);
        zip.write(data);
        zip.closeArchiveEntry();
        if (!quiet) {
            String how = deflate
                    ? "deflated " + Math.round(100.0 * (data.length - compressed) / data.length) + "%"
                    : "stored 0%";
            ctx.print(verb + ": " + item.name + " (" + how + ")\n");
        }
    }

    private static int deflatedSize(byte[] data, int level) {
        if (data.length == 0 || level == 0) {
            return data.length;
        }
        Deflater deflater = new Deflater(level, true);
        try {
            deflater.setInput(data);
            deflater.finish();
            byte[] out = new byte[65536];
            int total = 0;
            while (!deflater.finished()) {
                total += deflater.deflate(out);
            }
            return total;
        } finally {
            deflater.end();
        }
    }
}
