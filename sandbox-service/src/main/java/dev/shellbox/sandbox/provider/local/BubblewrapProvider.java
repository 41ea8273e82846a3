package dev.shellbox.sandbox.provider.local;

import dev.shellbox.sandbox.provider.ContainerProvider;
import dev.shellbox.sandbox.provider.ContainerSpec;
import dev.shellbox.sandbox.provider.ProviderUnavailableException;
import dev.shellbox.sandbox.provider.SandboxContainer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The {@code local} provider: every escalated program runs in its own bubblewrap sandbox on this host. */
public final class BubblewrapProvider implements ContainerProvider {
    private final LocalSettings settings;
    private volatile boolean verified;

    public BubblewrapProvider(LocalSettings settings) {
        this.settings = settings;
    }

    /** Checks once that the tools exist and that this host lets an unprivileged user start a bubblewrap sandbox. */
    @Override
    public void checkAvailable() {
        if (verified) {
            return;
        }
        if (!Files.isExecutable(Path.of(settings.bwrap()))) {
            throw new ProviderUnavailableException("provider 'local' runs programs under bubblewrap, which is not"
                    + " installed on this host (" + settings.bwrap() + " is missing): install the package"
                    + " 'bubblewrap', or create the sandbox with provider 'in-process'");
        }
        for (String tool : List.of(settings.prlimit(), settings.setpriv())) {
            if (!Files.isExecutable(Path.of(tool))) {
                throw new ProviderUnavailableException(
                        "provider 'local' needs " + tool + " (package 'util-linux'), which is missing on this host");
            }
        }
        probe();
        verified = true;
    }

    private void probe() {
        List<String> argv = List.of(
                settings.setpriv(),
                "--reuid=" + settings.hostUid(),
                "--regid=" + settings.hostGid(),
                "--clear-groups",
                settings.bwrap(),
                "--unshare-all",
                "--unshare-user",
                "--die-with-parent",
                "--ro-bind",
                "/",
                "/",
                "--",
                "/bin/true");
        try {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
            p.getOutputStream().close();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new ProviderUnavailableException("provider 'local': a test run of bubblewrap did not end");
            }
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.exitValue() != 0) {
                throw new ProviderUnavailableException("provider 'local' cannot start a bubblewrap sandbox on this"
                        + " host (" + output + "); unprivileged user namespaces must be enabled");
            }
        } catch (IOException e) {
            throw new ProviderUnavailableException("provider 'local' cannot run bubblewrap: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderUnavailableException("provider 'local': interrupted while testing bubblewrap");
        }
    }

    @Override
    public SandboxContainer open(ContainerSpec spec) {
        return new BubblewrapContainer(settings, spec);
    }
}
