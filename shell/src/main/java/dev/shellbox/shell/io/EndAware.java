package dev.shellbox.shell.io;

/** An input stream that can tell, without blocking, that no more data will come (a pipe whose writers are gone). */
public interface EndAware {
    boolean atEnd();
}
