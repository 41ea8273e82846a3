package dev.shellbox.vfs.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class VolumeLimitsTest {
    final VolumeLimits limits = new VolumeLimits(1000, 10, 500, "pro");

    @Test
    void refusesGrowingPastTheByteLimitNamingPlanAndLimit() {
        assertThatThrownBy(() -> limits.checkTotals("/w/f", 1, 2, 900, 1001))
                .isInstanceOfSatisfying(QuotaExceededException.class, e -> {
                    assertThat(e.errno()).isEqualTo(Errno.ENOSPC);
                    assertThat(e.limit()).isEqualTo("storage_bytes");
                    assertThat(e.plan()).isEqualTo("pro");
                    assertThat(e.current()).isEqualTo(1001);
                    assertThat(e.maximum()).isEqualTo(1000);
                    assertThat(e.getMessage()).startsWith("/w/f: ");
                });
    }

    @Test
    void refusesGrowingPastTheEntryLimit() {
        assertThatThrownBy(() -> limits.checkTotals("/w/f", 10, 11, 0, 0))
                .isInstanceOfSatisfying(
                        QuotaExceededException.class, e -> assertThat(e.limit()).isEqualTo("volume_entries"));
    }

    @Test
    void letsAVolumeOverItsLimitShrink() {
        assertThatCode(() -> limits.checkTotals("/w/f", 20, 19, 5000, 4000)).doesNotThrowAnyException();
        assertThatCode(() -> limits.checkTotals("/w/f", 20, 20, 5000, 5000)).doesNotThrowAnyException();
    }

    @Test
    void refusesOneFileOverTheFileLimitWithEfbig() {
        assertThatThrownBy(() -> limits.checkFileSize("/w/big", 501))
                .isInstanceOfSatisfying(
                        QuotaExceededException.class, e -> assertThat(e.errno()).isEqualTo(Errno.EFBIG));
        assertThatCode(() -> limits.checkFileSize("/w/big", 500)).doesNotThrowAnyException();
    }
}
