package dev.shellbox.shell.commands.files.find;

import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.fs.PathNames;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code -exec} and {@code -execdir}: with {@code ;} the command runs once per file and its status is the test's
 * value; with {@code {} +} files are gathered into batches that run when they are full and at the end.
 */
final class ExecAction implements Expr {
    /** Keeps command lines well under Linux's ARG_MAX, as find does. */
    private static final int MAX_BATCH_CHARS = 128 * 1024;

    private final FindState state;
    private final List<String> template;
    private final boolean batch;
    private final boolean inDirectory;
    /** Pending files of a batch, by the directory the command runs in (the working directory for -exec). */
    private final Map<String, List<String>> pending = new LinkedHashMap<>();

    private int pendingChars;

    ExecAction(FindState state, List<String> template, boolean batch, boolean inDirectory) {
        this.state = state;
        this.template = List.copyOf(template);
        this.batch = batch;
        this.inDirectory = inDirectory;
        if (batch) {
            state.batches.add(this);
        }
    }

    @Override
    public boolean eval(Visit v) throws IOException {
        String dir = inDirectory ? PathNames.parent(v.abs) : state.ctx.cwd();
        String file = inDirectory ? "./" + v.name() : v.path;
        if (v.depth == 0 && inDirectory && v.name().equals("/")) {
            dir = "/";
            file = "/";
        }
        if (!batch) {
            List<String> argv = new ArrayList<>(template.size());
            for (String arg : template) {
                argv.add(arg.replace("{}", file));
            }
            return run(dir, argv) == 0;
        }
        pending.computeIfAbsent(dir, d -> new ArrayList<>()).add(file);
        pendingChars += file.length() + 1;
        if (pendingChars > MAX_BATCH_CHARS) {
            flush();
        }
        return true;
    }

    /** Runs what the batches hold. */
    void flush() throws IOException {
        for (Map.Entry<String, List<String>> e : pending.entrySet()) {
            List<String> argv = new ArrayList<>(template.subList(0, template.size() - 1));
            argv.addAll(e.getValue());
            if (run(e.getKey(), argv) != 0) {
                state.status = 1;
            }
        }
        pending.clear();
        pendingChars = 0;
    }

    private int run(String dir, List<String> argv) throws IOException {
        state.out.flush();
        CommandContext ctx = dir.equals(state.ctx.cwd()) ? state.ctx : state.ctx.withCwd(dir);
        return ctx.run(argv);
    }
}
