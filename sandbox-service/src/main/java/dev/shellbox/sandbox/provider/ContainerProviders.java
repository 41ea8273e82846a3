package dev.shellbox.sandbox.provider;

import dev.shellbox.sandbox.config.SandboxConfig;
import dev.shellbox.sandbox.domain.Provider;
import dev.shellbox.sandbox.provider.local.BubblewrapProvider;
import dev.shellbox.sandbox.provider.local.LocalSettings;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.file.Path;
import java.util.Optional;
import org.jboss.logging.Logger;

/** The container providers this instance can run, by the provider a sandbox chose. */
@ApplicationScoped
public class ContainerProviders {
    private static final Logger LOG = Logger.getLogger(ContainerProviders.class);

    private final ContainerProvider local;

    ContainerProviders(SandboxConfig config) {
        SandboxConfig.Local c = config.local();
        this.local = new BubblewrapProvider(new LocalSettings(
                Path.of(c.stateDirectory()).toAbsolutePath().normalize(),
                c.bwrap(),
                c.prlimit(),
                c.setpriv(),
                c.setsid(),
                c.hostUid(),
                c.hostGid(),
                c.memoryBytes(),
                c.processes(),
                c.cpuSeconds(),
                c.fileSizeBytes(),
                c.openFiles(),
                new LocalSettings.Network(c.unshare(), c.nsenter(), c.slirp4netns(), c.ip(), c.blockedNetworks()),
                new LocalSettings.Disk(
                        c.workspaceImages(),
                        c.workspaceBytes(),
                        c.mkfs(),
                        c.mount(),
                        c.umount(),
                        c.losetup(),
                        c.resize2fs(),
                        c.fallocate())));
    }

    /** Checks the local provider at startup, so that creating a sandbox does not wait for it. */
    void onStart(@Observes StartupEvent event) {
        try {
            local.checkAvailable(false);
        } catch (ProviderUnavailableException e) {
            LOG.warnf("sandboxes with provider 'local' cannot be created: %s", e.getMessage());
        }
    }

    /** Where a sandbox's escalated commands run; empty when nowhere (in-process, and providers not built yet). */
    public Optional<ContainerProvider> forProvider(Provider provider) {
        return provider == Provider.LOCAL ? Optional.of(local) : Optional.empty();
    }
}
