package dev.shellbox.shell.fs;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The contract on the host's own file system, as the CLI uses it, in a temporary directory. */
class HostFileSystemContractTest extends FileSystemContract {
    @TempDir
    Path temp;

    @Override
    FileSystem create() {
        return new HostFileSystem();
    }

    @Override
    String dir(FileSystem fs) {
        return temp.toAbsolutePath().toString();
    }
}
