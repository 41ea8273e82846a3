package dev.shellbox.shell.gnu.human;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GnuNumberTest {

    @Test
    void readsPlainDecimals() throws Exception {
        assertThat(GnuNumber.parse("42", GnuNumber.SIZE_SUFFIXES)).isEqualTo(42);
        assertThat(GnuNumber.parse(" +7", GnuNumber.SIZE_SUFFIXES)).isEqualTo(7);
    }

    @Test
    void appliesBinaryAndDecimalMultipliers() throws Exception {
        assertThat(GnuNumber.parse("2K", GnuNumber.SIZE_SUFFIXES)).isEqualTo(2048);
        assertThat(GnuNumber.parse("2KiB", GnuNumber.SIZE_SUFFIXES)).isEqualTo(2048);
        assertThat(GnuNumber.parse("2kB", GnuNumber.SIZE_SUFFIXES)).isEqualTo(2000);
        assertThat(GnuNumber.parse("1M", GnuNumber.SIZE_SUFFIXES)).isEqualTo(1 << 20);
        assertThat(GnuNumber.parse("3b", GnuNumber.SIZE_SUFFIXES)).isEqualTo(1536);
    }

    @Test
    void aLoneSuffixMeansOneUnit() throws Exception {
        assertThat(GnuNumber.parse("K", GnuNumber.SIZE_SUFFIXES)).isEqualTo(1024);
    }

    @Test
    void refusesGarbageAndNegatives() {
        assertThatThrownBy(() -> GnuNumber.parse("1x", GnuNumber.SIZE_SUFFIXES))
                .isInstanceOfSatisfying(
                        GnuNumber.NumberException.class,
                        e -> assertThat(e.problem()).isEqualTo(GnuNumber.Problem.INVALID));
        assertThatThrownBy(() -> GnuNumber.parse("-1", GnuNumber.SIZE_SUFFIXES))
                .isInstanceOf(GnuNumber.NumberException.class);
        assertThatThrownBy(() -> GnuNumber.parse("", GnuNumber.SIZE_SUFFIXES))
                .isInstanceOf(GnuNumber.NumberException.class);
    }

    @Test
    void reportsOverflow() {
        assertThatThrownBy(() -> GnuNumber.parse("99999999999999999999999", ""))
                .isInstanceOfSatisfying(
                        GnuNumber.NumberException.class,
                        e -> assertThat(e.problem()).isEqualTo(GnuNumber.Problem.OVERFLOW));
        assertThatThrownBy(() -> GnuNumber.parse("16E", GnuNumber.SIZE_SUFFIXES))
                .isInstanceOfSatisfying(
                        GnuNumber.NumberException.class,
                        e -> assertThat(e.problem()).isEqualTo(GnuNumber.Problem.OVERFLOW));
    }

    @Test
    void suffixesMustBeAllowed() {
        assertThatThrownBy(() -> GnuNumber.parse("2K", "")).isInstanceOf(GnuNumber.NumberException.class);
    }
}
