package dev.shellbox.sandbox.provider.local;

import dev.shellbox.sandbox.provider.ContainerProvider;
import dev.shellbox.sandbox.provider.ProviderConformance;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The provider conformance suite for {@code local}: programs under real bubblewrap on this host. */
class LocalProviderConformanceTest extends ProviderConformance {
    private static Path state;
    private static LocalSettings settings;
    private static BubblewrapProvider provider;

    @BeforeAll
    static void createProvider() throws IOException {
        state = LocalTestSettings.stateDirectory();
        settings = LocalTestSettings.settings(state, LocalSettings.WorkspaceImages.AUTO);
        provider = new BubblewrapProvider(settings);
        provider.checkAvailable(false);
    }

    @AfterAll
    static void deleteStateDirectory() throws IOException {
        LocalTestSettings.delete(state);
    }

    @Override
    protected ContainerProvider provider() {
        return provider;
    }

    @Override
    protected ContainerProvider restartedProvider() {
        BubblewrapProvider restarted = new BubblewrapProvider(settings);
        restarted.checkAvailable(false);
        return restarted;
    }

    @Override
    protected long fileSizeLimit() {
        return LocalTestSettings.FILE_SIZE;
    }

    @Override
    protected List<String> privateHostPaths(String sandboxId) {
        Path sandbox = settings.stateDirectory().resolve(sandboxId);
        return List.of(
                sandbox.toString(),
                sandbox.resolve("supervisor.secret").toString(),
                sandbox.resolve("disk/files/workspace").toString());
    }
}
