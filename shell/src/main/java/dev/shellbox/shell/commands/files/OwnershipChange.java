package dev.shellbox.shell.commands.files;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.command.OptionParser;
import dev.shellbox.shell.command.ParsedOptions;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.gnu.quotearg.Quoting;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The work of {@code chown} and {@code chgrp}. A sandbox has one user, and the file system records no owner changes,
 * so a request that keeps a file's owner and group (the sandbox user giving files to itself) succeeds, and any real
 * change fails with EPERM, as it does on Linux for a user without CAP_CHOWN. Unknown names fail like GNU's.
 */
public final class OwnershipChange {
    private static final String REFERENCE = "reference";
    private static final String FROM = "from";
    private static final OptionParser OPTIONS = OptionParser.of("cfhvHLPR")
            .longOption("changes", 'c')
            .longOption("silent", 'f')
            .longOption("quiet", 'f')
            .longOption("no-dereference", 'h')
            .longOption("verbose", 'v')
            .longOption("recursive", 'R')
            .longOption("dereference", OptionParser.Arg.NONE)
            .longOption(REFERENCE, OptionParser.Arg.REQUIRED)
            .longOption(FROM, OptionParser.Arg.REQUIRED)
            .longOption("preserve-root", OptionParser.Arg.NONE)
            .longOption("no-preserve-root", OptionParser.Arg.NONE);

    private final boolean groupOnly;
    private Integer uid;
    private Integer gid;
    private Integer fromUid;
    private Integer fromGid;
    private String userName;
    private String groupName;
    private boolean verbose;
    private boolean changesOnly;
    private boolean silent;
    private boolean recursive;
    private boolean noDereference;
    private boolean preserveRoot;

    private OwnershipChange(boolean groupOnly) {
        this.groupOnly = groupOnly;
    }

    /** Runs {@code chown} ({@code groupOnly} false) or {@code chgrp}. */
    public static int run(CommandContext ctx, List<String> args, boolean groupOnly) throws IOException {
        return new OwnershipChange(groupOnly).execute(ctx, args);
    }

    private int execute(CommandContext ctx, List<String> args) throws IOException {
        ParsedOptions parsed;
        try {
            parsed = OPTIONS.parse(args);
        } catch (OptionParser.OptionException e) {
            return ctx.usageError(e.getMessage(), 1);
        }
        for (ParsedOptions.Option o : parsed.options()) {
            switch (o.key()) {
                case "c" -> {
                    changesOnly = true;
                    verbose = false;
                }
                case "v" -> {
                    verbose = true;
                    changesOnly = false;
                }
                case "f" -> silent = true;
                case "h" -> noDereference = true;
                case "dereference" -> noDereference = false;
                case "R" -> recursive = true;
                case "preserve-root" -> preserveRoot = true;
                case "no-preserve-root" -> preserveRoot = false;
                default -> {}
            }
        }
        List<String> operands = new ArrayList<>(parsed.operands());
        Identity id = ctx.identity();
        if (parsed.value(FROM) != null) {
            Owner from = parseSpec(ctx, parsed.value(FROM), id);
            if (from == null) {
                return 1;
            }
            fromUid = from.uid;
            fromGid = from.gid;
        }
        String reference = parsed.value(REFERENCE);
        if (reference != null) {
            try {
                FileStat ref = PathOperands.stat(ctx, reference);
                gid = ref.gid();
                groupName = id.groupName(ref.gid());
                if (!groupOnly) {
                    uid = ref.uid();
                    userName = id.userName(ref.uid());
                }
            } catch (FsException e) {
                ctx.error("failed to get attributes of " + Quoting.shellAlways(reference) + ": "
                        + e.errno().message());
                return 1;
            }
        } else {
            if (operands.isEmpty()) {
                return ctx.usageError("missing operand", 1);
            }
            String spec = operands.remove(0);
            if (operands.isEmpty()) {
                return ctx.usageError("missing operand after " + Quoting.locale(spec), 1);
            }
            Owner owner = parseSpec(ctx, spec, id);
            if (owner == null) {
                return 1;
            }
            uid = owner.uid;
            gid = owner.gid;
            userName = uid == null ? null : id.userName(uid);
            groupName = gid == null ? null : id.groupName(gid);
        }
        if (operands.isEmpty()) {
            return ctx.usageError("missing operand", 1);
        }
        boolean ok = true;
        for (String operand : operands) {
            ctx.checkCancelled();
            ok &= changeOperand(ctx, operand);
        }
        ctx.stdout().flush();
        return ok ? 0 : 1;
    }

    /** A user and group, either possibly absent. */
    private record Owner(Integer uid, Integer gid) {}

    /** Parses {@code USER[:GROUP]} (chown) or {@code GROUP} (chgrp); null after reporting an unknown name. */
    private Owner parseSpec(CommandContext ctx, String spec, Identity id) throws IOException {
        String user;
        String group;
        if (groupOnly) {
            user = "";
            group = spec;
        } else {
            int colon = spec.indexOf(':');
            if (colon < 0 && spec.indexOf('.') > 0 && lookupUser(spec, id) == null) {
                colon = spec.indexOf('.');
                ctx.error("warning: '.' should be ':': " + Quoting.locale(spec));
            }
            user = colon < 0 ? spec : spec.substring(0, colon);
            group = colon < 0 ? null : spec.substring(colon + 1);
            if (group != null && group.indexOf(':') >= 0) {
                ctx.error("invalid user: " + Quoting.locale(spec));
                return null;
            }
        }
        Integer u = null;
        Integer g = null;
        if (!user.isEmpty()) {
            u = lookupUser(user, id);
            if (u == null) {
                ctx.error("invalid user: " + Quoting.locale(spec));
                return null;
            }
            if (group != null && group.isEmpty()) {
                g = u == id.uid() ? id.gid() : u == 0 ? 0 : null; // "user:" means the user's login group
            }
        }
        if (group != null && !group.isEmpty()) {
            g = lookupGroup(group, id);
            if (g == null) {
                ctx.error("invalid group: " + Quoting.locale(spec));
                return null;
            }
        }
        return new Owner(u, g);
    }

    private static Integer lookupUser(String name, Identity id) {
        if (name.equals(id.user())) {
            return id.uid();
        }
        if (name.equals("root")) {
            return 0;
        }
        return number(name);
    }

    private static Integer lookupGroup(String name, Identity id) {
        if (name.equals(id.group())) {
            return id.gid();
        }
        if (name.equals("root")) {
            return 0;
        }
        return number(name);
    }

    private static Integer number(String s) {
        if (s.isEmpty() || s.length() > 9 || !s.chars().allMatch(Character::isDigit)) {
            return null;
        }
        return Integer.parseInt(s);
    }

    private boolean changeOperand(CommandContext ctx, String operand) throws IOException {
        FileStat st;
        String abs;
        try {
            abs = PathOperands.resolve(ctx, operand);
            st = noDereference ? PathOperands.lstat(ctx, operand) : PathOperands.stat(ctx, operand);
        } catch (FsException e) {
            if (!silent) {
                ctx.error("cannot access " + Quoting.shellAlways(operand) + ": "
                        + e.errno().message());
            }
            if (verbose) {
                ctx.print("failed to change " + what() + " of " + Quoting.shellAlways(operand) + toSpec() + "\n");
            }
            return false;
        }
        if (recursive && preserveRoot && abs.equals("/")) {
            ctx.error("it is dangerous to operate recursively on " + Quoting.shellAlways(operand)
                    + (operand.equals("/") ? "" : " (same as '/')"));
            ctx.error("use --no-preserve-root to override this failsafe");
            return false;
        }
        return change(ctx, operand, abs, st);
    }

    /** One file, then (with -R, after its contents, as fts reports a directory last) the directory itself. */
    private boolean change(CommandContext ctx, String display, String abs, FileStat st) throws IOException {
        ctx.checkCancelled();
        boolean ok = true;
        if (recursive && st.isDirectory()) {
            List<FileSystem.DirEntry> entries;
            try {
                entries = new ArrayList<>(ctx.fs().listWithStats(abs));
            } catch (FsException e) {
                if (!silent) {
                    ctx.error("cannot read directory " + Quoting.shellAlways(display) + ": "
                            + e.errno().message());
                }
                return false;
            }
            entries = EntryOrder.sorted(entries);
            for (FileSystem.DirEntry entry : entries) {
                String childDisplay = display.endsWith("/") ? display + entry.name() : display + "/" + entry.name();
                ok &= change(ctx, childDisplay, PathNames.join(abs, entry.name()), entry.stat());
            }
        }
        boolean selected = (fromUid == null || fromUid == st.uid()) && (fromGid == null || fromGid == st.gid());
        if (!selected) {
            return ok;
        }
        int newUid = uid != null ? uid : st.uid();
        int newGid = gid != null ? gid : st.gid();
        String quoted = Quoting.shellAlways(display);
        if (newUid == st.uid() && newGid == st.gid()) {
            if (verbose) {
                String spec = spec(ctx, st);
                ctx.print((groupOnly ? "group of " : "ownership of ") + quoted
                        + (spec.isEmpty() ? " retained" : " retained as " + spec) + "\n");
            }
            return ok;
        }
        if (!silent) {
            ctx.error((groupOnly ? "changing group of " : "changing ownership of ") + quoted + ": "
                    + Errno.EPERM.message());
        }
        if (verbose) {
            String old = groupOnly ? ctx.identity().groupName(st.gid()) : oldSpec(ctx, st);
            ctx.print("failed to change " + what() + " of " + quoted + " from " + old + " to " + spec(ctx, st) + "\n");
        }
        return false;
    }

    private String what() {
        return groupOnly ? "group" : "ownership";
    }

    /** " to SPEC" for a file that could not be reached, "" without a spec. */
    private String toSpec() {
        String spec;
        if (groupOnly) {
            spec = groupName;
        } else if (userName != null) {
            spec = gid != null ? userName + ":" + groupName : userName;
        } else {
            spec = gid != null ? ":" + groupName : null;
        }
        return spec == null ? "" : " to " + spec;
    }

    /** The new owner as GNU shows it: {@code user}, {@code user:group}, or the group alone for chgrp. */
    private String spec(CommandContext ctx, FileStat st) {
        if (groupOnly) {
            return groupName;
        }
        if (uid == null && gid == null) {
            return "";
        }
        String user = userName != null ? userName : ctx.identity().userName(st.uid());
        return gid == null ? user : user + ":" + groupName;
    }

    private String oldSpec(CommandContext ctx, FileStat st) {
        String user = ctx.identity().userName(st.uid());
        return gid == null ? user : user + ":" + ctx.identity().groupName(st.gid());
    }
}
