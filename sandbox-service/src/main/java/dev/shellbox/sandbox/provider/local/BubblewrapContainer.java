package dev.shellbox.sandbox.provider.local;

import dev.shellbox.sandbox.provider.ContainerNetwork;
import dev.shellbox.sandbox.provider.ContainerSpec;
import dev.shellbox.sandbox.provider.ContentStore;
import dev.shellbox.sandbox.provider.SandboxContainer;
import dev.shellbox.sandbox.provider.SupervisedProcess;
import dev.shellbox.sandbox.provider.WorkspaceMirror;
import dev.shellbox.shell.command.Identity;
import dev.shellbox.shell.fs.HostDirectoryFileSystem;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.MountedFileSystem;
import dev.shellbox.shell.interp.EscalatedProcess;
import dev.shellbox.shell.interp.EscalationRequest;
import dev.shellbox.supervisor.Program;
import dev.shellbox.supervisor.ProgramStart;
import dev.shellbox.supervisor.ProgramStatus;
import dev.shellbox.supervisor.Supervisor;
import dev.shellbox.supervisor.SupervisorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * One sandbox's programs in one long-lived bubblewrap container, started at the first escalated program with the
 * supervisor as its first process ({@link LocalSupervisor}), which then starts every program on request. The container
 * has namespaces of its own (without network, a network namespace with nothing but loopback; with network, the
 * sandbox's {@link SandboxNetwork}), the host's {@code /usr} and libraries read-only, the few {@code /etc} files
 * programs need (never the host's accounts or secrets), a {@code /proc} of its own, the sandbox's mirrored directories
 * ({@code /workspace}, {@code /home}, {@code /tmp}, ...) read-write at their own paths, and a read-only everything
 * else. It runs as an unprivileged host user; all its programs share one process allowance (they count in one user
 * namespace), and each has rlimits on memory, CPU time, file size and open files. The container outlives the service:
 * a restarted service finds it, with its programs, through the supervisor's socket.
 *
 * <p>What programs can write is bounded: the mirror lives on the sandbox's own {@link WorkspaceDisk} (when this host
 * can mount one), and the few scratch file systems bubblewrap makes ({@code /dev/shm}, a {@code /tmp} the sandbox does
 * not have) are small; everything else is read-only.
 *
 * <p>Host layout: {@code STATE/SANDBOX/disk.img} is the workspace image, mounted at {@code STATE/SANDBOX/disk}; {@code
 * STATE/SANDBOX/disk/files} is the mirror, {@code STATE/SANDBOX/disk/supervisor} the supervisor's logs and exit records
 * ({@code STATE/SANDBOX/supervisor} without an image), {@code STATE/SANDBOX/index} the mirror's index and {@code
 * STATE/SANDBOX/etc} the generated account files. Neither the supervisor's state nor its socket is in the container.
 */
final class BubblewrapContainer implements SandboxContainer {
    private static final Logger LOG = Logger.getLogger(BubblewrapContainer.class);

    /** Host directories that supply programs and their libraries. */
    private static final List<String> SYSTEM = List.of("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32");
    /**
     * Host configuration programs need to load libraries, verify TLS, know the time and the system they run on;
     * nothing about accounts.
     */
    private static final List<String> HOST_ETC = List.of(
            "/etc/ld.so.cache",
            "/etc/ld.so.conf",
            "/etc/ld.so.conf.d",
            "/etc/alternatives",
            "/etc/ssl/certs",
            "/etc/ca-certificates",
            "/etc/localtime",
            "/etc/mime.types",
            "/etc/os-release");
    /** The /etc files made for each sandbox: its accounts, its names and its DNS. */
    private static final List<String> ETC_FILES = List.of("passwd", "group", "hostname", "hosts", "resolv.conf");
    /** Size of each program's {@code /dev/shm}, as Docker gives containers, and of a {@code /tmp} made for it. */
    private static final long SCRATCH_BYTES = 64L * 1024 * 1024;

    private static final int SIGKILL = 9;
    /** The supervisor's answer for a program with no process left. */
    private static final int ESRCH = 3;

    /** The host's CA bundle, which a proxied sandbox's bundle extends with its own CA. */
    private static final Path SYSTEM_BUNDLE = Path.of("/etc/ssl/certs/ca-certificates.crt");

    private final LocalSettings settings;
    private final ContainerSpec spec;
    private final Path directory;
    private final WorkspaceMirror mirror;
    /** The file system of the mirror; null when it shares the host's disk. */
    private final WorkspaceDisk disk;
    /** Whether the disk is mounted (set by {@link #prepare}, cleared by {@link #stop}). */
    private volatile boolean mounted;
    /** The network programs share when the sandbox may use one; null when each program gets no network at all. */
    private final SandboxNetwork network;

    private final LocalSupervisor supervisor;
    /** The host's cgroups, when the sandbox's totals come from them; empty where rlimits alone bound programs. */
    private final Optional<SandboxCgroup.Cgroups> cgroups;
    /** The sandbox's own groups, once opened (made, or found from an earlier run of the service). */
    private SandboxCgroup cgroup;
    /** Programs this service started that may still run. */
    private final Set<Program> running = ConcurrentHashMap.newKeySet();
    /** The resource limits of every program, set once {@link #prepare} ran. */
    private volatile List<ProgramStart.Limit> limits;

    private volatile List<String> bubblewrap;

    /** The trust files once written (building them reads the host's bundle and makes a key store: not per stage). */
    private Map<String, Path> trustFiles;

    BubblewrapContainer(
            LocalSettings settings,
            ContainerSpec spec,
            boolean workspaceImage,
            Optional<SandboxCgroup.Cgroups> cgroups) {
        this.settings = settings;
        this.spec = spec;
        this.cgroups = cgroups;
        this.directory = settings.stateDirectory().resolve(spec.sandboxId());
        this.disk = workspaceImage
                ? new WorkspaceDisk(
                        settings.disk(),
                        directory.resolve("disk.img"),
                        directory.resolve("disk"),
                        Math.min(spec.storageBytes(), settings.disk().maxBytes()))
                : null;
        this.mirror = new WorkspaceMirror(
                directory.resolve("disk").resolve("files"),
                directory.resolve("index"),
                settings.hostUid(),
                settings.hostGid(),
                settings.fileSizeBytes());
        this.network = spec.network().any()
                ? new SandboxNetwork(
                        settings,
                        spec.network() instanceof ContainerNetwork.Proxied,
                        directory.resolve("network.log"),
                        directory.resolve("network.pids"))
                : null;
        this.supervisor = new LocalSupervisor(directory);
    }

    @Override
    public Optional<String> locate(String name, Map<String, String> env) {
        if (name.indexOf('/') >= 0) {
            return isSystemPath(name) && isExecutable(Path.of(name)) ? Optional.of(name) : Optional.empty();
        }
        String path = env.get("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(":")) {
            if (isSystemPath(dir) && isExecutable(Path.of(dir, name))) {
                return Optional.of(dir + "/" + name);
            }
        }
        return Optional.empty();
    }

    private static boolean isSystemPath(String path) {
        for (String dir : SYSTEM) {
            if (path.equals(dir) || path.startsWith(dir + "/")) {
                return true;
            }
        }
        return false;
    }

    private static boolean isExecutable(Path p) {
        return Files.isRegularFile(p) && Files.isExecutable(p);
    }

    @Override
    public void syncIn(InMemoryFileSystem files) throws IOException {
        prepare();
        mirror.push(files);
    }

    @Override
    public void syncOut(InMemoryFileSystem files, ContentStore store) throws IOException {
        if (disk != null && !mounted) {
            if (supervisor.running().isEmpty()) {
                // stopped meanwhile: what programs left comes back at the first sync after the next start
                return;
            }
            // a container an earlier run of the service started, whose programs keep writing
            prepare();
        }
        mirror.pull(files, store);
    }

    @Override
    public EscalatedProcess start(EscalationRequest request) throws IOException {
        prepare();
        ProgramStart start = ProgramStart.piped(request.argv(), request.cwd(), environment(request.env()), limits);
        Supervisor s = container();
        Program program;
        try {
            program = s.start(start);
        } catch (SupervisorException e) {
            if (e.errno() != 0 || supervisor.isAlive()) {
                throw e;
            }
            // the container ended since the last program (killed from outside): a new one
            s = container();
            program = s.start(start);
        }
        running.add(program);
        return new SupervisedProcess(s, program);
    }

    /** A program's environment: a proxied network adds where the proxy is, unless the program says otherwise. */
    private Map<String, String> environment(Map<String, String> env) {
        Map<String, String> network = programEnvironment();
        if (network.isEmpty()) {
            return env;
        }
        Map<String, String> all = new HashMap<>(network);
        all.putAll(env);
        return all;
    }

    @Override
    public Map<String, String> programEnvironment() {
        return spec.network() instanceof ContainerNetwork.Proxied proxied
                ? proxied.egress().environment()
                : Map.of();
    }

    @Override
    public Supervisor supervisor() throws IOException {
        prepare();
        return container();
    }

    @Override
    public Optional<Supervisor> runningSupervisor() {
        Optional<Supervisor> running = supervisor.running();
        if (running.isPresent()) {
            try {
                attachEgress(running.get());
            } catch (IOException e) {
                LOG.warnf("sandbox %s: its egress could not attach to its supervisor: %s", spec.sandboxId(), e);
            }
        }
        return running;
    }

    /**
     * The supervisor of the sandbox's running container; starts the container when none runs, or a new one when the
     * running one no longer fits the sandbox's files (a top-level directory it does not have) and runs nothing.
     */
    private synchronized Supervisor container() throws IOException {
        List<String> tops = mirror.topLevelDirectories();
        Optional<Supervisor> current = supervisor.running();
        if (current.isPresent()) {
            boolean fits = tops.equals(containerTops()) && (network == null || network.isUp());
            if (fits || hasRunningPrograms()) {
                if (!fits) {
                    LOG.infof(
                            "sandbox %s: its container predates its top-level directories %s or its network;"
                                    + " they come with the next container, once no program runs",
                            spec.sandboxId(), tops);
                }
                return attachEgress(current.get());
            }
            supervisor.stop();
        }
        Supervisor started = supervisor.start(containerCommand(tops));
        Files.writeString(directory.resolve("container.tops"), String.join("\n", tops));
        return attachEgress(started);
    }

    /** A proxied network's connections and DNS queries go to the platform's proxy once the supervisor runs. */
    private Supervisor attachEgress(Supervisor running) throws IOException {
        if (spec.network() instanceof ContainerNetwork.Proxied proxied) {
            proxied.egress().attach(running);
            // written once per run of the service, in place: a container an earlier run started sees this run's CA
            trustFiles();
        }
        return running;
    }

    /**
     * The trust files of a proxied network (the host's bundle plus the sandbox's CA), written into the sandbox's
     * directory the first time they are asked for; by their path inside the container. Written in place, so that
     * their bind mounts see new content.
     */
    private synchronized Map<String, Path> trustFiles() throws IOException {
        if (!(spec.network() instanceof ContainerNetwork.Proxied proxied)) {
            return Map.of();
        }
        if (trustFiles != null) {
            return trustFiles;
        }
        String system = Files.exists(SYSTEM_BUNDLE) ? Files.readString(SYSTEM_BUNDLE) : "";
        Path dir = directory.resolve("trust");
        Files.createDirectories(dir);
        Map<String, Path> written = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, byte[]> f : proxied.egress().trustFiles(system).entrySet()) {
            Path host = dir.resolve(Path.of(f.getKey()).getFileName().toString());
            Files.write(host, f.getValue());
            Files.setPosixFilePermissions(host, PosixFilePermissions.fromString("rw-r--r--"));
            written.put(f.getKey(), host);
        }
        trustFiles = Map.copyOf(written);
        return trustFiles;
    }

    private List<String> containerTops() {
        try {
            String saved = Files.readString(directory.resolve("container.tops"));
            return saved.isEmpty() ? List.of() : List.of(saved.split("\n"));
        } catch (IOException e) {
            return List.of();
        }
    }

    private static boolean runsPrograms(Supervisor s) {
        try {
            return s.list().stream().anyMatch(ProgramStatus::running);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The container's command line: limits, user, the supervisor's launcher, network, namespaces and mounts, and the
     * supervisor.
     */
    List<String> containerCommand(List<String> tops) throws IOException {
        List<String> c = new ArrayList<>();
        Optional<SandboxCgroup> groups = cgroup();
        if (groups.isPresent()) {
            // one memory total, one process total and a fair share of the CPU for everything the sandbox runs
            c.addAll(groups.get().enterCommand());
        }
        // a session of its own: nothing that signals the service's process group reaches the sandbox
        c.add(settings.setsid());
        c.add(settings.prlimit());
        // every program of every sandbox counts against the host user's processes (and, when the service is not
        // root and programs run as its own user, the service's threads too)
        c.add("--nproc=" + settings.processes());
        c.add("--core=0");
        // the supervisor's launcher makes its state directory and socket out here, where programs never see them
        Path state = supervisorState();
        Path run = supervisor.socketDirectory();
        for (Path dir : List.of(state, run)) {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            Files.setOwner(dir, ownerOf(dir, settings.hostUid()));
        }
        Path bin = settings.stateDirectory().resolve(".bin");
        List<String> inside = new ArrayList<>(supervisor.launcher(bin.resolve("shellbox-supervisor"), state));
        if (network != null) {
            inside.addAll(network.enter());
        }
        inside.addAll(bubblewrap);
        c.addAll(settings.asHostUser(inside));
        for (String top : tops) {
            c.addAll(List.of("--bind", mirror.root().resolve(top).toString(), "/" + top));
        }
        if (!tops.contains("tmp")) {
            c.addAll(List.of("--size", Long.toString(SCRATCH_BYTES), "--tmpfs", "/tmp"));
        }
        c.addAll(List.of(
                "--ro-bind",
                bin.toString(),
                Path.of(LocalSupervisor.EXECUTABLE).getParent().toString()));
        c.addAll(List.of("--remount-ro", "/", "--"));
        c.addAll(LocalSupervisor.IN_CONTAINER);
        return c;
    }

    /**
     * The supervisor's state directory (program logs and exit records): on the workspace disk when the sandbox has one,
     * so that logs count against the sandbox's storage.
     */
    private Path supervisorState() {
        return (disk != null ? directory.resolve("disk") : directory).resolve("supervisor");
    }

    private static java.nio.file.attribute.UserPrincipal ownerOf(Path p, int uid) throws IOException {
        return p.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(Integer.toString(uid));
    }

    /** The resource limits of each program: the plan's allowance, never beyond what this host allows. */
    private List<ProgramStart.Limit> limits() {
        return List.of(
                ProgramStart.Limit.of(ProgramStart.Limit.AS, Math.min(spec.memoryBytes(), settings.memoryBytes())),
                // the container's programs share one user namespace: this is what they may have together
                ProgramStart.Limit.of(ProgramStart.Limit.NPROC, Math.min(spec.processes(), settings.processes())),
                ProgramStart.Limit.of(ProgramStart.Limit.CPU, settings.cpuSeconds()),
                ProgramStart.Limit.of(ProgramStart.Limit.FSIZE, settings.fileSizeBytes()),
                ProgramStart.Limit.of(ProgramStart.Limit.NOFILE, settings.openFiles()),
                ProgramStart.Limit.of(ProgramStart.Limit.CORE, 0));
    }

    /** Namespaces and the read-only host parts; with network, programs stay in the sandbox's network namespace. */
    private List<String> bubblewrap() throws IOException {
        List<String> c = new ArrayList<>();
        c.add(settings.bwrap());
        c.addAll(List.of("--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL"));
        if (spec.network().any()) {
            c.add("--share-net");
        }
        // the supervisor is the container's first process, and reaps what its programs leave
        c.add("--as-pid-1");
        c.addAll(List.of("--uid", Integer.toString(Identity.SANDBOX.uid())));
        c.addAll(List.of("--gid", Integer.toString(Identity.SANDBOX.gid())));
        c.addAll(List.of("--hostname", Identity.SANDBOX.hostname()));
        for (String dir : SYSTEM) {
            Path host = Path.of(dir);
            if (Files.isSymbolicLink(host)) {
                c.addAll(List.of("--symlink", Files.readSymbolicLink(host).toString(), dir));
            } else if (Files.isDirectory(host)) {
                c.addAll(List.of("--ro-bind", dir, dir));
            }
        }
        c.addAll(List.of("--proc", "/proc", "--dev", "/dev"));
        // bubblewrap's /dev is a writable tmpfs as large as half the host's memory: read-only, with a small /dev/shm
        c.addAll(List.of("--size", Long.toString(SCRATCH_BYTES), "--tmpfs", "/dev/shm", "--remount-ro", "/dev"));
        for (String file : hostEtc()) {
            c.addAll(List.of("--ro-bind-try", file, file));
        }
        Path etc = directory.resolve("etc");
        for (String name : ETC_FILES) {
            c.addAll(List.of("--ro-bind", etc.resolve(name).toString(), "/etc/" + name));
        }
        for (Map.Entry<String, Path> trust : trustFiles().entrySet()) {
            c.addAll(List.of("--ro-bind", trust.getValue().toString(), trust.getKey()));
        }
        return List.copyOf(c);
    }

    /** {@link #HOST_ETC} and the site configuration of the host's Python installations ({@code /etc/python3.11}). */
    private static List<String> hostEtc() throws IOException {
        List<String> files = new ArrayList<>(HOST_ETC);
        try (var entries = Files.newDirectoryStream(Path.of("/etc"), "python3*")) {
            for (Path p : entries) {
                files.add(p.toString());
            }
        }
        return files;
    }

    @Override
    public Set<String> mountSystem(MountedFileSystem.Builder view) throws IOException {
        Set<String> covered = new TreeSet<>();
        for (String dir : SYSTEM) {
            Path host = Path.of(dir);
            if (Files.isSymbolicLink(host)) {
                view.symlink(dir, Files.readSymbolicLink(host).toString());
            } else if (Files.isDirectory(host)) {
                view.mount(dir, HostDirectoryFileSystem.readOnly(host));
            } else {
                continue;
            }
            covered.add(dir.substring(1));
        }
        for (String file : hostEtc()) {
            Path host = Path.of(file);
            if (Files.isSymbolicLink(host)) {
                view.symlink(file, Files.readSymbolicLink(host).toString());
            } else if (Files.exists(host)) {
                view.mount(file, HostDirectoryFileSystem.readOnly(host));
            }
        }
        Path etc = writeAccounts();
        for (String name : ETC_FILES) {
            view.mount("/etc/" + name, HostDirectoryFileSystem.readOnly(etc.resolve(name)));
        }
        covered.add("etc");
        return covered;
    }

    /** Creates the sandbox's host directory and its account files, once. */
    private void prepare() throws IOException {
        if (bubblewrap != null && (disk == null || mounted) && Files.isDirectory(directory.resolve("etc"))) {
            return;
        }
        synchronized (this) {
            writeAccounts();
            if (disk != null && !mounted) {
                disk.mount();
                mounted = true;
            }
            limits = limits();
            bubblewrap = bubblewrap();
        }
    }

    /** Writes the sandbox's host directory and the /etc files made for it (accounts, names, DNS); their directory. */
    private synchronized Path writeAccounts() throws IOException {
        Path etc = directory.resolve("etc");
        if (Files.exists(etc.resolve(ETC_FILES.get(ETC_FILES.size() - 1)))) {
            return etc;
        }
        // others may pass through (the programs' user must reach the mirror) but not list
        for (Path dir : List.of(settings.stateDirectory(), directory)) {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
        }
        Files.createDirectories(etc);
        Identity id = Identity.SANDBOX;
        Files.writeString(
                etc.resolve("passwd"),
                "root:x:0:0:root:/root:/usr/sbin/nologin\n" + id.user() + ":x:" + id.uid() + ":" + id.gid() + ":"
                        + id.user() + ":" + id.home() + ":/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:"
                        + "/usr/sbin/nologin\n");
        Files.writeString(
                etc.resolve("group"), "root:x:0:\n" + id.group() + ":x:" + id.gid() + ":\nnogroup:x:65534:\n");
        Files.writeString(etc.resolve("hostname"), id.hostname() + "\n");
        Files.writeString(etc.resolve("hosts"), "127.0.0.1\tlocalhost " + id.hostname() + "\n::1\tlocalhost\n");
        // the DNS forwarder of the sandbox's network; without network nothing answers there
        Files.writeString(etc.resolve("resolv.conf"), "nameserver " + SandboxNetwork.DNS_SERVER + "\n");
        Files.setPosixFilePermissions(etc, PosixFilePermissions.fromString("rwxr-xr-x"));
        for (String name : ETC_FILES) {
            Files.setPosixFilePermissions(etc.resolve(name), PosixFilePermissions.fromString("rw-r--r--"));
        }
        return etc;
    }

    @Override
    public boolean hasRunningPrograms() {
        running.removeIf(p -> !p.isAlive());
        // also programs that run on their own, and those of a container an earlier run of the service started
        return !running.isEmpty()
                || supervisor.running().map(BubblewrapContainer::runsPrograms).orElse(false);
    }

    /** Kills every program of the container with everything it started, and waits until they are gone. */
    @Override
    public void killPrograms() {
        Optional<Supervisor> s = supervisor.running();
        if (s.isEmpty()) {
            return;
        }
        try {
            for (ProgramStatus p : s.get().list()) {
                try {
                    // the supervisor repeats SIGKILL until none of the program's processes is left; a program whose
                    // own process ended may still have some in its session
                    s.get().signal(p.id(), SIGKILL, true);
                } catch (SupervisorException e) {
                    if (e.errno() != ESRCH) {
                        throw e;
                    }
                }
            }
        } catch (IOException e) {
            LOG.warnf("sandbox %s: killing its programs failed, ending its container: %s", spec.sandboxId(), e);
            supervisor.stop();
        }
        running.clear();
    }

    /** The sandbox's cgroups, opened once; empty where this host gives none. */
    private synchronized Optional<SandboxCgroup> cgroup() throws IOException {
        if (cgroup == null && cgroups.isPresent()) {
            cgroup = cgroups.get().open(spec.sandboxId(), spec.memoryBytes(), spec.processes());
        }
        return Optional.ofNullable(cgroup);
    }

    @Override
    public void stop() {
        supervisor.stop();
        try {
            // whatever did not end with the supervisor (a program that left its session) ends with the container,
            // and the groups go with it: the next start makes them anew
            Optional<SandboxCgroup> groups = cgroup();
            if (groups.isPresent()) {
                groups.get().destroy();
                synchronized (this) {
                    cgroup = null;
                }
            }
        } catch (IOException e) {
            LOG.warnf("sandbox %s: ending what is left in its cgroups failed: %s", spec.sandboxId(), e.getMessage());
        }
        running.clear();
        if (spec.network() instanceof ContainerNetwork.Proxied proxied) {
            proxied.egress().detach();
        }
        if (network != null) {
            network.stop();
        }
        try {
            mirror.pause();
        } catch (IOException e) {
            LOG.warnf("sandbox %s: saving its workspace index failed: %s", spec.sandboxId(), e.toString());
        }
        if (disk != null) {
            synchronized (this) {
                mounted = false;
                disk.unmount();
            }
        }
    }

    @Override
    public void destroy() {
        stop();
        try {
            mirror.delete();
            if (disk != null) {
                disk.delete();
            }
            deleteTree(directory);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (var children = Files.newDirectoryStream(p)) {
                for (Path child : children) {
                    deleteTree(child);
                }
            }
        }
        Files.deleteIfExists(p);
    }
}
