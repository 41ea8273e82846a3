package dev.shellbox.vfs.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shellbox.vfs.domain.VfsException;
import org.junit.jupiter.api.Test;

class ArchiveEntryPathTest {

    @Test
    void placesMembersUnderTheTargetDirectory() {
        assertThat(ArchiveService.entryPath("/w/t", "./a/b.txt")).isEqualTo("/w/t/a/b.txt");
        assertThat(ArchiveService.entryPath("/w/t", "/abs/c")).isEqualTo("/w/t/abs/c");
        assertThat(ArchiveService.entryPath("/w/t", "a/../b")).isEqualTo("/w/t/b");
        assertThat(ArchiveService.entryPath("/w/t", "./")).isNull();
    }

    @Test
    void refusesMembersThatClimbOut() {
        assertThatThrownBy(() -> ArchiveService.entryPath("/w/t", "../x")).isInstanceOf(VfsException.class);
        assertThatThrownBy(() -> ArchiveService.entryPath("/w/t", "a/../../x")).isInstanceOf(VfsException.class);
        assertThatThrownBy(() -> ArchiveService.entryPath("/w/t", "a/../..")).isInstanceOf(VfsException.class);
    }
}
