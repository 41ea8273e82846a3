package dev.shellbox.vfs.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VfsPathsTest {

    @ParameterizedTest
    @CsvSource({
        "/, /",
        "/a/b, /a/b",
        "/a//b/, /a/b",
        "/a/./b/., /a/b",
        "/a/b/../c, /a/c",
        "/.., /",
        "/../../etc, /etc",
        "/a/../../.., /",
        "src/main.py, /workspace/src/main.py",
        "../x, /x",
        "., /workspace"
    })
    void normalizesAndStaysInsideTheVolume(String raw, String normalized) {
        assertThat(VfsPaths.normalize(raw)).isEqualTo(normalized);
    }

    @Test
    void rejectsEmptyPathsNulBytesAndLongNames() {
        assertThatThrownBy(() -> VfsPaths.normalize(""))
                .isInstanceOfSatisfying(
                        VfsException.class, e -> assertThat(e.errno()).isEqualTo(Errno.EINVAL));
        assertThatThrownBy(() -> VfsPaths.normalize("/a\0b"))
                .isInstanceOfSatisfying(
                        VfsException.class, e -> assertThat(e.errno()).isEqualTo(Errno.EINVAL));
        assertThatThrownBy(() -> VfsPaths.normalize("/" + "é".repeat(128)))
                .isInstanceOfSatisfying(
                        VfsException.class, e -> assertThat(e.errno()).isEqualTo(Errno.ENAMETOOLONG));
        assertThatThrownBy(() -> VfsPaths.normalize(("/" + "d".repeat(200)).repeat(21)))
                .isInstanceOfSatisfying(
                        VfsException.class, e -> assertThat(e.errno()).isEqualTo(Errno.ENAMETOOLONG));
        assertThat(VfsPaths.normalize("/" + "n".repeat(255))).hasSize(256);
    }

    @Test
    void knowsParentsLineageAndSubtrees() {
        assertThat(VfsPaths.parent("/")).isNull();
        assertThat(VfsPaths.parent("/a")).isEqualTo("/");
        assertThat(VfsPaths.parent("/a/b")).isEqualTo("/a");
        assertThat(VfsPaths.lineage("/a/b/c")).isEqualTo(List.of("/", "/a", "/a/b", "/a/b/c"));
        assertThat(VfsPaths.lineage("/")).isEqualTo(List.of("/"));
        assertThat(VfsPaths.isWithin("/a/b", "/a")).isTrue();
        assertThat(VfsPaths.isWithin("/ab", "/a")).isFalse();
        assertThat(VfsPaths.isBelow("/a", "/a")).isFalse();
        assertThat(VfsPaths.isBelow("/a", "/")).isTrue();
        assertThat(VfsPaths.rebase("/a/b/c", "/a", "/x/y")).isEqualTo("/x/y/b/c");
        assertThat(VfsPaths.resolveTarget("/w/link", "../etc/x")).isEqualTo("/etc/x");
        assertThat(VfsPaths.resolveTarget("/w/link", "../../../../x")).isEqualTo("/x");
    }

    @Test
    void descendantsAreOneRangeInByteOrder() {
        String lo = VfsPaths.descendantPrefix("/a");
        String hi = VfsPaths.descendantLimit("/a");
        for (String inside : List.of("/a/b", "/a/ü", "/a/ ", "/a/~~~")) {
            assertThat(inside.compareTo(lo) >= 0 && inside.compareTo(hi) < 0)
                    .as(inside)
                    .isTrue();
        }
        for (String outside : List.of("/a", "/a.txt", "/a-b/c", "/ab", "/b")) {
            assertThat(outside.compareTo(lo) >= 0 && outside.compareTo(hi) < 0)
                    .as(outside)
                    .isFalse();
        }
    }
}
