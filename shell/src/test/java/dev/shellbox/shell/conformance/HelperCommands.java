package dev.shellbox.shell.conformance;

import dev.shellbox.shell.command.Command;
import dev.shellbox.shell.command.CommandContext;
import dev.shellbox.shell.io.Text;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * In-process stand-ins for the suite's Python helpers (argv.py, printenv.py, stdout_stderr.py, read_from_fd.py),
 * with the same output, so that cases using them run without a host Python.
 */
final class HelperCommands {
    private HelperCommands() {}

    static List<Command> all() {
        return List.of(new Argv(), new PrintEnv(), new StdoutStderr(), new ReadFromFd());
    }

    private abstract static class Helper implements Command {
        @Override
        public String help() {
            return "test helper";
        }
    }

    /** {@code argv.py}: the arguments as a Python 2 list of byte strings. */
    static final class Argv extends Helper {
        @Override
        public String name() {
            return "argv.py";
        }

        @Override
        public int run(CommandContext ctx, List<String> args) throws IOException {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < args.size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                sb.append(pythonBytesRepr(Text.encode(args.get(i))));
            }
            sb.append("]\n");
            ctx.stdout().write(sb.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            ctx.stdout().flush();
            return 0;
        }
    }

    /** Python's repr of a bytes value without the b prefix. */
    static String pythonBytesRepr(byte[] b) {
        boolean hasSingle = false;
        boolean hasDouble = false;
        for (byte x : b) {
            hasSingle |= x == '\'';
            hasDouble |= x == '"';
        }
        char quote = hasSingle && !hasDouble ? '"' : '\'';
        StringBuilder sb = new StringBuilder().append(quote);
        for (byte x : b) {
            int c = x & 0xff;
            if (c == quote || c == '\\') {
                sb.append('\\').append((char) c);
            } else if (c == '\t') {
                sb.append("\\t");
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c < 0x20 || c >= 0x7f) {
                sb.append(String.format("\\x%02x", c));
            } else {
                sb.append((char) c);
            }
        }
        return sb.append(quote).toString();
    }

    /** {@code printenv.py NAME...}: each variable's value, or None. */
    static final class PrintEnv extends Helper {
        @Override
        public String name() {
            return "printenv.py";
        }

        @Override
        public int run(CommandContext ctx, List<String> args) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (String name : args) {
                String v = ctx.env(name);
                Text.encodeTo(v == null ? "None" : v, out);
                out.write('\n');
            }
            out.writeTo(ctx.stdout());
            ctx.stdout().flush();
            return 0;
        }
    }

    /** {@code stdout_stderr.py [OUT [ERR [STATUS]]]}. */
    static final class StdoutStderr extends Helper {
        @Override
        public String name() {
            return "stdout_stderr.py";
        }

        @Override
        public int run(CommandContext ctx, List<String> args) throws IOException {
            String out = args.size() > 0 ? args.get(0) : "STDOUT";
            String err = args.size() > 1 ? args.get(1) : "STDERR";
            int status = args.size() > 2 ? Integer.parseInt(args.get(2)) : 0;
            ctx.stderr().write(Text.encode(err + "\n"));
            ctx.stderr().flush();
            ctx.stdout().write(Text.encode(out + "\n"));
            ctx.stdout().flush();
            return status;
        }
    }

    /** {@code read_from_fd.py FD...}: up to 1024 bytes from each descriptor, as "FD: DATA". */
    static final class ReadFromFd extends Helper {
        @Override
        public String name() {
            return "read_from_fd.py";
        }

        @Override
        public int run(CommandContext ctx, List<String> args) throws IOException {
            OutputStream o = ctx.stdout();
            for (String arg : args) {
                int fd = Integer.parseInt(arg);
                InputStream in = fd == 0 ? ctx.stdin() : ctx.fds().input(fd);
                if (in == null) {
                    o.flush();
                    ctx.stderr()
                            .write(Text.encode(
                                    "FATAL: Error reading from fd " + fd + ": [Errno 9] Bad file descriptor\n"));
                    return 1;
                }
                byte[] buf = new byte[1024];
                int n = in.read(buf);
                o.write(Text.encode(fd + ": "));
                if (n > 0) {
                    o.write(buf, 0, n);
                }
            }
            o.flush();
            return 0;
        }
    }
}
