package dev.shellbox.shell.fs;

public enum FileType {
    REGULAR,
    DIRECTORY,
    SYMLINK,
    /** Devices such as /dev/null. */
    CHARACTER_DEVICE,
    FIFO;

    /** The letter {@code ls -l} and {@code stat %A} show first. */
    public char lsChar() {
        return switch (this) {
            case REGULAR -> '-';
            case DIRECTORY -> 'd';
            case SYMLINK -> 'l';
            case CHARACTER_DEVICE -> 'c';
            case FIFO -> 'p';
        };
    }
}
