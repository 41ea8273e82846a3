package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FileType;
import dev.shellbox.shell.fs.FsException;

/** The file tests of {@code test} and {@code [}, which {@code [[} shares. */
public final class FileTests {
    private FileTests() {}

    public static boolean isUnaryFileOperator(String op) {
        return op.length() == 2 && op.charAt(0) == '-' && "abcdefghkprstuwxGLNOS".indexOf(op.charAt(1)) >= 0;
    }

    public static boolean unary(BuiltinContext sh, String op, String operand) {
        if (op.equals("-t")) {
            return isTerminal(sh, operand);
        }
        if (operand.isEmpty()) {
            return false;
        }
        String abs = sh.resolvePath(operand);
        FileStat st;
        try {
            st = op.equals("-h") || op.equals("-L")
                    ? sh.fileSystem().lstat(abs)
                    : sh.fileSystem().stat(abs);
        } catch (FsException e) {
            return false;
        }
        int uid = sh.identity().uid();
        switch (op) {
            case "-a":
            case "-e":
                return true;
            case "-f":
                return st.type() == FileType.REGULAR;
            case "-d":
                return st.type() == FileType.DIRECTORY;
            case "-h":
            case "-L":
                return st.type() == FileType.SYMLINK;
            case "-s":
                return st.size() > 0;
            case "-p":
                return st.type() == FileType.FIFO;
            case "-c":
                return st.type() == FileType.CHARACTER_DEVICE;
            case "-b":
            case "-S":
                return false;
            case "-g":
                return (st.mode() & 02000) != 0;
            case "-u":
                return (st.mode() & 04000) != 0;
            case "-k":
                return (st.mode() & 01000) != 0;
            case "-O":
                return st.uid() == uid;
            case "-G":
                return st.gid() == sh.identity().gid();
            case "-N":
                return st.mtimeMillis() > st.atimeMillis();
            case "-r":
                return permitted(st, uid, 4);
            case "-w":
                return permitted(st, uid, 2);
            case "-x":
                return permitted(st, uid, 1) || (uid == 0 && (st.isDirectory() || (st.mode() & 0111) != 0));
            default:
                return false;
        }
    }

    private static boolean permitted(FileStat st, int uid, int bit) {
        if (uid == 0) {
            return bit != 1 || (st.mode() & 0111) != 0;
        }
        if (st.uid() == uid) {
            return (st.mode() & (bit << 6)) != 0;
        }
        return (st.mode() & bit) != 0 || (st.mode() & (bit << 3)) != 0;
    }

    private static boolean isTerminal(BuiltinContext sh, String operand) {
        int fd;
        try {
            fd = Integer.parseInt(operand.strip());
        } catch (NumberFormatException e) {
            return false;
        }
        return sh.isTerminal(fd);
    }

    public static boolean binary(BuiltinContext sh, String op, String left, String right) {
        String a = sh.resolvePath(left);
        String b = sh.resolvePath(right);
        FileStat sa = null;
        FileStat sb = null;
        try {
            sa = sh.fileSystem().stat(a);
        } catch (FsException e) {
            // missing
        }
        try {
            sb = sh.fileSystem().stat(b);
        } catch (FsException e) {
            // missing
        }
        switch (op) {
            case "-nt":
                return sa != null && (sb == null || sa.mtimeMillis() > sb.mtimeMillis());
            case "-ot":
                return sb != null && (sa == null || sa.mtimeMillis() < sb.mtimeMillis());
            default: // -ef
                return sa != null && sb != null && sa.inode() == sb.inode();
        }
    }
}
