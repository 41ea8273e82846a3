package dev.shellbox.sandbox.provider.local;

import dev.shellbox.sandbox.provider.ContainerProvider;
import dev.shellbox.sandbox.provider.ContainerSpec;
import dev.shellbox.sandbox.provider.ProviderUnavailableException;
import dev.shellbox.sandbox.provider.SandboxContainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * The {@code local} provider: each sandbox's programs run in one bubblewrap container on this host, started by the
 * supervisor inside it.
 */
public final class BubblewrapProvider implements ContainerProvider {
    private static final Logger LOG = Logger.getLogger(BubblewrapProvider.class);
    private final LocalSettings settings;
    private volatile boolean verified;
    private volatile boolean networkVerified;
    /** Whether workspaces get images of their own; null until decided. */
    private Boolean workspaceImages;
    /** The cgroups sandboxes get their totals from; null until looked for, empty where there are none to use. */
    private Optional<SandboxCgroup.Cgroups> cgroups;

    public BubblewrapProvider(LocalSettings settings) {
        this.settings = settings;
    }

    /**
     * Checks once that the tools exist and that this host lets an unprivileged user start a bubblewrap sandbox, and
     * once, the first time a sandbox asks for network, that a sandbox network can be set up.
     */
    @Override
    public void checkAvailable(boolean network) {
        if (!verified) {
            checkBubblewrap();
            workspaceImages();
            verified = true;
        }
        if (network && !networkVerified) {
            checkNetwork();
            networkVerified = true;
        }
    }

    private void checkBubblewrap() {
        if (!Files.isExecutable(Path.of(settings.bwrap()))) {
            throw new ProviderUnavailableException("provider 'local' runs programs under bubblewrap, which is not"
                    + " installed on this host (" + settings.bwrap() + " is missing): install the package"
                    + " 'bubblewrap', or create the sandbox with provider 'in-process'");
        }
        List<String> tools = settings.switchesUser()
                ? List.of(settings.prlimit(), settings.setpriv(), settings.setsid())
                : List.of(settings.prlimit(), settings.setsid());
        for (String tool : tools) {
            if (!Files.isExecutable(Path.of(tool))) {
                throw new ProviderUnavailableException(
                        "provider 'local' needs " + tool + " (package 'util-linux'), which is missing on this host");
            }
        }
        probe();
        try {
            LocalSupervisor.install(settings.stateDirectory().resolve(".bin"));
        } catch (IOException e) {
            throw new ProviderUnavailableException("provider 'local' cannot install the sandbox supervisor under "
                    + settings.stateDirectory() + ": " + e.getMessage());
        }
    }

    private void checkNetwork() {
        LocalSettings.Network n = settings.network();
        for (String[] tool : new String[][] {
            {n.slirp4netns(), "slirp4netns"},
            {n.ip(), "iproute2"},
            {n.unshare(), "util-linux"},
            {n.nsenter(), "util-linux"}
        }) {
            if (!Files.isExecutable(Path.of(tool[0]))) {
                throw new ProviderUnavailableException("sandboxes with network need " + tool[0] + " (package '"
                        + tool[1] + "'), which is missing on this host; install it or create the sandbox without"
                        + " network");
            }
        }
        SandboxNetwork trial = new SandboxNetwork(settings, false, Path.of("/dev/null"), null);
        try {
            trial.enter();
        } catch (IOException e) {
            throw new ProviderUnavailableException(
                    "provider 'local' cannot give sandboxes a network on this host: " + e.getMessage());
        } finally {
            trial.stop();
        }
    }

    /**
     * Whether workspaces live on images of their own: decided once, by mounting a trial image when the settings leave
     * it to this host.
     */
    public synchronized boolean workspaceImages() {
        if (workspaceImages == null) {
            LocalSettings.Disk disk = settings.disk();
            if (disk.images() == LocalSettings.WorkspaceImages.NEVER) {
                workspaceImages = false;
            } else {
                try {
                    if (!ServiceUser.isRoot()) {
                        // mounting takes root: the trial would only leave an image behind
                        throw new IOException("the service does not run as root");
                    }
                    probeWorkspaceImage();
                    workspaceImages = true;
                } catch (IOException e) {
                    if (disk.images() == LocalSettings.WorkspaceImages.ALWAYS) {
                        throw new ProviderUnavailableException("provider 'local' cannot give workspaces file systems"
                                + " of their own on this host (" + e.getMessage() + "); run the service as root, or"
                                + " set shellbox.sandbox.local.workspace-images to auto or never");
                    }
                    LOG.warnf(
                            "sandbox workspaces share this host's disk, and a sandbox's programs can fill it: workspace"
                                    + " images cannot be mounted here (%s); run the service as root to bound each"
                                    + " workspace",
                            e.getMessage());
                    workspaceImages = false;
                }
            }
        }
        return workspaceImages;
    }

    private void probeWorkspaceImage() throws IOException {
        Files.createDirectories(settings.stateDirectory());
        Path trial = settings.stateDirectory()
                .resolve(".trial-" + ProcessHandle.current().pid());
        WorkspaceDisk disk =
                new WorkspaceDisk(settings.disk(), trial.resolveSibling(trial.getFileName() + ".img"), trial, 0);
        try {
            disk.mount();
        } finally {
            disk.delete();
        }
    }

    private void probe() {
        // as containers start: as the programs' user, through setpriv when the service is root
        List<String> argv = settings.asHostUser(List.of(
                settings.bwrap(),
                "--unshare-all",
                "--unshare-user",
                "--die-with-parent",
                "--ro-bind",
                "/",
                "/",
                "--",
                "/bin/true"));
        try {
            HostCommand.run(argv, "", "a test run of bubblewrap", 10);
        } catch (IOException e) {
            throw new ProviderUnavailableException("provider 'local' cannot start a bubblewrap sandbox on this host ("
                    + e.getMessage() + "); unprivileged user namespaces must be enabled");
        }
    }

    @Override
    public List<String> runningContainers() {
        List<String> running = new ArrayList<>();
        try (var dirs = Files.newDirectoryStream(settings.stateDirectory(), Files::isDirectory)) {
            for (Path dir : dirs) {
                if (!dir.getFileName().toString().startsWith(".")
                        && new LocalSupervisor(dir).running().isPresent()) {
                    running.add(dir.getFileName().toString());
                }
            }
        } catch (IOException e) {
            // no state directory yet: nothing runs
        }
        return running;
    }

    @Override
    public SandboxContainer open(ContainerSpec spec) {
        return new BubblewrapContainer(settings, spec, workspaceImages(), cgroups());
    }

    /** The cgroups of this host, looked for once: where the service may not use them, sandboxes get rlimits alone. */
    private synchronized Optional<SandboxCgroup.Cgroups> cgroups() {
        if (cgroups == null) {
            cgroups = SandboxCgroup.Cgroups.detect(Path.of("/sys/fs/cgroup"));
        }
        return cgroups;
    }
}
