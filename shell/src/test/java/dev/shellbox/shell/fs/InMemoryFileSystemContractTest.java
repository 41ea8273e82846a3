package dev.shellbox.shell.fs;

import java.io.IOException;

class InMemoryFileSystemContractTest extends FileSystemContract {
    @Override
    FileSystem create() {
        return new InMemoryFileSystem();
    }

    @Override
    String dir(FileSystem fs) throws IOException {
        fs.createDirectory("/t", 0755);
        return "/t";
    }
}
