package dev.shellbox.shell.commands.utils.date;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The tester's clock is fixed at 2024-01-02T03:04:05Z, a Tuesday. */
class DateCommandTest {

    private static String date(String tz, String... args) {
        CommandTester t = CommandTester.create();
        if (tz != null) {
            t.env("TZ", tz);
        }
        String[] argv = new String[args.length + 1];
        argv[0] = "date";
        System.arraycopy(args, 0, argv, 1, args.length);
        CommandTester.Result r = t.run(argv);
        return r.out() + r.err();
    }

    @Test
    void printsTheClocksTimeByDefault() {
        assertThat(date(null)).isEqualTo("Tue Jan  2 03:04:05 UTC 2024\n");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "now|2024-01-02 03:04:05",
                "''|2024-01-02 00:00:00",
                "today|2024-01-02 03:04:05",
                "yesterday|2024-01-01 03:04:05",
                "tomorrow|2024-01-03 03:04:05",
                "3 days ago|2023-12-30 03:04:05",
                "+1 hour|2024-01-02 04:04:05",
                "2 hours ago|2024-01-02 01:04:05",
                "next week|2024-01-09 03:04:05",
                "last month|2023-12-02 03:04:05",
                "10:00|2024-01-02 10:00:00",
                "Jan 5|2024-01-05 00:00:00",
                "12/25|2024-12-25 00:00:00",
                "monday|2024-01-08 00:00:00",
                "next monday|2024-01-08 00:00:00",
                "last monday|2024-01-01 00:00:00",
                "tuesday|2024-01-02 00:00:00",
                "next tuesday|2024-01-09 00:00:00",
                "last tuesday|2023-12-26 00:00:00",
                "this friday|2024-01-05 00:00:00",
                "second friday|2024-01-05 00:00:01",
                "third friday|2024-01-19 00:00:00",
                "monday 10:00|2024-01-08 10:00:00",
                "tomorrow 9am|2024-01-03 09:00:00",
                "1530|2024-01-02 15:30:00",
            })
    void resolvesRelativeDatesAgainstTheClock(String input, String expected) {
        assertThat(date(null, "-d", input, "+%F %T")).isEqualTo(expected + "\n");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "Europe/Paris|2024-07-02 03:04|2024-07-02 03:04:00 CEST +0200 +02:00 +02:00:00 +02",
                "Europe/Paris|2024-01-02 03:04|2024-01-02 03:04:00 CET +0100 +01:00 +01:00:00 +01",
                "Asia/Kolkata|2024-07-02 03:04|2024-07-02 03:04:00 IST +0530 +05:30 +05:30:00 +05:30",
                "America/St_Johns|2024-07-02 03:04|2024-07-02 03:04:00 NDT -0230 -02:30 -02:30:00 -02:30",
                "America/New_York|2024-11-03 01:30|2024-11-03 01:30:00 EDT -0400 -04:00 -04:00:00 -04",
                "EST5EDT|2024-07-01 00:00|2024-07-01 00:00:00 EDT -0400 -04:00 -04:00:00 -04",
                "UTC0|2024-07-01 00:00|2024-07-01 00:00:00 UTC +0000 +00:00 +00:00:00 +00",
                "<+03>-3|2024-07-01 00:00|2024-07-01 00:00:00 +03 +0300 +03:00 +03:00:00 +03",
                "XYZ-2:30|2024-07-01 00:00|2024-07-01 00:00:00 XYZ +0230 +02:30 +02:30:00 +02:30",
                ":Europe/Paris|2024-01-02 03:04|2024-01-02 03:04:00 CET +0100 +01:00 +01:00:00 +01",
                "Foo|2024-01-02 03:04|2024-01-02 03:04:00 Foo +0000 +00:00 +00:00:00 +00",
                "Nowhere/Zone|2024-01-02 03:04|2024-01-02 03:04:00 Nowhere +0000 +00:00 +00:00:00 +00",
                "CET-1CEST,M3.5.0,M10.5.0/3|2024-07-02 03:04|2024-07-02 03:04:00 CEST +0200 +02:00 +02:00:00 +02",
                "CET-1CEST,M3.5.0,M10.5.0/3|2024-12-02 03:04|2024-12-02 03:04:00 CET +0100 +01:00 +01:00:00 +01",
                "EST5EDT,M3.2.0,M11.1.0|2024-03-10 03:30|2024-03-10 03:30:00 EDT -0400 -04:00 -04:00:00 -04",
            })
    void readsTheZoneFromTz(String tz, String input, String expected) {
        assertThat(date(tz, "-d", input, "+%F %T %Z %z %:z %::z %:::z")).isEqualTo(expected + "\n");
    }

    @Test
    void rejectsALocalTimeSkippedByDaylightSaving() {
        assertThat(date("America/New_York", "-d", "2024-03-10 02:30"))
                .isEqualTo("date: invalid date \u20182024-03-10 02:30\u2019\n");
        assertThat(date("EST5EDT,M3.2.0,M11.1.0", "-d", "2024-03-10 02:30"))
                .isEqualTo("date: invalid date \u20182024-03-10 02:30\u2019\n");
    }

    @Test
    void utcOptionOverridesTz() {
        assertThat(date("Europe/Paris", "-u", "-d", "2024-01-02 10:00", "+%F %T %Z"))
                .isEqualTo("2024-01-02 10:00:00 UTC\n");
    }

    @Test
    void zoneInTheStringIsConvertedToTz() {
        assertThat(date("Europe/Paris", "-d", "2024-07-02 10:00 UTC", "+%F %T %Z"))
                .isEqualTo("2024-07-02 12:00:00 CEST\n");
    }

    @Test
    void referenceFileUsesItsModificationTime() {
        CommandTester t = CommandTester.create().file("f", "x");
        t.mtime("f", java.time.Instant.parse("2020-05-06T07:08:09.250Z"));
        assertThat(t.run("date", "-r", "f", "+%F %T.%3N").out()).isEqualTo("2020-05-06 07:08:09.250\n");
    }

    @Test
    void setOptionIsRefusedButPrintsTheDate() {
        CommandTester.Result r = CommandTester.create().run("date", "-s", "2020-01-01", "+%F");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.out()).isEqualTo("2020-01-01\n");
        assertThat(r.err()).isEqualTo("date: cannot set date: Operation not permitted\n");
    }

    @Test
    void hugeWidthsAreBounded() {
        assertThat(date(null, "-d", "@0", "+%99999999999d").length()).isLessThanOrEqualTo((1 << 20) + 1);
    }
}
