package dev.shellbox.shell.interp;

import dev.shellbox.shell.expand.ExpansionError;
import dev.shellbox.shell.fs.Errno;
import dev.shellbox.shell.fs.FileStat;
import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.fs.PathNames;
import dev.shellbox.shell.fs.WriteMode;
import dev.shellbox.shell.interp.builtins.ResourceLimits;
import dev.shellbox.shell.io.Text;
import dev.shellbox.shell.syntax.HereDoc;
import dev.shellbox.shell.syntax.Redirect;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/** Applies redirections to a descriptor table, opening files through the file system. */
final class Redirections {
    private Redirections() {}

    /** Applies {@code redirects} in order; prints the error and returns false when one fails. */
    static boolean apply(Interpreter sh, List<Redirect> redirects, FdTable t) {
        for (Redirect r : redirects) {
            if (!applyOne(sh, r, t)) {
                return false;
            }
        }
        return true;
    }

    private static boolean applyOne(Interpreter sh, Redirect r, FdTable t) {
        int fd = r.effectiveFd();
        Redirect.Operator op = r.operator();
        String varName = r.fdVariable();
        if (varName != null) {
            boolean closing = (op == Redirect.Operator.DUP_OUTPUT || op == Redirect.Operator.DUP_INPUT)
                    && "-".equals(r.target().literalText());
            if (closing) {
                dev.shellbox.shell.expand.ShellVariable v = sh.variable(varName);
                String value = v == null ? null : v.scalarValue();
                try {
                    fd = Integer.parseInt(value == null ? "" : value.strip());
                } catch (NumberFormatException e) {
                    sh.errorLine(varName + ": ambiguous redirect");
                    return false;
                }
            } else {
                fd = t.free(10);
                if (!Vars.assign(sh, varName, Integer.toString(fd))) {
                    return false;
                }
            }
        }
        switch (op) {
            case HEREDOC: {
                HereDoc doc = r.hereDoc();
                String body = doc.body() == null
                        ? ""
                        : doc.quoted() ? doc.body().unquotedText() : sh.expander.expandQuoted(doc.body());
                t.set(fd, new FdEntry(new ByteArrayInputStream(Text.encode(body)), null, "pipe:[heredoc]", true));
                return true;
            }
            case HERESTRING: {
                String s = sh.expander.expandString(r.target()) + "\n";
                t.set(fd, new FdEntry(new ByteArrayInputStream(Text.encode(s)), null, "pipe:[herestring]", true));
                return true;
            }
            case DUP_INPUT:
            case DUP_OUTPUT:
                return duplicate(sh, r, fd, t);
            default:
                break;
        }
        String path = target(sh, r);
        if (path == null) {
            return false;
        }
        return openFile(sh, op, fd, path, t, r.fd() < 0 && varName == null);
    }

    /** The single word a redirection target expands to, or null (error printed) when ambiguous. */
    private static String target(Interpreter sh, Redirect r) {
        List<String> words = new ArrayList<>();
        sh.expander.expandWordInto(r.target(), words);
        if (words.size() != 1) {
            sh.errorLine(r.target() + ": ambiguous redirect");
            return null;
        }
        return words.get(0);
    }

    private static boolean duplicate(Interpreter sh, Redirect r, int fd, FdTable t) {
        String target = sh.expander.expandString(r.target());
        if (target.equals("-")) {
            t.close(fd);
            return true;
        }
        boolean move = target.endsWith("-") && target.length() > 1;
        String digits = move ? target.substring(0, target.length() - 1) : target;
        if (!digits.isEmpty() && digits.chars().allMatch(Character::isDigit) && digits.length() < 10) {
            int src = Integer.parseInt(digits);
            FdEntry e = t.get(src);
            if (e == null) {
                e = sh.st.fds.get(src);
            }
            if (e == null) {
                sh.errorLine(digits + ": Bad file descriptor");
                return false;
            }
            if (src != fd) {
                t.set(fd, e.retain());
                if (move) {
                    t.close(src);
                }
            }
            return true;
        }
        if (r.operator() == Redirect.Operator.DUP_OUTPUT && r.fd() < 0) {
            // >&file is &>file
            List<String> words = new ArrayList<>();
            sh.expander.expandWordInto(r.target(), words);
            if (words.size() != 1) {
                sh.errorLine(r.target() + ": ambiguous redirect");
                return false;
            }
            return openFile(sh, Redirect.Operator.OUTPUT_BOTH, 1, words.get(0), t, true);
        }
        sh.errorLine(target + ": ambiguous redirect");
        return false;
    }

    /** Opens a path for a redirection; {@code /dev/std*} and {@code /dev/fd/N} duplicate open descriptors. */
    static boolean openFile(Interpreter sh, Redirect.Operator op, int fd, String path, FdTable t, boolean defaultFd) {
        String abs = sh.resolvePath(path);
        int special = PathNames.descriptorOf(abs);
        if (special >= 0) {
            FdEntry e = t.get(special);
            if (e == null) {
                e = sh.st.fds.get(special);
            }
            if (e == null) {
                sh.errorLine(path + ": No such file or directory");
                return false;
            }
            e.retain();
            if (op == Redirect.Operator.OUTPUT_BOTH || op == Redirect.Operator.APPEND_BOTH) {
                t.set(1, e);
                t.set(2, e.retain());
            } else {
                t.set(fd, e);
            }
            return true;
        }
        long[] nofile = ResourceLimits.current(sh.st.limits, 'n');
        if (nofile[0] <= t.free(3)) {
            sh.errorLine(path + ": Too many open files");
            return false;
        }
        try {
            FdEntry entry;
            switch (op) {
                case INPUT: {
                    FileStat stat = sh.session.fs.stat(abs);
                    InputStream in = stat.isDirectory() ? new DirectoryInput() : sh.session.fs.newInputStream(abs);
                    entry = new FdEntry(in, null, abs, true);
                    break;
                }
                case READ_WRITE: {
                    OutputStream out = sh.session.fs.newOutputStream(abs, WriteMode.OVERWRITE, 0666 & ~sh.st.umask);
                    InputStream in = sh.session.fs.newInputStream(abs);
                    entry = new FdEntry(in, out, abs, true);
                    break;
                }
                default: {
                    WriteMode mode = op == Redirect.Operator.APPEND || op == Redirect.Operator.APPEND_BOTH
                            ? WriteMode.APPEND
                            : WriteMode.TRUNCATE;
                    if (mode == WriteMode.TRUNCATE && op != Redirect.Operator.CLOBBER && sh.st.options.noclobber) {
                        try {
                            FileStat st = sh.session.fs.stat(abs);
                            if (st.isRegularFile()) {
                                sh.errorLine(path + ": cannot overwrite existing file");
                                return false;
                            }
                        } catch (FsException e) {
                            mode = WriteMode.EXCLUSIVE;
                        }
                    }
                    OutputStream out = sh.session.fs.newOutputStream(abs, mode, 0666 & ~sh.st.umask);
                    long maxSize = ResourceLimits.fileSizeLimit(sh.st.limits);
                    if (maxSize != ResourceLimits.UNLIMITED) {
                        long start = mode == WriteMode.APPEND
                                ? sh.session.fs.stat(abs).size()
                                : 0;
                        out = new SizeLimitedOutput(out, maxSize - start);
                    }
                    entry = new FdEntry(null, out, abs, true);
                }
            }
            if (op == Redirect.Operator.OUTPUT_BOTH || op == Redirect.Operator.APPEND_BOTH) {
                t.set(1, entry);
                t.set(2, entry.retain());
            } else {
                t.set(fd, entry);
            }
            return true;
        } catch (FsException e) {
            sh.errorLine(path + ": " + e.errno().message());
            return false;
        } catch (ExpansionError e) {
            throw e;
        }
    }

    /** A file written under {@code ulimit -f}: going past the limit raises SIGXFSZ. */
    static final class SizeLimitedOutput extends java.io.FilterOutputStream {
        private long remaining;

        SizeLimitedOutput(OutputStream out, long remaining) {
            super(out);
            this.remaining = remaining;
        }

        @Override
        public void write(int b) throws java.io.IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            if (len > remaining) {
                int part = (int) Math.max(0, remaining);
                out.write(b, off, part);
                remaining = 0;
                throw new Interpreter.ProcessKilled(25);
            }
            remaining -= len;
            out.write(b, off, len);
        }
    }

    /** An input opened on a directory: reading fails as read(2) does. */
    static final class DirectoryInput extends InputStream {
        @Override
        public int read() throws FsException {
            throw new FsException(Errno.EISDIR, "");
        }
    }
}
