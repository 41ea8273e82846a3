package dev.shellbox.shell.interp;

import dev.shellbox.shell.command.FileDescriptors;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/** The open file descriptors of one shell process. Copies share entries (reference counted). */
final class FdTable implements FileDescriptors {
    private FdEntry[] entries;

    FdTable() {
        entries = new FdEntry[10];
    }

    private FdTable(FdEntry[] entries) {
        this.entries = entries;
    }

    /** A copy holding references to the same entries. */
    FdTable copy() {
        FdEntry[] c = Arrays.copyOf(entries, entries.length);
        for (FdEntry e : c) {
            if (e != null) {
                e.retain();
            }
        }
        return new FdTable(c);
    }

    /** Lets go of every entry. */
    void release() {
        for (int i = 0; i < entries.length; i++) {
            if (entries[i] != null) {
                entries[i].release();
                entries[i] = null;
            }
        }
    }

    FdEntry get(int fd) {
        return fd >= 0 && fd < entries.length ? entries[fd] : null;
    }

    /** Installs {@code e} (whose reference the table takes over) at {@code fd}, releasing what was there. */
    void set(int fd, FdEntry e) {
        if (fd >= entries.length) {
            entries = Arrays.copyOf(entries, Math.max(fd + 1, entries.length * 2));
        }
        FdEntry old = entries[fd];
        entries[fd] = e;
        if (old != null) {
            old.release();
        }
    }

    void close(int fd) {
        set(fd, null);
    }

    /** The lowest free descriptor at or above {@code from}. */
    int free(int from) {
        for (int i = from; ; i++) {
            if (get(i) == null) {
                return i;
            }
        }
    }

    /** The highest free descriptor at or below {@code from} (process substitution uses 63 downward). */
    int freeDownFrom(int from) {
        for (int i = from; i > 2; i--) {
            if (get(i) == null) {
                return i;
            }
        }
        return free(from + 1);
    }

    int size() {
        return entries.length;
    }

    @Override
    public InputStream input(int fd) {
        FdEntry e = get(fd);
        return e == null ? null : e.in;
    }

    @Override
    public OutputStream output(int fd) {
        FdEntry e = get(fd);
        return e == null ? null : e.out;
    }
}
