package dev.shellbox.vfs.service;

/** A compare-and-swap write found the file changed since it was read; the caller starts over. */
class ConcurrentChangeException extends RuntimeException {
    ConcurrentChangeException(String path) {
        super(path + " changed concurrently");
    }
}
