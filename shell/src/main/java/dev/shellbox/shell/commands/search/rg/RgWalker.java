package dev.shellbox.shell.commands.search.rg;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.io.Text;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the files rg searches under a directory, as ripgrep's walker does by default: hidden entries are skipped,
 * {@code .rgignore}, {@code .ignore} and (inside a git repository) {@code .gitignore} files are obeyed, symlinks are
 * not followed; {@code --glob} overrides and {@code --type} filters apply to what is left. Entries are visited in name
 * order, so output is deterministic (ripgrep's {@code --sort path}).
 */
final class RgWalker {
    /** Receives each file to search. */
    interface Visitor {
        /** Returns true to stop the walk (rg -q found a match). */
        boolean file(String path, String display, FileStat stat) throws IOException;
    }

    private static final List<String> IGNORE_FILES = List.of(".rgignore", ".ignore", ".gitignore");

    private final CommandContext ctx;
    private final RgSettings settings;
    private final Visitor visitor;
    private final Set<String> activeDirectories = new HashSet<>();
    boolean error;

    /** The ignore rules of one directory, most important first. */
    private record DirectoryRules(String directory, List<IgnoreFile> files) {}

    RgWalker(CommandContext ctx, RgSettings settings, Visitor visitor) {
        this.ctx = ctx;
        this.settings = settings;
        this.visitor = visitor;
    }

    /** Walks the directory {@code path}, shown as {@code display} ("" for the implicit current directory). */
    boolean walk(String path, String display) throws IOException {
        List<DirectoryRules> rules = new ArrayList<>();
        if (!settings.noIgnore) {
            boolean inRepository = insideRepository(path);
            List<String> ancestors = new ArrayList<>();
            for (String p = PathNames.parent(path); ; p = PathNames.parent(p)) {
                ancestors.add(0, p);
                if (p.equals("/")) {
                    break;
                }
            }
            if (!path.equals("/")) {
                for (String ancestor : ancestors) {
                    DirectoryRules r = load(ancestor, inRepository);
                    if (r != null) {
                        rules.add(r);
                    }
                }
            }
        }
        return directory(path, display, "", rules, 1);
    }

    private boolean insideRepository(String path) {
        for (String p = path; ; p = PathNames.parent(p)) {
            if (ctx.fs().exists(PathNames.join(p, ".git"))) {
                return true;
            }
            if (p.equals("/")) {
                return false;
            }
        }
    }

    private DirectoryRules load(String directory, boolean inRepository) throws IOException {
        List<IgnoreFile> files = new ArrayList<>();
        for (String name : IGNORE_FILES) {
            if (name.equals(".gitignore") && (!inRepository || settings.noIgnoreVcs)) {
                continue;
            }
            String file = PathNames.join(directory, name);
            try (InputStream in = ctx.fs().newInputStream(file)) {
                IgnoreFile parsed = IgnoreFile.parse(Text.decode(in.readAllBytes()), false);
                if (!parsed.isEmpty()) {
                    files.add(parsed);
                }
            } catch (FsException e) {
                // no such ignore file
            }
        }
        return files.isEmpty() ? null : new DirectoryRules(directory, files);
    }

    private boolean directory(String path, String display, String relative, List<DirectoryRules> rules, int depth)
            throws IOException {
        String real = settings.follow ? ctx.fs().realPath(path, false) : path;
        if (!activeDirectories.add(real)) {
            return false;
        }
        try {
            List<DirectoryRules> scope = rules;
            if (!settings.noIgnore) {
                DirectoryRules own = load(path, insideRepository(path));
                if (own != null) {
                    scope = new ArrayList<>(rules);
                    scope.add(own);
                }
            }
            List<FileSystem.DirEntry> entries;
            try {
                entries = new ArrayList<>(ctx.fs().listWithStats(path));
            } catch (FsException e) {
                report(display, e);
                return false;
            }
            entries.sort(Comparator.comparing(FileSystem.DirEntry::name));
            for (FileSystem.DirEntry entry : entries) {
                ctx.checkCancelled();
                String name = entry.name();
                String childPath = PathNames.join(path, name);
                String childDisplay =
                        display.isEmpty() ? name : display.endsWith("/") ? display + name : display + "/" + name;
                String childRelative = relative.isEmpty() ? name : relative + "/" + name;
                FileStat st = entry.stat();
                if (st.isSymlink()) {
                    if (!settings.follow) {
                        continue;
                    }
                    try {
                        st = ctx.fs().stat(childPath);
                    } catch (FsException e) {
                        report(childDisplay, e);
                        continue;
                    }
                }
                boolean isDirectory = st.isDirectory();
                if (!included(childPath, childRelative, name, isDirectory, scope)) {
                    continue;
                }
                if (isDirectory) {
                    if (depth < settings.maxDepth
                            && directory(childPath, childDisplay, childRelative, scope, depth + 1)) {
                        return true;
                    }
                } else if (st.isRegularFile() && visitor.file(childPath, childDisplay, st)) {
                    return true;
                }
            }
            return false;
        } finally {
            activeDirectories.remove(real);
        }
    }

    private boolean included(
            String path, String relative, String name, boolean isDirectory, List<DirectoryRules> rules) {
        Boolean override = settings.overrides.decide(relative, isDirectory);
        if (override != null) {
            return !override;
        }
        if (!isDirectory && settings.hasPositiveOverride) {
            return false;
        }
        if (!settings.hidden && name.startsWith(".")) {
            return false;
        }
        if (!settings.noIgnore) {
            for (int i = rules.size() - 1; i >= 0; i--) {
                DirectoryRules r = rules.get(i);
                String fromRules = path.substring(
                        r.directory().equals("/") ? 1 : r.directory().length() + 1);
                Boolean decision = null;
                for (IgnoreFile file : r.files()) {
                    decision = file.decide(fromRules, isDirectory);
                    if (decision != null) {
                        break;
                    }
                }
                if (decision != null) {
                    if (decision) {
                        return false;
                    }
                    break;
                }
            }
        }
        if (!isDirectory) {
            if (!settings.selectedTypes.isEmpty() && !anyMatches(settings.selectedTypes, name)) {
                return false;
            }
            if (anyMatches(settings.excludedTypes, name)) {
                return false;
            }
        }
        return true;
    }

    private static boolean anyMatches(List<GitGlob> globs, String name) {
        for (GitGlob g : globs) {
            if (g.matches(name)) {
                return true;
            }
        }
        return false;
    }

    private void report(String display, FsException e) throws IOException {
        error = true;
        ctx.stderr().write(Text.encode("rg: " + display + ": " + RgCommand.osError(e) + "\n"));
        ctx.stderr().flush();
    }
}
