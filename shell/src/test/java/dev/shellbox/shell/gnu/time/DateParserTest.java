package dev.shellbox.shell.gnu.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class DateParserTest {
    /** A Sunday. */
    private static final Instant NOW = Instant.parse("2026-11-29T14:16:49Z");

    private static String parse(String text) {
        Instant t = DateParser.tryParse(text, NOW, TimeZoneSpec.UTC);
        return t == null ? null : t.toString();
    }

    @Test
    void parsesAbsoluteForms() {
        assertThat(parse("2024-01-02")).isEqualTo("2024-01-02T00:00:00Z");
        assertThat(parse("2024-01-02 03:04:05.5")).isEqualTo("2024-01-02T03:04:05.500Z");
        assertThat(parse("2024-01-02T03:04:05Z")).isEqualTo("2024-01-02T03:04:05Z");
        assertThat(parse("2024-01-02 03:04:05 +0100")).isEqualTo("2024-01-02T02:04:05Z");
        assertThat(parse("01/02/2024")).isEqualTo("2024-01-02T00:00:00Z");
        assertThat(parse("20240102")).isEqualTo("2024-01-02T00:00:00Z");
        assertThat(parse("5 Jan 2020 10:00")).isEqualTo("2020-01-05T10:00:00Z");
        assertThat(parse("Jan 5")).isEqualTo("2026-01-05T00:00:00Z");
        assertThat(parse("@1700000000")).isEqualTo("2023-11-14T22:13:20Z");
        assertThat(parse("2024/01/02")).isEqualTo("2024-01-02T00:00:00Z");
        assertThat(parse("Mon Jan  1 00:00:00 UTC 2024")).isEqualTo("2024-01-01T00:00:00Z");
    }

    @Test
    void parsesTimesOfDay() {
        assertThat(parse("2:30pm")).isEqualTo("2026-11-29T14:30:00Z");
        assertThat(parse("12am")).isEqualTo("2026-11-29T00:00:00Z");
        assertThat(parse("1530")).isEqualTo("2026-11-29T15:30:00Z");
    }

    @Test
    void parsesRelativeItemsAsGnuDoes() {
        assertThat(parse("now")).isEqualTo("2026-11-29T14:16:49Z");
        assertThat(parse("yesterday")).isEqualTo("2026-11-28T14:16:49Z");
        assertThat(parse("tomorrow 12:00")).isEqualTo("2026-11-30T12:00:00Z");
        assertThat(parse("1 week ago")).isEqualTo("2026-11-22T14:16:49Z");
        assertThat(parse("+2 hours")).isEqualTo("2026-11-29T16:16:49Z");
        assertThat(parse("3 months")).isEqualTo("2027-03-01T14:16:49Z");
        assertThat(parse("2024-01-31 +1 month")).isEqualTo("2024-03-02T00:00:00Z");
        assertThat(parse("last month")).isEqualTo("2026-10-29T14:16:49Z");
        assertThat(parse("fortnight")).isEqualTo("2026-12-13T14:16:49Z");
    }

    @Test
    void parsesWeekdays() {
        assertThat(parse("monday")).isEqualTo("2026-11-30T00:00:00Z");
        assertThat(parse("next monday")).isEqualTo("2026-11-30T00:00:00Z");
        assertThat(parse("last friday")).isEqualTo("2026-11-27T00:00:00Z");
        assertThat(parse("sunday")).isEqualTo("2026-11-29T00:00:00Z");
        assertThat(parse("next sunday")).isEqualTo("2026-12-06T00:00:00Z");
    }

    @Test
    void rejectsWhatGnuRejects() {
        assertThat(parse("bogus")).isNull();
        assertThat(parse("2020-02-30")).isNull();
        assertThat(parse("2024-01-02 24:00")).isNull();
    }
}
