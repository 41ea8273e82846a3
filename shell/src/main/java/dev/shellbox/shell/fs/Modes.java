package dev.shellbox.shell.fs;

/** Permission bits and their text forms. */
public final class Modes {
    public static final int DEFAULT_FILE = 0644;
    public static final int DEFAULT_DIRECTORY = 0755;
    public static final int DEFAULT_UMASK = 022;

    private Modes() {}

    public static String toString(FileType type, int mode) {
        char[] c = new char[10];
        c[0] = type.lsChar();
        String rwx = "rwxrwxrwx";
        for (int i = 0; i < 9; i++) {
            c[i + 1] = (mode & (1 << (8 - i))) != 0 ? rwx.charAt(i) : '-';
        }
        if ((mode & 04000) != 0) c[3] = c[3] == 'x' ? 's' : 'S';
        if ((mode & 02000) != 0) c[6] = c[6] == 'x' ? 's' : 'S';
        if ((mode & 01000) != 0) c[9] = c[9] == 'x' ? 't' : 'T';
        return new String(c);
    }
}
