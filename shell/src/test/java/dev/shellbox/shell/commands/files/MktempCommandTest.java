package dev.shellbox.shell.commands.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import org.junit.jupiter.api.Test;

class MktempCommandTest {

    @Test
    void createsAPrivateFileUnderTmpByDefault() throws FsException {
        CommandTester t = CommandTester.create();
        CommandTester.Result r = t.run("mktemp");
        assertThat(r.status()).isZero();
        String path = r.out().strip();
        assertThat(path).matches("/tmp/tmp\\.[A-Za-z0-9]{10}");
        FileStat st = t.fs().stat(path);
        assertThat(st.isRegularFile()).isTrue();
        assertThat(st.mode()).isEqualTo(0600);
    }

    @Test
    void createsAPrivateDirectoryWithMinusD() throws FsException {
        CommandTester t = CommandTester.create();
        String path = t.run("mktemp", "-d").out().strip();
        assertThat(t.fs().stat(path).isDirectory()).isTrue();
        assertThat(t.fs().stat(path).mode()).isEqualTo(0700);
    }

    @Test
    void replacesTheTrailingXsAndKeepsASuffix() throws FsException {
        CommandTester t = CommandTester.create();
        String name = t.run("mktemp", "build-XXXXXX.log").out().strip();
        assertThat(name).matches("build-[A-Za-z0-9]{6}\\.log");
        assertThat(t.fs().exists("/work/" + name)).isTrue();
        String withSuffix = t.run("mktemp", "--suffix=.txt", "aXXX").out().strip();
        assertThat(withSuffix).matches("a[A-Za-z0-9]{3}\\.txt");
    }

    @Test
    void honoursTmpdirAndMinusP() {
        CommandTester t = CommandTester.create().dir("scratch").env("TMPDIR", "/work/scratch");
        assertThat(t.run("mktemp").out()).startsWith("/work/scratch/tmp.");
        assertThat(t.run("mktemp", "-p", "/tmp", "xXXX").out()).startsWith("/tmp/x");
        assertThat(t.run("mktemp", "-t", "yXXX").out()).startsWith("/work/scratch/y");
    }

    @Test
    void dryRunCreatesNothing() {
        CommandTester t = CommandTester.create();
        String name = t.run("mktemp", "-u", "zXXXXXX").out().strip();
        assertThat(t.fs().exists("/work/" + name)).isFalse();
    }
}
