package dev.shellbox.shell.interp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * An open file description shared by the descriptors that refer to it ({@code 2>&1} makes two descriptors share one).
 * Reference counted: the streams are closed when the last table holding it lets go, except for the streams the
 * embedder passed in, which are only flushed.
 */
final class FdEntry {
    final InputStream in;
    final OutputStream out;
    /** What {@code /proc/self/fd/N} points to. */
    final String path;

    private final boolean owned;
    /**
     * Which of the streams the embedder passed to the execution this is (0, 1 or 2; escalated programs may inherit
     * it), or -1.
     */
    final int rootFd;

    private int refs = 1;

    FdEntry(InputStream in, OutputStream out, String path, boolean owned) {
        this(in, out, path, owned, -1);
    }

    FdEntry(InputStream in, OutputStream out, String path, boolean owned, int rootFd) {
        this.in = in;
        this.out = out;
        this.path = path;
        this.owned = owned;
        this.rootFd = rootFd;
    }

    synchronized FdEntry retain() {
        refs++;
        return this;
    }

    void release() {
        boolean close;
        synchronized (this) {
            close = --refs == 0;
        }
        if (close) {
            closeStreams();
        }
    }

    private void closeStreams() {
        try {
            if (out != null) {
                if (owned) {
                    out.close();
                } else {
                    out.flush();
                }
            }
        } catch (IOException e) {
            // closing a broken pipe or a removed file: nothing left to do
        }
        try {
            if (in != null && owned) {
                in.close();
            }
        } catch (IOException e) {
            // as above
        }
    }
}
