package dev.shellbox.shell.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The contract in the writable part of a view with a host tree mounted and a mounted symlink beside it. */
class MountedFileSystemContractTest extends FileSystemContract {
    @TempDir
    Path temp;

    @Override
    FileSystem create() throws IOException {
        Files.createDirectories(temp.resolve("usr/bin"));
        Files.writeString(temp.resolve("usr/bin/tool"), "#!/bin/sh\n");
        return MountedFileSystem.over(new InMemoryFileSystem())
                .mount("/usr", HostDirectoryFileSystem.readOnly(temp.resolve("usr")))
                .symlink("/bin", "usr/bin")
                .build();
    }

    @Override
    String dir(FileSystem fs) throws IOException {
        fs.createDirectory("/t", 0755);
        return "/t";
    }
}
