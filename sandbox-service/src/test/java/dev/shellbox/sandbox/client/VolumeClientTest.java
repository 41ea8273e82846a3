package dev.shellbox.sandbox.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.contracts.volume.CommitChange;
import dev.shellbox.contracts.volume.CommitRequest;
import dev.shellbox.contracts.volume.EntryType;
import dev.shellbox.contracts.volume.VolumeEntry;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The volume contract across the boundary: this service's client against a running vfs-service. */
@QuarkusTest
class VolumeClientTest {
    private static final String USER = "contract-user";

    @Inject
    VolumeClient volumes;

    @Test
    void aCommitAgainstAnOlderVersionNamesTheConflictingPathsInItsTypedConflict() {
        String id = "vc-" + UUID.randomUUID().toString().substring(0, 8);
        volumes.createVolume(id, USER).await().indefinitely();
        long base = volumes.tree(id, "/", USER).version();
        byte[] first = "first".getBytes(StandardCharsets.UTF_8);
        long after = volumes.commit(id, USER, new CommitRequest(base, List.of(write("/workspace/a", first))))
                .version();
        assertThat(after).isGreaterThan(base);

        assertThatThrownBy(() -> volumes.commit(
                        id,
                        USER,
                        new CommitRequest(
                                base,
                                List.of(write("/workspace/a", new byte[] {1}), write("/workspace/b", new byte[] {2})))))
                .isInstanceOfSatisfying(VolumeConflictException.class, e -> {
                    assertThat(e.conflict().conflicts()).containsExactly("/workspace/a");
                    assertThat(e.conflict().baseVersion()).isEqualTo(base);
                    assertThat(e.conflict().currentVersion()).isEqualTo(after);
                });

        VolumeEntry a = volumes.tree(id, "/workspace/a", USER).entries().get(0);
        assertThat(a.type()).isEqualTo(EntryType.FILE);
        assertThat(a.content()).isEqualTo(first);
        assertThat(volumes.changes(id, base, USER).changed()).contains("/workspace/a");
        volumes.deleteVolume(id).await().indefinitely();
    }

    private static CommitChange write(String path, byte[] content) {
        return CommitChange.write(path, content, 0644, Instant.now());
    }
}
