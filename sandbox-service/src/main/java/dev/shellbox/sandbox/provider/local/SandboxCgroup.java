package dev.shellbox.sandbox.provider.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * The control groups of one sandbox's container, so that everything the sandbox runs, however many processes it
 * forks, shares one memory total, one process total and one fair share of the CPU: rlimits count per process (or per
 * host user, across sandboxes), so a sandbox could otherwise multiply its allowance by forking, or starve the others.
 *
 * <p>On cgroup v1 the sandbox gets {@code shellbox/SANDBOX} in the memory, pids and cpu hierarchies (and in the freezer
 * hierarchy when there is one, to stop its processes while they are killed); on cgroup v2 one directory {@code
 * shellbox/SANDBOX} holds all. Every sandbox gets the same CPU weight: a busy loop or fork bomb in one gets its share
 * and the others theirs. The groups outlive the service: a restarted service opens them again and finds the running
 * container in them.
 */
final class SandboxCgroup {
    private static final Logger LOG = Logger.getLogger(SandboxCgroup.class);
    /** The group all sandboxes' groups live in. */
    static final String PARENT = "shellbox";
    /** The same for every sandbox: fairness between sandboxes, not priority. */
    private static final String CPU_SHARES_V1 = "1024";

    private static final String CPU_WEIGHT_V2 = "100";
    /** Group names become paths and part of a shell command line: nothing that could climb out or need quoting. */
    private static final Pattern SANDBOX_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    /** How long killing and removing wait for the kernel to let the last processes go. */
    private static final long SETTLE_MILLIS = 10_000;

    private static final long POLL_MILLIS = 10;

    /**
     * The cgroup file systems of this host, found usable: the {@code shellbox} group in each hierarchy sandboxes use
     * (on cgroup v2 the same directory for all).
     *
     * @param unified whether this is cgroup v2
     * @param memory where the memory controller's sandbox groups go
     * @param pids where the pids controller's sandbox groups go
     * @param cpu where the cpu controller's sandbox groups go
     * @param freezer where the v1 freezer's sandbox groups go; null on v2 (where {@code cgroup.kill} ends a group at
     *     once) and where this host has no freezer
     */
    record Cgroups(boolean unified, Path memory, Path pids, Path cpu, Path freezer) {

        /**
         * Finds the cgroups under {@code root} (normally {@code /sys/fs/cgroup}) and makes the {@code shellbox} group
         * in each, enabling the controllers for it on v2. Empty, with the reason logged, when sandboxes cannot have
         * cgroups here (not root, mounted read-only, a controller missing): programs then get rlimits alone.
         */
        static Optional<Cgroups> detect(Path root) {
            try {
                return Optional.of(Files.exists(root.resolve("cgroup.controllers")) ? unified(root) : legacy(root));
            } catch (IOException e) {
                LOG.infof("sandboxes get no cgroups of their own, only rlimits: %s", e.getMessage());
                return Optional.empty();
            }
        }

        private static Cgroups unified(Path root) throws IOException {
            String controllers = read(root.resolve("cgroup.controllers"));
            for (String c : List.of("memory", "pids", "cpu")) {
                if (!List.of(controllers.split("\\s+")).contains(c)) {
                    throw new IOException("cgroup v2 at " + root + " has no " + c + " controller");
                }
            }
            Path parent = root.resolve(PARENT);
            // the parent's controllers reach the sandboxes' groups only when both levels hand them down
            write(root.resolve("cgroup.subtree_control"), "+memory +pids +cpu", "handing controllers to " + parent);
            mkdir(parent);
            if (!Files.isWritable(parent)) {
                throw new IOException("cannot make groups in " + parent);
            }
            write(parent.resolve("cgroup.subtree_control"), "+memory +pids +cpu", "handing controllers to sandboxes");
            return new Cgroups(true, parent, parent, parent, null);
        }

        private static Cgroups legacy(Path root) throws IOException {
            Path memory = parentIn(root, "memory", "memory.limit_in_bytes");
            Path pids = parentIn(root, "pids", "pids.max");
            Path cpu = parentIn(root, "cpu", "cpu.shares");
            Path freezer = null;
            try {
                freezer = parentIn(root, "freezer", "freezer.state");
            } catch (IOException e) {
                // processes are then killed without being stopped first, round after round until none is left
                LOG.infof("sandbox processes are killed without freezing them: %s", e.getMessage());
            }
            return new Cgroups(false, memory, pids, cpu, freezer);
        }

        /** The {@code shellbox} group of a v1 hierarchy, made when missing, checked to have the controller's files. */
        private static Path parentIn(Path root, String controller, String file) throws IOException {
            Path hierarchy = root.resolve(controller);
            if (!Files.isDirectory(hierarchy)) {
                throw new IOException("no cgroup v1 " + controller + " hierarchy at " + hierarchy);
            }
            Path parent = hierarchy.resolve(PARENT);
            mkdir(parent);
            // made by a service that ran as root: a service of another user finds it but cannot add groups
            if (!Files.isWritable(parent)) {
                throw new IOException("cannot make groups in " + parent);
            }
            if (!Files.exists(parent.resolve(file))) {
                throw new IOException(
                        hierarchy + " is not a cgroup " + controller + " hierarchy: " + file + " missing");
            }
            return parent;
        }

        /**
         * The groups of {@code sandboxId}, made when missing and found when they exist (with the container still in
         * them after a restart of the service), with the plan's limits.
         */
        SandboxCgroup open(String sandboxId, long memoryBytes, long processes) throws IOException {
            if (!SANDBOX_ID.matcher(sandboxId).matches()) {
                throw new IllegalArgumentException("not a sandbox id usable as a cgroup name: " + sandboxId);
            }
            SandboxCgroup group = new SandboxCgroup(this, sandboxId);
            for (Path dir : group.groups) {
                mkdir(dir);
            }
            if (unified) {
                write(group.memory.resolve("cpu.weight"), CPU_WEIGHT_V2, "setting the CPU weight of " + sandboxId);
                // swap would let the sandbox hold more than its memory
                Path swap = group.memory.resolve("memory.swap.max");
                if (Files.exists(swap)) {
                    write(swap, "0", "turning off swap for " + sandboxId);
                }
            } else {
                write(group.cpu.resolve("cpu.shares"), CPU_SHARES_V1, "setting the CPU shares of " + sandboxId);
            }
            group.update(memoryBytes, processes);
            return group;
        }
    }

    private final Cgroups cgroups;
    private final String sandboxId;
    private final Path memory;
    private final Path pids;
    private final Path cpu;
    /** Null on v2 and where this host has no freezer. */
    private final Path freezer;
    /** Every directory of this sandbox, each once (on v2 one). */
    private final List<Path> groups;

    private SandboxCgroup(Cgroups cgroups, String sandboxId) {
        this.cgroups = cgroups;
        this.sandboxId = sandboxId;
        this.memory = cgroups.memory().resolve(sandboxId);
        this.pids = cgroups.pids().resolve(sandboxId);
        this.cpu = cgroups.cpu().resolve(sandboxId);
        this.freezer = cgroups.freezer() == null ? null : cgroups.freezer().resolve(sandboxId);
        Set<Path> all = new LinkedHashSet<>(List.of(memory, pids, cpu));
        if (freezer != null) {
            all.add(freezer);
        }
        this.groups = List.copyOf(all);
    }

    /**
     * The start of a command line that puts itself into this sandbox's groups and then executes the rest of the
     * command line: the container's first process is inside before the command starts, and everything it starts is
     * too, with no moment outside to fork from. It must run as root (before privileges are dropped); when it cannot
     * enter a group it ends with a nonzero status and the shell's message, and the command never runs. The process is
     * in the groups only once its shell ran: a {@link #killAll} meanwhile does not see it, so starting and destroying
     * a sandbox must not overlap.
     */
    List<String> enterCommand() {
        StringBuilder script = new StringBuilder();
        for (Path dir : groups) {
            // $$ is the shell's process id, which exec hands on to the command
            script.append("echo $$ > ")
                    .append(quote(dir.resolve("cgroup.procs")))
                    .append(" && ");
        }
        script.append("exec \"$@\"");
        return List.of("/bin/sh", "-c", script.toString(), "sh");
    }

    /** Sets the memory total (swap included) and the process total of the sandbox, as its plan now says. */
    void update(long memoryBytes, long processes) throws IOException {
        if (memoryBytes <= 0 || processes <= 0) {
            throw new IllegalArgumentException("limits must be positive: " + memoryBytes + " bytes, " + processes);
        }
        String bytes = Long.toString(memoryBytes);
        String what = "setting the memory limit of sandbox " + sandboxId + " to " + bytes + " bytes";
        if (cgroups.unified()) {
            write(memory.resolve("memory.max"), bytes, what);
        } else {
            Path limit = memory.resolve("memory.limit_in_bytes");
            Path withSwap = memory.resolve("memory.memsw.limit_in_bytes");
            if (!Files.isWritable(withSwap)) {
                write(limit, bytes, what);
            } else if (memoryBytes > readLong(limit)) {
                // the kernel keeps memory+swap at least memory: raise it first, lower it last
                write(withSwap, bytes, what);
                write(limit, bytes, what);
            } else {
                write(limit, bytes, what);
                write(withSwap, bytes, what);
            }
        }
        write(pids.resolve("pids.max"), Long.toString(processes), "setting the process limit of sandbox " + sandboxId);
    }

    /** The memory limit in force, as the kernel holds it (v1 rounds it down to whole pages). */
    long memoryLimitBytes() throws IOException {
        return readLong(memory.resolve(cgroups.unified() ? "memory.max" : "memory.limit_in_bytes"));
    }

    /** The process limit in force ({@link Long#MAX_VALUE} when none). */
    long processLimit() throws IOException {
        return readLong(pids.resolve("pids.max"));
    }

    /** The most memory the sandbox has held at once; -1 where the kernel does not say (cgroup v2 before Linux 5.19). */
    long memoryPeakBytes() throws IOException {
        Path peak = memory.resolve(cgroups.unified() ? "memory.peak" : "memory.max_usage_in_bytes");
        return Files.exists(peak) ? readLong(peak) : -1;
    }

    /** Processes and threads in the sandbox now. */
    long processes() throws IOException {
        return readLong(pids.resolve("pids.current"));
    }

    /**
     * How many of the sandbox's processes the kernel killed for want of memory; -1 where it does not count them
     * (cgroup v1 before Linux 4.13).
     */
    long oomKills() throws IOException {
        return counter(memory.resolve(cgroups.unified() ? "memory.events" : "memory.oom_control"), "oom_kill");
    }

    /** How many times the process limit refused the sandbox a new process or thread. */
    long refusedForks() throws IOException {
        return counter(pids.resolve("pids.events"), "max");
    }

    /** The value of {@code key} in a file of {@code key value} lines; -1 when the kernel does not write it. */
    private static long counter(Path file, String key) throws IOException {
        for (String line : Files.readAllLines(file)) {
            String[] keyValue = line.trim().split("\\s+");
            if (keyValue.length == 2 && keyValue[0].equals(key)) {
                return Long.parseLong(keyValue[1]);
            }
        }
        return -1;
    }

    /** The ids of the processes in the sandbox's groups. */
    Set<Long> pids() throws IOException {
        Set<Long> found = new TreeSet<>();
        for (Path dir : groups) {
            found.addAll(members(dir));
        }
        return found;
    }

    /**
     * Kills every process of the sandbox with SIGKILL, again and again until none is left: the way to end a container
     * whose supervisor no longer answers, forks included. On v1 the processes are frozen while they are listed and
     * killed, so that none forks meanwhile.
     *
     * @throws IOException when processes are still there after {@value #SETTLE_MILLIS} ms
     */
    void killAll() throws IOException {
        long deadline = System.currentTimeMillis() + SETTLE_MILLIS;
        Path kill = memory.resolve("cgroup.kill");
        while (true) {
            Set<Long> left = pids();
            if (left.isEmpty() && reaped()) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IOException("processes " + left + " of sandbox " + sandboxId + " survive SIGKILL");
            }
            if (cgroups.unified() && Files.exists(kill)) {
                write(kill, "1", "killing the processes of sandbox " + sandboxId);
            } else if (freezer != null) {
                freeze(deadline);
                try {
                    signal(members(freezer));
                } finally {
                    // killed processes die only once thawed
                    write(freezer.resolve("freezer.state"), "THAWED", "thawing sandbox " + sandboxId);
                }
            } else {
                signal(left);
            }
            pause();
        }
    }

    /**
     * Kills the sandbox's processes and removes its groups; nothing is left to find again. Removing waits for the
     * kernel to let the last killed processes go (the groups stay busy until they are reaped).
     */
    void destroy() throws IOException {
        killAll();
        long deadline = System.currentTimeMillis() + SETTLE_MILLIS;
        for (Path dir : groups) {
            while (true) {
                try {
                    // rmdir: a group's control files go with it
                    Files.deleteIfExists(dir);
                    break;
                } catch (IOException e) {
                    if (System.currentTimeMillis() > deadline) {
                        throw new IOException("removing the cgroup " + dir + ": " + e.getMessage(), e);
                    }
                    pause();
                }
            }
        }
    }

    /** The groups this sandbox has (on v2 one directory). */
    List<Path> directories() {
        return groups;
    }

    /** Whether the last killed processes are gone for good: until reaped they still count, and keep the groups busy. */
    private boolean reaped() throws IOException {
        return !Files.isDirectory(pids) || readLong(pids.resolve("pids.current")) == 0;
    }

    private void freeze(long deadline) throws IOException {
        Path state = freezer.resolve("freezer.state");
        write(state, "FROZEN", "freezing sandbox " + sandboxId);
        // FREEZING until every process stopped; one stuck in the kernel keeps it there, and is killed anyway
        while (!read(state).equals("FROZEN") && System.currentTimeMillis() < deadline) {
            pause();
        }
    }

    private static void signal(Set<Long> processes) {
        long self = ProcessHandle.current().pid();
        for (long pid : processes) {
            if (pid != self) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    private static String quote(Path file) {
        return "'" + file.toString().replace("'", "'\\''") + "'";
    }

    private static Set<Long> members(Path dir) throws IOException {
        Set<Long> found = new TreeSet<>();
        try {
            for (String line : Files.readAllLines(dir.resolve("cgroup.procs"))) {
                if (!line.isBlank()) {
                    found.add(Long.parseLong(line.trim()));
                }
            }
        } catch (NoSuchFileException e) {
            // the group is gone: nothing in it
        }
        return found;
    }

    private static void pause() throws IOException {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for cgroup processes");
        }
    }

    private static void mkdir(Path dir) throws IOException {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IOException("creating the cgroup " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file).trim();
    }

    /** A number in a cgroup file; {@code max} (no limit) reads as {@link Long#MAX_VALUE}. */
    private static long readLong(Path file) throws IOException {
        String value = read(file);
        return value.equals("max") ? Long.MAX_VALUE : Long.parseLong(value);
    }

    /** One write, as the kernel wants it: the file's whole new value. */
    private static void write(Path file, String value, String what) throws IOException {
        try {
            Files.writeString(file, value);
        } catch (IOException e) {
            throw new IOException(what + ": writing " + value + " to " + file + " failed: " + e.getMessage(), e);
        }
    }
}
