package dev.shellbox.sandbox.provider.local;

import dev.shellbox.sandbox.provider.ContainerSpec;
import dev.shellbox.sandbox.provider.SandboxContainer;
import dev.shellbox.sandbox.provider.WorkspaceMirror;
import dev.shellbox.shell.commands.Identity;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.interp.EscalatedProcess;
import dev.shellbox.shell.interp.EscalationRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One sandbox's programs under bubblewrap: each escalated program gets new namespaces (no network unless the sandbox
 * allows it), the host's {@code /usr} and libraries read-only, the few {@code /etc} files programs need (never the
 * host's accounts or secrets), a {@code /proc} of its own, the sandbox's mirrored directories ({@code /workspace},
 * {@code /home}, {@code /tmp}, ...) read-write at their own paths, and a read-only everything else. Programs run as an
 * unprivileged host user with rlimits on memory, processes, CPU time, file size and open files.
 *
 * <p>Host layout: {@code STATE/SANDBOX/files} is the mirror, {@code STATE/SANDBOX/index} its index and {@code
 * STATE/SANDBOX/etc} the generated account files.
 */
final class BubblewrapContainer implements SandboxContainer {
    /** Host directories that supply programs and their libraries. */
    private static final List<String> SYSTEM = List.of("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32");
    /** Host configuration programs need to load libraries, verify TLS and know the time; nothing about accounts. */
    private static final List<String> HOST_ETC = List.of(
            "/etc/ld.so.cache",
            "/etc/ld.so.conf",
            "/etc/ld.so.conf.d",
            "/etc/alternatives",
            "/etc/ssl/certs",
            "/etc/ca-certificates",
            "/etc/localtime",
            "/etc/mime.types");

    private final LocalSettings settings;
    private final ContainerSpec spec;
    private final Path directory;
    private final WorkspaceMirror mirror;
    private final Set<Process> running = ConcurrentHashMap.newKeySet();
    /** Set once {@link #prepare} ran. */
    private volatile List<String> fixedArguments;

    BubblewrapContainer(LocalSettings settings, ContainerSpec spec) {
        this.settings = settings;
        this.spec = spec;
        this.directory = settings.stateDirectory().resolve(spec.sandboxId());
        this.mirror = new WorkspaceMirror(
                directory.resolve("files"),
                directory.resolve("index"),
                settings.hostUid(),
                settings.hostGid(),
                settings.fileSizeBytes());
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
    public void syncOut(InMemoryFileSystem files) throws IOException {
        mirror.pull(files);
    }

    @Override
    public EscalatedProcess start(EscalationRequest request) throws IOException {
        prepare();
        ProcessBuilder pb = new ProcessBuilder(command(request));
        // the program's environment is the shell's exported variables, nothing of the service's own
        pb.environment().clear();
        pb.environment().putAll(request.env());
        Process p = pb.start();
        running.add(p);
        p.onExit().thenRun(() -> running.remove(p));
        return new LocalProcess(p);
    }

    List<String> command(EscalationRequest request) throws IOException {
        List<String> c = new ArrayList<>(fixedArguments);
        List<String> mirrored = mirror.topLevelDirectories();
        for (String top : mirrored) {
            c.addAll(List.of("--bind", mirror.root().resolve(top).toString(), "/" + top));
        }
        if (!mirrored.contains("tmp")) {
            c.addAll(List.of("--tmpfs", "/tmp"));
        }
        c.addAll(List.of("--remount-ro", "/", "--chdir", request.cwd(), "--"));
        c.addAll(request.argv());
        return c;
    }

    /** Limits, user, namespaces and the read-only host parts: what every program of this sandbox gets. */
    private List<String> fixedArguments() throws IOException {
        List<String> c = new ArrayList<>();
        c.add(settings.prlimit());
        c.add("--as=" + settings.memoryBytes());
        c.add("--nproc=" + settings.processes());
        c.add("--cpu=" + settings.cpuSeconds());
        c.add("--fsize=" + settings.fileSizeBytes());
        c.add("--nofile=" + settings.openFiles());
        c.add("--core=0");
        c.add(settings.setpriv());
        c.add("--reuid=" + settings.hostUid());
        c.add("--regid=" + settings.hostGid());
        c.add("--clear-groups");
        c.add(settings.bwrap());
        c.addAll(List.of("--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL"));
        if (spec.network()) {
            c.add("--share-net");
        }
        c.addAll(List.of("--die-with-parent", "--new-session"));
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
        for (String file : hostEtc()) {
            c.addAll(List.of("--ro-bind-try", file, file));
        }
        if (spec.network()) {
            c.addAll(List.of("--ro-bind-try", "/etc/resolv.conf", "/etc/resolv.conf"));
        }
        Path etc = directory.resolve("etc");
        for (String name : List.of("passwd", "group", "hostname", "hosts")) {
            c.addAll(List.of("--ro-bind", etc.resolve(name).toString(), "/etc/" + name));
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

    /** Creates the sandbox's host directory and its account files, once. */
    private void prepare() throws IOException {
        if (fixedArguments != null && Files.isDirectory(directory.resolve("etc"))) {
            return;
        }
        synchronized (this) {
            // others may pass through (the programs' user must reach the mirror) but not list
            for (Path dir : List.of(settings.stateDirectory(), directory)) {
                Files.createDirectories(dir);
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
            }
            Path etc = directory.resolve("etc");
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
            for (String name : List.of("etc", "etc/passwd", "etc/group", "etc/hostname", "etc/hosts")) {
                Files.setPosixFilePermissions(
                        directory.resolve(name),
                        PosixFilePermissions.fromString(name.equals("etc") ? "rwxr-xr-x" : "rw-r--r--"));
            }
            fixedArguments = fixedArguments();
        }
    }

    @Override
    public void stop() {
        // killing bubblewrap ends the sandbox's PID namespace and every process in it
        for (Process p : running) {
            p.destroyForcibly();
        }
    }

    @Override
    public void destroy() {
        stop();
        for (Process p : running) {
            p.onExit().join();
        }
        try {
            mirror.delete();
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
