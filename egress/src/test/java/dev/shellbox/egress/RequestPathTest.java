package dev.shellbox.egress;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestPathTest {
    @ParameterizedTest
    @CsvSource({
        "/,/",
        "'',/",
        "/v1,/v1",
        "/v1/,/v1/",
        "/v1?x=/admin,/v1",
        "/v1#frag,/v1",
        "/a/./b,/a/b",
        "/a/../b,/b",
        "/../../b,/b",
        "/a/b/..,/a/",
        "//a///b,/a/b",
        "/%2e%2E/a,/a",
        "/a%2fb,/a/b",
        "/%61%62c,/abc",
        "/a%20b,/a%20b",
        "/a\\b,/a/b",
        "/a%5cb,/a/b",
        "/%zz,/%zz",
        "/%4,/%4"
    })
    void pathsAreNormalizedTheWayServersReadThem(String path, String normalized) {
        assertThat(RequestPath.normalize(path)).isEqualTo(normalized);
    }

    @ParameterizedTest
    @CsvSource({
        "/v1,/v1,true",
        "/v1/x,/v1,true",
        "/v1x,/v1,false",
        "/v1,/v1/,false",
        "/v1/x,/v1/,true",
        "/x,/,true",
        "/v,/v1,false"
    })
    void prefixMatchesOnSegmentBoundaries(String path, String prefix, boolean under) {
        assertThat(RequestPath.isUnder(path, prefix)).isEqualTo(under);
    }
}
