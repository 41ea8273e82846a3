package dev.shellbox.shell.commands.data.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.commands.CommandTester;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SqliteCommandTest {

    @Test
    void keepsTheDatabaseInTheFileSystemAcrossRuns() {
        CommandTester t = CommandTester.create();
        CommandTester.Result create = t.run(
                "sqlite3", "app.db", "create table kv(k text primary key, v int); insert into kv values ('a', 1)");
        assertThat(create.status()).as(create.err()).isZero();
        assertThat(t.fs().exists("/work/app.db")).isTrue();
        assertThat(t.run("sqlite3", "app.db", "select k, v from kv").out()).isEqualTo("a|1\n");
    }

    @Test
    void leavesAnUnchangedDatabaseFileUntouched() throws Exception {
        CommandTester t = CommandTester.create();
        t.run("sqlite3", "app.db", "create table t(x)");
        Instant old = Instant.parse("2020-01-01T00:00:00Z");
        t.mtime("app.db", old);
        t.run("sqlite3", "app.db", "select count(*) from t");
        assertThat(t.fs().stat("/work/app.db").mtimeMillis()).isEqualTo(old.toEpochMilli());
    }

    @Test
    void readsSqlFromStdinWithDotCommands() {
        CommandTester.Result r = CommandTester.create()
                .stdin("create table t(a);\ninsert into t values (1), (2);\n.mode json\nselect sum(a) as s from t;\n")
                .run("sqlite3");
        assertThat(r.out()).isEqualTo("[{\"s\":3}]\n");
    }

    @Test
    void reportsAnUnopenableDatabasePath() {
        CommandTester.Result r = CommandTester.create().run("sqlite3", "missing-dir/x.db", "create table t(a)");
        assertThat(r.status()).isNotZero();
    }
}
