package dev.shellbox.shell.command;

import java.io.InputStream;
import java.io.OutputStream;

/**
 * The open file descriptors of the running command beyond stdin/stdout/stderr, for paths such as {@code /dev/fd/63}
 * that process substitution passes as arguments ({@code diff <(sort a) <(sort b)}).
 */
public interface FileDescriptors {
    FileDescriptors NONE = new FileDescriptors() {
        @Override
        public InputStream input(int fd) {
            return null;
        }

        @Override
        public OutputStream output(int fd) {
            return null;
        }
    };

    /** The readable stream open on {@code fd}, or null when it is not open for reading. */
    InputStream input(int fd);

    /** The writable stream open on {@code fd}, or null when it is not open for writing. */
    OutputStream output(int fd);
}
