package dev.shellbox.vfs.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.vfs.domain.ChangeKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConflictDetectorTest {

    @ParameterizedTest(name = "{0} {1} after {2} {3}: {4}")
    @CsvSource({
        "/w/a, WRITE, /w/a, WRITE, true",
        "/w/a, ATTRIBUTES, /w/a, WRITE, true",
        "/w/d, MKDIR, /w/d, MKDIR, false",
        "/w/d, MKDIR, /w/d, WRITE, true",
        "/w/b, WRITE, /w/a, WRITE, false",
        "/w/d/f, WRITE, /w/d, MKDIR, false",
        "/w/d/f, WRITE, /w/d, REMOVE, true",
        "/w/d/f, WRITE, /w/d, WRITE, true",
        "/w/d/f, WRITE, /w/d, ATTRIBUTES, false",
        "/w/d, REMOVE, /w/d/f, WRITE, true",
        "/w/d, MKDIR, /w/d/f, WRITE, false",
        "/w/d, ATTRIBUTES, /w/d/f, WRITE, false",
        "/w/d, WRITE, /w/d/f, REMOVE, true",
        "/w/dx, REMOVE, /w/d, REMOVE, false"
    })
    void decidesPathLevelConflicts(
            String path, ChangeKind kind, String loggedPath, ChangeKind loggedKind, boolean conflict) {
        assertThat(ConflictDetector.conflict(path, kind, loggedPath, loggedKind))
                .isEqualTo(conflict);
    }
}
