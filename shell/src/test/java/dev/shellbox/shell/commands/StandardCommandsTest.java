package dev.shellbox.shell.commands;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.interp.Shell;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The standard registry holds every command the built-in command set promises, and each answers --help. */
class StandardCommandsTest {
    /**
     * The promised commands, one group a line: files and directories, text, search and edit, data, system view, network.
     */
    static final List<String> PROMISED = List.of("""
            ls cat cp mv rm mkdir rmdir touch ln chmod stat readlink realpath basename dirname find du df tree file
            mktemp truncate
            head tail wc sort uniq cut paste tr rev tac nl fold expand unexpand column join comm split strings od xxd
            cmp diff patch tee xargs seq shuf yes expr bc sleep timeout date
            grep egrep fgrep rg sed awk
            jq yq base64 md5sum sha1sum sha256sum sha512sum cksum gzip gunzip zcat tar zip unzip sqlite3
            env printenv which whoami id hostname uname nproc clear
            curl wget
            """.split("\\s+"));

    @Test
    void registersEveryPromisedCommand() {
        assertThat(PROMISED).hasSize(88).doesNotHaveDuplicates();
        assertThat(StandardCommands.registry().names()).containsAll(PROMISED);
    }

    @Test
    void aShellListsThePromisedCommandsBashShAndItsBuiltins() {
        Shell shell = Shell.builder()
                .fileSystem(new InMemoryFileSystem())
                .commands(StandardCommands.registry())
                .build();
        Set<String> names = shell.commandNames();
        assertThat(names).containsAll(PROMISED);
        assertThat(names).contains("bash", "sh", "cd", "export", "read", "source", "set", "test", "[", "printf");
    }

    @Test
    void everyPromisedCommandAnswersHelp() {
        for (String name : PROMISED) {
            CommandTester.Result r = CommandTester.create().run(name, "--help");
            assertThat(r.status()).as(name + " --help status").isZero();
            assertThat(r.out()).as(name + " --help").isNotBlank();
        }
    }
}
