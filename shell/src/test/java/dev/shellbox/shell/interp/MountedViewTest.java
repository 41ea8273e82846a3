package dev.shellbox.shell.interp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.shellbox.shell.fs.FileSystem;
import dev.shellbox.shell.fs.HostDirectoryFileSystem;
import dev.shellbox.shell.fs.InMemoryFileSystem;
import dev.shellbox.shell.fs.MountedFileSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Built-ins over a sandbox's view: the system directories of the host read-only, beside the volume. */
class MountedViewTest {
    @TempDir
    Path host;

    private ShellSession s;

    @BeforeEach
    void setUp() throws IOException {
        Files.createDirectories(host.resolve("usr/bin"));
        Files.createDirectories(host.resolve("usr/lib/python3"));
        Files.writeString(host.resolve("usr/bin/python3"), "#!binary\n");
        Files.writeString(host.resolve("usr/lib/python3/os.py"), "import sys\n");
        Files.writeString(host.resolve("os-release"), "NAME=\"Test Linux\"\n");
        InMemoryFileSystem volume = new InMemoryFileSystem();
        volume.createDirectory("/workspace", 0755);
        volume.createDirectory("/tmp", 01777);
        FileSystem view = MountedFileSystem.over(volume)
                .mount("/usr", HostDirectoryFileSystem.readOnly(host.resolve("usr")))
                .symlink("/bin", "usr/bin")
                .mount("/etc/os-release", HostDirectoryFileSystem.readOnly(host.resolve("os-release")))
                .build();
        s = new ShellSession(
                Shell.builder()
                        .environment(Map.of("HOME", "/workspace", "PATH", "/usr/bin:/bin"))
                        .workingDirectory("/workspace"),
                view);
    }

    @Test
    void builtinsReadTheSystemDirectories() {
        assertThat(s.output("cat /etc/os-release")).isEqualTo("NAME=\"Test Linux\"\n");
        assertThat(s.output("ls /usr/lib")).isEqualTo("python3\n");
        assertThat(s.output("cat /bin/python3")).isEqualTo("#!binary\n");
        assertThat(s.output("readlink /bin; ls / | tr '\\n' ' '"))
                .isEqualTo("usr/bin\nbin dev etc proc tmp usr workspace ");
    }

    @Test
    void theCommandDirectoriesListTheHostsProgramsAndTheBuiltinsTogether() {
        assertThat(s.output("ls /usr/bin").lines()).contains("python3", "grep", "sed");
        assertThat(s.output("ls /bin").lines()).contains("python3", "grep");
        assertThat(s.output("which grep; echo a | grep a")).isEqualTo("/usr/bin/grep\na\n");
    }

    @Test
    void writesToTheSystemDirectoriesAndNewTopLevelFilesFailWithEROFS() {
        ShellSession.Run r = s.run("echo x > /evil; echo $?; touch /usr/bin/x; rm -f /bin; mkdir /usr/new");

        assertThat(r.stdout()).isEqualTo("1\n");
        assertThat(r.stderr())
                .contains("/evil: Read-only file system")
                .contains("touch: cannot touch '/usr/bin/x': Read-only file system")
                .contains("rm: cannot remove '/bin': Read-only file system")
                .contains("mkdir: cannot create directory \u2018/usr/new\u2019: Read-only file system");
    }

    @Test
    void newTopLevelDirectoriesAndTheVolumesOwnAreWritable() {
        assertThat(s.output("mkdir /data && echo ok > /data/f && cat /data/f")).isEqualTo("ok\n");
        assertThat(s.output("cp /etc/os-release . && cat os-release")).isEqualTo("NAME=\"Test Linux\"\n");
        assertThat(s.output("ln -s /usr/lib/python3/os.py os.py && cat os.py")).isEqualTo("import sys\n");
    }
}
