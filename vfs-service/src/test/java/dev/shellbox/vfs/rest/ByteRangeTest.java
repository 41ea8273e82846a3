package dev.shellbox.vfs.rest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ByteRangeTest {

    @Test
    void parsesTheThreeFormsOfASingleRange() {
        assertThat(ByteRange.parse("bytes=0-9", 100)).isEqualTo(new ByteRange(0, 9));
        assertThat(ByteRange.parse("bytes=90-", 100)).isEqualTo(new ByteRange(90, 99));
        assertThat(ByteRange.parse("bytes=-10", 100)).isEqualTo(new ByteRange(90, 99));
        assertThat(ByteRange.parse("bytes=-500", 100)).isEqualTo(new ByteRange(0, 99));
        assertThat(ByteRange.parse("bytes=50-500", 100)).isEqualTo(new ByteRange(50, 99));
    }

    @Test
    void servesTheWholeFileForNoOrUnusableHeaders() {
        assertThat(ByteRange.parse(null, 100)).isNull();
        assertThat(ByteRange.parse("bytes=0-1,5-6", 100)).isNull();
        assertThat(ByteRange.parse("items=0-1", 100)).isNull();
        assertThat(ByteRange.parse("bytes=x-y", 100)).isNull();
        assertThat(ByteRange.parse("bytes=9-3", 100)).isNull();
    }

    @Test
    void refusesRangesStartingPastTheEnd() {
        assertThat(ByteRange.parse("bytes=100-", 100)).isSameAs(ByteRange.UNSATISFIABLE);
        assertThat(ByteRange.parse("bytes=-0", 100)).isSameAs(ByteRange.UNSATISFIABLE);
    }
}
