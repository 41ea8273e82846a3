package dev.shellbox.shell.gnu.modechange;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ModeSpecTest {

    private static int apply(String spec, int mode, boolean dir) {
        return ModeSpec.parse(spec).apply(mode, dir, 022);
    }

    @Test
    void octalSetsTheBitsButKeepsADirectorysSetgidUnlessGivenFiveDigits() {
        assertThat(apply("640", 0777, false)).isEqualTo(0640);
        assertThat(apply("755", 02775, true)).isEqualTo(02755);
        assertThat(apply("00755", 02775, true)).isEqualTo(0755);
        assertThat(apply("755", 04755, false)).isEqualTo(0755);
    }

    @Test
    void symbolicChangesFollowGnuSemantics() {
        assertThat(apply("u+x,g-r,o=w", 0644, false)).isEqualTo(0702);
        assertThat(apply("go=u", 0640, false)).isEqualTo(0666);
        assertThat(apply("a=rX", 0644, false)).isEqualTo(0444);
        assertThat(apply("a=rX", 0744, false)).isEqualTo(0555);
        assertThat(apply("a=rX", 0600, true)).isEqualTo(0555);
        assertThat(apply("+t", 0755, true)).isEqualTo(01755);
        assertThat(apply("u+s,g+s", 0755, false)).isEqualTo(06755);
    }

    @Test
    void changesWithoutWhoAreMaskedByTheUmask() {
        assertThat(apply("+w", 0444, false)).isEqualTo(0644);
        assertThat(apply("-w", 0777, false)).isEqualTo(0577);
        assertThat(apply("=r", 0777, false)).isEqualTo(0444);
    }

    @Test
    void rejectsMalformedModes() {
        assertThat(ModeSpec.parse("8")).isNull();
        assertThat(ModeSpec.parse("77777")).isNull();
        assertThat(ModeSpec.parse("u=0")).isNull();
        assertThat(ModeSpec.parse("u+q")).isNull();
        assertThat(ModeSpec.parse("")).isNull();
        assertThat(ModeSpec.parse("=644")).isNotNull();
    }
}
