package dev.shellbox.shell.commands.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TouchCommandTest {
    private static final Instant OLD = Instant.parse("2020-05-06T07:08:09Z");

    private static FileStat stat(CommandTester t, String path) throws FsException {
        return t.fs().stat("/work/" + path);
    }

    @Test
    void setsBothTimesToNowByDefault() throws FsException {
        CommandTester t = CommandTester.create().file("f", "x").mtime("f", OLD);
        assertThat(t.run("touch", "f").status()).isZero();
        assertThat(stat(t, "f").mtimeMillis()).isEqualTo(CommandTester.NOW.toEpochMilli());
        assertThat(stat(t, "f").atimeMillis()).isEqualTo(CommandTester.NOW.toEpochMilli());
    }

    @Test
    void createsAnEmptyFileWithTheUmaskApplied() throws FsException {
        CommandTester t = CommandTester.create();
        assertThat(t.run("touch", "new").status()).isZero();
        assertThat(stat(t, "new").size()).isZero();
        assertThat(stat(t, "new").mode()).isEqualTo(0644);
    }

    @Test
    void parsesIsoDatesWithTimeAndZone() throws FsException {
        CommandTester t = CommandTester.create().file("f", "x");
        t.run("touch", "-d", "2024-01-02T03:04:05+01:00", "f");
        assertThat(stat(t, "f").mtimeMillis())
                .isEqualTo(Instant.parse("2024-01-02T02:04:05Z").toEpochMilli());
    }

    @Test
    void parsesRelativeDatesAgainstTheClock() throws FsException {
        CommandTester t = CommandTester.create().file("f", "x");
        t.run("touch", "-d", "2 days ago", "f");
        assertThat(stat(t, "f").mtimeMillis())
                .isEqualTo(Instant.parse("2023-12-31T03:04:05Z").toEpochMilli());
        t.run("touch", "-d", "yesterday 12:30", "f");
        assertThat(stat(t, "f").mtimeMillis())
                .isEqualTo(Instant.parse("2024-01-01T12:30:00Z").toEpochMilli());
        t.run("touch", "-d", "@1700000000", "f");
        assertThat(stat(t, "f").mtimeMillis()).isEqualTo(1_700_000_000_000L);
    }

    @Test
    void parsesTheStampOfMinusT() throws FsException {
        CommandTester t = CommandTester.create().file("f", "x");
        t.run("touch", "-t", "202306071234.56", "f");
        assertThat(stat(t, "f").mtimeMillis())
                .isEqualTo(Instant.parse("2023-06-07T12:34:56Z").toEpochMilli());
        t.run("touch", "-t", "6901010000", "f");
        assertThat(stat(t, "f").mtimeMillis())
                .isEqualTo(Instant.parse("1969-01-01T00:00:00Z").toEpochMilli());
        t.run("touch", "-t", "02031415", "f");
        assertThat(stat(t, "f").mtimeMillis())
                .isEqualTo(Instant.parse("2024-02-03T14:15:00Z").toEpochMilli());
    }

    @Test
    void minusAChangesOnlyTheAccessTime() throws FsException {
        CommandTester t = CommandTester.create().file("f", "x").mtime("f", OLD);
        t.run("touch", "-a", "-d", "2022-01-01", "f");
        assertThat(stat(t, "f").mtimeMillis()).isEqualTo(OLD.toEpochMilli());
        assertThat(stat(t, "f").atimeMillis())
                .isEqualTo(Instant.parse("2022-01-01T00:00:00Z").toEpochMilli());
    }

    @Test
    void minusMChangesOnlyTheModificationTime() throws FsException {
        CommandTester t = CommandTester.create().file("f", "x").mtime("f", OLD);
        t.run("touch", "--time=mtime", "-d", "2022-01-01", "f");
        assertThat(stat(t, "f").mtimeMillis())
                .isEqualTo(Instant.parse("2022-01-01T00:00:00Z").toEpochMilli());
        assertThat(stat(t, "f").atimeMillis()).isEqualTo(OLD.toEpochMilli());
    }

    @Test
    void copiesTheTimesOfAReferenceAndAdjustsThemWithMinusD() throws FsException {
        CommandTester t =
                CommandTester.create().file("ref", "r").mtime("ref", OLD).file("f", "x");
        t.run("touch", "-r", "ref", "f");
        assertThat(stat(t, "f").mtimeMillis()).isEqualTo(OLD.toEpochMilli());
        t.run("touch", "-r", "ref", "-d", "+1 day", "f");
        assertThat(stat(t, "f").mtimeMillis()).isEqualTo(OLD.plusSeconds(86400).toEpochMilli());
    }

    @Test
    void usesTheTimeZoneOfTz() throws FsException {
        CommandTester t = CommandTester.create().env("TZ", "Europe/Paris").file("f", "x");
        t.run("touch", "-d", "2024-07-01 12:00", "f");
        assertThat(stat(t, "f").mtimeMillis())
                .isEqualTo(Instant.parse("2024-07-01T10:00:00Z").toEpochMilli());
    }
}
