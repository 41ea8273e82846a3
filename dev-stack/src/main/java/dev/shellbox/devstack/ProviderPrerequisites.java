package dev.shellbox.devstack;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Whether sandbox-service's {@code local} provider can run on this host, decided before {@code make run} starts the
 * services: the host tools it needs (the defaults of sandbox-service's {@code shellbox.sandbox.local.*}), installed
 * with apt-get when missing and this process is root, then a trial bubblewrap sandbox as the service starts one. When
 * {@code local} cannot run, sandboxes default to {@code in-process} instead, so that creating one with the default
 * provider is not refused with a 503; a {@code SHELLBOX_DEFAULT_PROVIDER} the user set is left as it is.
 */
final class ProviderPrerequisites {
    static final String DEFAULT_PROVIDER_VARIABLE = "SHELLBOX_DEFAULT_PROVIDER";
    static final String FALLBACK_PROVIDER = "in-process";

    /** A host program the {@code local} provider runs, and the Debian package it comes in. */
    record Tool(Path path, String debianPackage) {}

    static final List<Tool> TOOLS = List.of(
            new Tool(Path.of("/usr/bin/bwrap"), "bubblewrap"),
            new Tool(Path.of("/usr/bin/slirp4netns"), "slirp4netns"),
            new Tool(Path.of("/usr/sbin/ip"), "iproute2"),
            new Tool(Path.of("/usr/bin/prlimit"), "util-linux"),
            new Tool(Path.of("/usr/bin/setpriv"), "util-linux"),
            new Tool(Path.of("/usr/bin/setsid"), "util-linux"),
            new Tool(Path.of("/usr/bin/unshare"), "util-linux"),
            new Tool(Path.of("/usr/bin/nsenter"), "util-linux"));

    static final Path APT_GET = Path.of("/usr/bin/apt-get");

    /** Installs Debian packages; true when they were installed. */
    interface Installer {
        boolean install(List<String> packages);
    }

    /** Starts a trial bubblewrap sandbox as sandbox-service does; the reason when it cannot, empty when it can. */
    interface Probe {
        Optional<String> failure();
    }

    /**
     * What {@code make run} does about the provider.
     *
     * @param defaultProvider the default provider to start sandbox-service with; empty leaves it to the service
     * @param warning one line for the user when {@code local} cannot run here
     */
    record Outcome(Optional<String> defaultProvider, Optional<String> warning) {}

    private final Predicate<Path> executable;
    private final int uid;
    private final Map<String, String> environment;
    private final Installer installer;
    private final Probe probe;

    ProviderPrerequisites(
            Predicate<Path> executable, int uid, Map<String, String> environment, Installer installer, Probe probe) {
        this.executable = executable;
        this.uid = uid;
        this.environment = environment;
        this.installer = installer;
        this.probe = probe;
    }

    /** The real host: its files, this process's user and environment, apt-get, and bubblewrap. */
    static ProviderPrerequisites ofThisHost() {
        Map<String, String> env = System.getenv();
        int uid = (int) new com.sun.security.auth.module.UnixSystem().getUid();
        return new ProviderPrerequisites(
                Files::isExecutable,
                uid,
                env,
                ProviderPrerequisites::aptGetInstall,
                () -> bubblewrapTrial(
                        uid == 0,
                        env.getOrDefault("SHELLBOX_SANDBOX_LOCAL_HOST_UID", "64000"),
                        env.getOrDefault("SHELLBOX_SANDBOX_LOCAL_HOST_GID", "64000")));
    }

    Outcome check() {
        boolean root = uid == 0;
        boolean apt = executable.test(APT_GET);
        List<Tool> missing = missing();
        if (!missing.isEmpty() && root && apt) {
            installer.install(packages(missing));
            missing = missing();
        }
        if (!missing.isEmpty()) {
            String packages = String.join(" ", packages(missing));
            String install = apt
                    ? "`" + (root ? "" : "sudo ") + "apt-get install -y " + packages + "`"
                    : "install the packages " + packages;
            return fallBack("the 'local' provider needs "
                    + String.join(
                            ", ", missing.stream().map(t -> t.path().toString()).toList())
                    + ", missing on this host: " + install);
        }
        Optional<String> failure = probe.failure();
        if (failure.isPresent()) {
            return fallBack("the 'local' provider cannot start a bubblewrap sandbox here (" + failure.get() + "): "
                    + "unprivileged user namespaces must be enabled");
        }
        return new Outcome(Optional.empty(), Optional.empty());
    }

    private Outcome fallBack(String problem) {
        String chosen = environment.get(DEFAULT_PROVIDER_VARIABLE);
        if (chosen != null && !chosen.isBlank()) {
            return new Outcome(
                    Optional.empty(),
                    Optional.of(problem + "; " + DEFAULT_PROVIDER_VARIABLE + " is set, so '" + chosen
                            + "' stays the default provider"));
        }
        return new Outcome(
                Optional.of(FALLBACK_PROVIDER),
                Optional.of(problem + "; until then sandboxes default to the '" + FALLBACK_PROVIDER
                        + "' provider (built-in commands only)"));
    }

    private List<Tool> missing() {
        return TOOLS.stream().filter(t -> !executable.test(t.path())).toList();
    }

    private static List<String> packages(List<Tool> tools) {
        return tools.stream().map(Tool::debianPackage).distinct().toList();
    }

    private static boolean aptGetInstall(List<String> packages) {
        System.out.println("dev-stack: installing " + String.join(" ", packages) + " for the 'local' provider");
        try {
            // An update first: a fresh machine (a container, say) may have no package lists yet.
            run(List.of(APT_GET.toString(), "update", "-q"));
            List<String> install = new ArrayList<>(List.of(APT_GET.toString(), "install", "-y", "-q"));
            install.addAll(packages);
            return run(install) == 0;
        } catch (IOException e) {
            System.err.println("dev-stack: apt-get failed: " + e.getMessage());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static int run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
        return pb.start().waitFor();
    }

    /**
     * The trial sandbox-service runs before its first {@code local} sandbox (BubblewrapProvider's probe): as root it
     * switches to the programs' host user first; otherwise programs run as the service's own user.
     */
    private static Optional<String> bubblewrapTrial(boolean root, String hostUid, String hostGid) {
        List<String> command = new java.util.ArrayList<>();
        if (root) {
            command.addAll(List.of("/usr/bin/setpriv", "--reuid=" + hostUid, "--regid=" + hostGid, "--clear-groups"));
        }
        command.addAll(List.of(
                "/usr/bin/bwrap",
                "--unshare-all",
                "--unshare-user",
                "--die-with-parent",
                "--ro-bind",
                "/",
                "/",
                "--",
                "/bin/true"));
        try {
            Process p = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.of("a trial sandbox did not end within 10 s");
            }
            if (p.exitValue() == 0) {
                return Optional.empty();
            }
            String output;
            try (InputStream in = p.getInputStream()) {
                output = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
            return Optional.of(
                    output.isEmpty()
                            ? "a trial sandbox exited with " + p.exitValue()
                            : output.lines().findFirst().orElseThrow());
        } catch (IOException e) {
            return Optional.of(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        }
    }
}
