package dev.shellbox.shell.commands.utils.patch;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.Modes;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.io.Text;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/** Applies the file patches of one patch run, printing GNU patch's messages. */
final class PatchRun {
    private final CommandContext ctx;
    private final PatchSettings s;
    private boolean rejectFileStarted;

    PatchRun(CommandContext ctx, PatchSettings s) {
        this.ctx = ctx;
        this.s = s;
    }

    /** Applies one file's patch; returns 0, or 1 when hunks failed or were skipped. */
    int apply(FilePatch p) throws IOException {
        String oldName = strip(p.oldName);
        String newName = strip(p.newName);
        boolean creates = s.reverse ? p.deletesFile() : p.createsFile();
        boolean deletes = s.reverse ? p.createsFile() : p.deletesFile();
        String name = s.targetFile != null ? s.targetFile : chooseName(p, oldName, newName, creates, deletes);
        int hunks = p.hunks.size();
        FileStat stat = name == null ? null : stat(name);
        if (deletes && stat == null && name != null && !s.force) {
            say("The next patch would delete the file " + name + ",\nwhich does not exist!  "
                    + (s.forward ? "Skipping patch.\n" : "Assume -R? [n] \nApply anyway? [n] \nSkipping patch.\n"));
            return ignoredAll(hunks);
        }
        if (stat == null && !creates) {
            cannotFind(p);
            return ignoredAll(hunks);
        }
        if (creates && stat != null && stat.size() > 0 && !s.force) {
            say("The next patch would create the file " + name + ",\nwhich already exists!  "
                    + (s.forward ? "Skipping patch.\n" : "Assume -R? [n] \nApply anyway? [n] \nSkipping patch.\n"));
            return ignoredAll(hunks);
        }
        String output = s.outputFile != null ? s.outputFile : name;
        if (s.dryRun) {
            say("checking file " + output + "\n");
        } else if (s.outputFile != null) {
            say("patching file " + output + " (read from " + name + ")\n");
        } else {
            say("patching file " + output + "\n");
        }
        byte[] original = stat == null ? new byte[0] : read(name);
        if (original == null) {
            return 2;
        }
        List<HunkLocator.Line> input = splitLines(original);
        Applied applied = applyHunks(p, input, oldName, newName);
        int status = applied.failed > 0 ? 1 : 0;
        if (!s.dryRun && !applied.skippedWhole) {
            if (stat != null && (s.backup || (s.backupIfMismatch && (applied.mismatch || applied.failed > 0)))) {
                write(name + s.backupSuffix, original, WriteMode.TRUNCATE);
            }
            byte[] result = joinLines(applied.output);
            if (deletes && result.length == 0 && s.outputFile == null) {
                remove(name);
            } else {
                if (deletes && s.outputFile == null) {
                    say("Not deleting file " + name + " as content differs from patch\n");
                    status = 1;
                }
                if (s.removeEmptyFiles && result.length == 0 && s.outputFile == null) {
                    remove(name);
                } else {
                    makeParents(output);
                    writeOutput(output, result);
                }
            }
        }
        if (applied.failed > 0) {
            StringBuilder summary = new StringBuilder();
            summary.append(applied.failed)
                    .append(" out of ")
                    .append(hunks)
                    .append(hunks == 1 ? " hunk " : " hunks ")
                    .append(applied.skipped ? "ignored" : "FAILED");
            String rejectName = s.rejectFile != null ? s.rejectFile : output + ".rej";
            if (!s.dryRun && !"-".equals(s.rejectFile) && !applied.rejects.isEmpty()) {
                boolean append = s.rejectFile != null && rejectFileStarted;
                write(rejectName, applied.rejects.bytes(), append ? WriteMode.APPEND : WriteMode.TRUNCATE);
                rejectFileStarted = true;
                summary.append(" -- saving rejects to file ").append(rejectName);
            }
            say(summary.append('\n').toString());
        }
        return status;
    }

    /** The outcome of applying a file's hunks. */
    private static final class Applied {
        final List<HunkLocator.Line> output = new ArrayList<>();
        RejectWriter rejects;
        int failed;
        boolean mismatch;
        /** The whole patch was skipped (reversed): nothing is written. */
        boolean skippedWhole;
        /** Hunks were ignored rather than failed. */
        boolean skipped;
    }

    private Applied applyHunks(FilePatch p, List<HunkLocator.Line> input, String oldName, String newName)
            throws IOException {
        Applied a = new Applied();
        boolean reverse = s.reverse;
        a.rejects = new RejectWriter(p, reverse, oldName, newName);
        HunkLocator locator = new HunkLocator(input, s.ignoreWhiteSpace);
        int inOffset = 0;
        int outOffset = 0;
        int lastFrozen = 0;
        for (int k = 0; k < p.hunks.size(); k++) {
            ctx.checkCancelled();
            Hunk h = reverse ? p.hunks.get(k).reversed() : p.hunks.get(k);
            if (a.skipped) {
                a.rejects.add(h, outOffset);
                a.failed++;
                continue;
            }
            int maxFuzz = Math.min(s.maxFuzz, Math.max(h.prefixContext(), h.suffixContext()));
            int where = 0;
            int fuzz;
            for (fuzz = 0; fuzz <= maxFuzz; fuzz++) {
                where = locator.locate(h, fuzz, inOffset, lastFrozen);
                if (where == 0) {
                    a.mismatch = true;
                }
                if (where == 0 && k == 0 && !s.force) {
                    Hunk swapped = h.reversed();
                    int swappedWhere = locator.locate(swapped, fuzz, inOffset, lastFrozen);
                    if (swappedWhere != 0) {
                        String what = reverse ? "Unreversed" : "Reversed (or previously applied)";
                        if (s.forward) {
                            say(what + " patch detected!  Skipping patch.\n");
                            a.skipped = true;
                        } else if (s.batch) {
                            say(what + " patch detected!  " + (reverse ? "Ignoring" : "Assuming") + " -R.\n");
                            reverse = !reverse;
                            h = swapped;
                            where = swappedWhere;
                        } else {
                            say(what + " patch detected!  " + (reverse ? "Ignore" : "Assume") + " -R? [n] \n"
                                    + "Apply anyway? [n] \nSkipping patch.\n");
                            a.skipped = true;
                        }
                    }
                }
                if (where != 0 || a.skipped) {
                    break;
                }
            }
            if (a.skipped) {
                a.skippedWhole = true;
                a.rejects.add(h, outOffset);
                a.failed++;
                continue;
            }
            if (where != 0) {
                inOffset = where - h.first();
            }
            if (where == 0 || fuzz != 0 || inOffset != 0) {
                a.mismatch = true;
            }
            if (where != 0 && lastFrozen > where + h.prefixContext() - 1) {
                // The lines before this hunk's first change were already written: GNU's copy_till refuses.
                say("misordered hunks! output would be garbled\n");
                where = 0;
            }
            if (where == 0) {
                say("Hunk #" + (k + 1) + " FAILED at " + (h.first() + outOffset) + ".\n");
                a.failed++;
                a.rejects.add(h, outOffset);
                continue;
            }
            // An insertion guessed past the end of the file goes at the end.
            for (int line = lastFrozen + 1; line < where && line <= input.size(); line++) {
                a.output.add(input.get(line - 1));
            }
            // Apply up to the last change; trailing context stays in the input for later copying, so the
            // next hunk may still use those lines (GNU freezes only what it has written).
            int lastChange = h.lines.size() - 1 - h.suffixContext();
            int cursor = where;
            for (int i = 0; i <= lastChange; i++) {
                Hunk.Line l = h.lines.get(i);
                switch (l.kind()) {
                    case ' ' -> {
                        if (cursor <= input.size()) {
                            a.output.add(input.get(cursor - 1));
                        }
                        cursor++;
                    }
                    case '-' -> cursor++;
                    case '+' -> a.output.add(new HunkLocator.Line(l.text(), l.newline()));
                    default -> throw new IllegalStateException("hunk line kind " + l.kind());
                }
            }
            lastFrozen = Math.max(lastFrozen, Math.min(cursor - 1, input.size()));
            if ((fuzz != 0 || inOffset != 0) && !s.silent || s.verbose) {
                StringBuilder m = new StringBuilder("Hunk #" + (k + 1) + " succeeded at " + (where + outOffset));
                if (fuzz != 0) {
                    m.append(" with fuzz ").append(fuzz);
                }
                if (inOffset != 0) {
                    m.append(" (offset ").append(inOffset).append(inOffset == 1 ? " line)" : " lines)");
                }
                say(m.append(".\n").toString());
            }
            outOffset += h.replacementLines() - h.patternLines();
        }
        for (int line = lastFrozen + 1; line <= input.size(); line++) {
            a.output.add(input.get(line - 1));
        }
        return a;
    }

    // ---- names ----

    /** -p: drop leading components; without -p keep only the base name. Null when too few components remain. */
    private String strip(String name) {
        if (name == null || name.equals("/dev/null")) {
            return null;
        }
        if (s.strip < 0) {
            int slash = name.lastIndexOf('/');
            return slash < 0 ? name : name.substring(slash + 1);
        }
        String rest = name;
        for (int i = 0; i < s.strip; i++) {
            int slash = rest.indexOf('/');
            if (slash < 0) {
                return null;
            }
            rest = rest.substring(slash + 1);
            while (rest.startsWith("/")) {
                rest = rest.substring(1);
            }
        }
        return rest.isEmpty() ? null : rest;
    }

    /**
     * GNU's best_name: among the header names (old, new, Index) that exist, or all of them for a new file, the one
     * with the fewest path components, then the shortest base name, then the shortest name.
     */
    private String chooseName(FilePatch p, String oldName, String newName, boolean creates, boolean deletes) {
        List<String> candidates = new ArrayList<>();
        if (oldName != null) {
            candidates.add(oldName);
        }
        if (newName != null) {
            candidates.add(newName);
        }
        String index = strip(p.indexName);
        if (index != null) {
            candidates.add(index);
        }
        List<String> existing = new ArrayList<>();
        for (String c : candidates) {
            if (stat(c) != null) {
                existing.add(c);
            }
        }
        List<String> pool = existing.isEmpty() ? (creates || deletes ? candidates : List.of()) : existing;
        String best = null;
        for (String c : pool) {
            if (best == null || better(c, best)) {
                best = c;
            }
        }
        return best;
    }

    private static boolean better(String a, String b) {
        int ca = a.split("/+").length;
        int cb = b.split("/+").length;
        if (ca != cb) {
            return ca < cb;
        }
        int ba = a.length() - a.lastIndexOf('/') - 1;
        int bb = b.length() - b.lastIndexOf('/') - 1;
        if (ba != bb) {
            return ba < bb;
        }
        return a.length() < b.length();
    }

    private void cannotFind(FilePatch p) throws IOException {
        StringBuilder m = new StringBuilder("can't find file to patch at input line " + p.firstHunkLine + "\n");
        m.append(
                s.strip < 0
                        ? "Perhaps you should have used the -p or --strip option?\n"
                        : "Perhaps you used the wrong -p or --strip option?\n");
        m.append("The text leading up to this was:\n--------------------------\n");
        for (String line : p.leadingText) {
            m.append('|').append(line).append('\n');
        }
        m.append("--------------------------\nFile to patch: \nSkip this patch? [y] \nSkipping patch.\n");
        say(m.toString());
    }

    private int ignoredAll(int hunks) throws IOException {
        say(hunks + " out of " + hunks + (hunks == 1 ? " hunk" : " hunks") + " ignored\n");
        return 1;
    }

    // ---- files ----

    private FileStat stat(String name) {
        try {
            FileStat st = ctx.fs().stat(ctx.resolve(name));
            return st.isDirectory() ? null : st;
        } catch (FsException e) {
            return null;
        }
    }

    private byte[] read(String name) throws IOException {
        try (InputStream in = ctx.openInput(name)) {
            return in.readAllBytes();
        } catch (FsException e) {
            PatchCommand.fatal(
                    ctx, "Can't open file " + name + " : " + e.errno().message());
            return null;
        }
    }

    private void write(String name, byte[] content, WriteMode mode) throws IOException {
        try (OutputStream out = ctx.openOutput(name, mode)) {
            out.write(content);
        }
    }

    /** Writes the patched text; a new -o file is created with mode 0600, as GNU's temporary file is. */
    private void writeOutput(String output, byte[] content) throws IOException {
        if (s.outputFile != null && stat(output) == null) {
            try (OutputStream out = ctx.fs().newOutputStream(ctx.resolve(output), WriteMode.TRUNCATE, 0600)) {
                out.write(content);
            }
            return;
        }
        write(output, content, WriteMode.TRUNCATE);
    }

    /** Announces the file a malformed patch was about, as GNU does before it stops. */
    void announce(FilePatch p) throws IOException {
        String oldName = strip(p.oldName);
        String newName = strip(p.newName);
        boolean creates = s.reverse ? p.deletesFile() : p.createsFile();
        boolean deletes = s.reverse ? p.createsFile() : p.deletesFile();
        String name = s.targetFile != null ? s.targetFile : chooseName(p, oldName, newName, creates, deletes);
        if (name != null) {
            say((s.dryRun ? "checking file " : "patching file ") + (s.outputFile != null ? s.outputFile : name) + "\n");
        }
    }

    private void makeParents(String name) throws IOException {
        String parent = PathNames.parent(ctx.resolve(name));
        List<String> missing = new ArrayList<>();
        while (!parent.equals("/") && !ctx.fs().exists(parent)) {
            missing.add(0, parent);
            parent = PathNames.parent(parent);
        }
        for (String dir : missing) {
            ctx.fs().createDirectory(dir, Modes.DEFAULT_DIRECTORY & ~ctx.umask());
        }
    }

    /** Removes a file, then the directories that removal left empty (GNU patch does the same). */
    private void remove(String name) throws IOException {
        String abs = ctx.resolve(name);
        ctx.fs().delete(abs);
        String dir = PathNames.parent(abs);
        while (!dir.equals("/") && !dir.equals(ctx.cwd()) && !ctx.cwd().startsWith(dir + "/")) {
            try {
                if (!ctx.fs().list(dir).isEmpty()) {
                    break;
                }
                ctx.fs().delete(dir);
            } catch (FsException e) {
                break;
            }
            dir = PathNames.parent(dir);
        }
    }

    static List<HunkLocator.Line> splitLines(byte[] data) {
        List<HunkLocator.Line> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < data.length; i++) {
            if (data[i] == '\n') {
                lines.add(new HunkLocator.Line(java.util.Arrays.copyOfRange(data, start, i), true));
                start = i + 1;
            }
        }
        if (start < data.length) {
            lines.add(new HunkLocator.Line(java.util.Arrays.copyOfRange(data, start, data.length), false));
        }
        return lines;
    }

    private static byte[] joinLines(List<HunkLocator.Line> lines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (HunkLocator.Line l : lines) {
            out.writeBytes(l.text());
            if (l.newline()) {
                out.write('\n');
            }
        }
        return out.toByteArray();
    }

    private void say(String message) throws IOException {
        if (!s.silent) {
            ctx.stdout().write(Text.encode(message));
        }
    }
}
