package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.interp.Variable;
import dev.shellbox.shell.io.EndAware;
import dev.shellbox.shell.io.Text;
import dev.shellbox.shell.syntax.Names;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/** {@code read [-ers] [-a array] [-d delim] [-i text] [-n n] [-N n] [-p prompt] [-t timeout] [-u fd] [name ...]}. */
final class ReadBuiltin implements Builtin {
    private static final String USAGE =
            "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt]"
                    + " [-t timeout] [-u fd] [name ...]";

    @Override
    public int run(BuiltinContext sh, List<String> argv) throws IOException {
        boolean raw = false;
        String array = null;
        int delim = '\n';
        int nchars = -1;
        boolean exact = false;
        String prompt = null;
        double timeout = -1;
        int fd = 0;
        BuiltinOptions o = new BuiltinOptions(argv, "ersa:d:i:n:p:t:u:N:", USAGE);
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            String value = o.argument();
            switch (c) {
                case 'r' -> raw = true;
                case 's', 'e', 'i' -> {}
                case 'a' -> array = value;
                case 'd' -> delim = value.isEmpty() ? 0 : Text.encode(value.substring(0, 1))[0] & 0xff;
                case 'n', 'N' -> {
                    try {
                        nchars = Integer.parseInt(value);
                    } catch (NumberFormatException e) {
                        sh.error("read", value + ": invalid number");
                        return 1;
                    }
                    if (nchars < 0) {
                        sh.error("read", value + ": invalid number");
                        return 1;
                    }
                    exact = c == 'N';
                }
                case 'p' -> prompt = value;
                case 't' -> {
                    try {
                        timeout = Double.parseDouble(value);
                    } catch (NumberFormatException e) {
                        sh.error("read", value + ": invalid timeout specification");
                        return 1;
                    }
                }
                case 'u' -> {
                    try {
                        fd = Integer.parseInt(value);
                    } catch (NumberFormatException e) {
                        sh.error("read", value + ": invalid file descriptor specification");
                        return 1;
                    }
                }
                default -> {
                    return o.fail(sh);
                }
            }
        }
        List<String> names = new ArrayList<>(o.operands());
        for (String name : names) {
            if (!Names.isName(name.replaceAll("\\[.*\\]$", ""))) {
                sh.error("read", "`" + name + "': not a valid identifier");
                return 1;
            }
        }
        if (array != null && !Names.isName(array)) {
            sh.error("read", "`" + array + "': not a valid identifier");
            return 1;
        }
        InputStream in = sh.input(fd);
        if (in == null) {
            sh.error("read", fd + ": invalid file descriptor: Bad file descriptor");
            return 1;
        }
        if (prompt != null && sh.isTerminal(fd)) {
            sh.writeErr(prompt);
        }
        if (timeout == 0) {
            // whether a read would not block: data is there, or the end is (as select(2) says for /dev/null)
            return in.available() > 0 || isAtEof(in) ? 0 : 1;
        }
        Line line = readInput(sh, in, delim, nchars, exact, raw, timeout);
        if (line.timedOut) {
            assignResult(sh, names, array, line, exact);
            return 142;
        }
        assignResult(sh, names, array, line, exact);
        boolean complete = line.sawDelimiter || nchars == 0 || (nchars > 0 && line.count >= nchars);
        return complete ? 0 : 1;
    }

    /** The characters read, with a flag per character telling whether a backslash protected it. */
    static final class Line {
        final StringBuilder text = new StringBuilder();
        final StringBuilder escaped = new StringBuilder();
        boolean sawDelimiter;
        boolean timedOut;
        int count;
    }

    private static Line readInput(
            BuiltinContext sh, InputStream in, int delim, int nchars, boolean exact, boolean raw, double timeout)
            throws IOException {
        Line line = new Line();
        if (nchars == 0) {
            return line;
        }
        long deadline = timeout > 0 ? System.nanoTime() + (long) (timeout * 1e9) : 0;
        ByteArrayOutputStream pending = new ByteArrayOutputStream();
        boolean escapeNext = false;
        while (true) {
            sh.checkCancelled();
            if (deadline != 0) {
                while (in.available() == 0) {
                    if (System.nanoTime() > deadline) {
                        line.timedOut = true;
                        return line;
                    }
                    sh.sleep(5);
                    if (in.available() == 0 && isAtEof(in)) {
                        break;
                    }
                }
            }
            int b = in.read();
            if (b < 0) {
                break;
            }
            if (!exact && b == delim && !escapeNext) {
                line.sawDelimiter = true;
                break;
            }
            if (b == 0) {
                // shell strings cannot hold NUL bytes
                continue;
            }
            if (!raw && !escapeNext && b == '\\') {
                escapeNext = true;
                continue;
            }
            if (escapeNext && b == '\n') {
                escapeNext = false;
                continue;
            }
            pending.write(b);
            String decoded = completeChar(pending);
            if (decoded == null) {
                continue;
            }
            line.text.append(decoded);
            for (int k = 0; k < decoded.length(); k++) {
                line.escaped.append(escapeNext ? '1' : '0');
            }
            escapeNext = false;
            line.count++;
            if (nchars > 0 && line.count >= nchars) {
                break;
            }
        }
        if (pending.size() > 0) {
            String rest = Text.decode(pending.toByteArray());
            line.text.append(rest);
            for (int k = 0; k < rest.length(); k++) {
                line.escaped.append('0');
            }
            line.count++;
        }
        return line;
    }

    private static boolean isAtEof(InputStream in) {
        return in instanceof EndAware e ? e.atEnd() : in instanceof java.io.ByteArrayInputStream;
    }

    /** Decodes the pending bytes when they form a complete UTF-8 character (or an invalid byte); else null. */
    private static String completeChar(ByteArrayOutputStream pending) {
        byte[] b = pending.toByteArray();
        int first = b[0] & 0xff;
        int need = first < 0x80 ? 1 : first >= 0xF0 && first <= 0xF4 ? 4 : first >= 0xE0 ? 3 : first >= 0xC2 ? 2 : 1;
        if (b.length < need) {
            if ((b[b.length - 1] & 0xC0) != 0x80 && b.length > 1) {
                String s = Text.decode(b);
                pending.reset();
                return s;
            }
            return null;
        }
        pending.reset();
        return Text.decode(b);
    }

    private static void assignResult(BuiltinContext sh, List<String> names, String array, Line line, boolean exact) {
        String text = line.text.toString();
        String escaped = line.escaped.toString();
        if (array != null) {
            List<String> fields = split(sh, text, escaped, -1);
            sh.assignArray(array, fields);
            return;
        }
        if (names.isEmpty()) {
            sh.assign("REPLY", text);
            return;
        }
        if (exact) {
            sh.assign(names.get(0), text);
            for (int k = 1; k < names.size(); k++) {
                sh.assign(names.get(k), "");
            }
            return;
        }
        List<String> fields = split(sh, text, escaped, names.size());
        for (int k = 0; k < names.size(); k++) {
            String value = k < fields.size() ? fields.get(k) : "";
            String name = names.get(k);
            int bracket = name.indexOf('[');
            if (bracket > 0) {
                String arr = name.substring(0, bracket);
                String sub = name.substring(bracket + 1, name.length() - 1);
                Variable v = sh.lookup(arr);
                if (v != null && v.isAssociativeArray()) {
                    sh.assignElement(arr, 0, sub, value);
                } else {
                    sh.assignElement(arr, sh.arithmetic(sub), null, value);
                }
            } else {
                sh.assign(name, value);
            }
        }
    }

    /**
     * Splits on IFS as read does: at most {@code max} fields (-1 for no limit), the last one taking the rest of the
     * line without trailing IFS whitespace. Escaped characters never split.
     */
    static List<String> split(BuiltinContext sh, String text, String escaped, int max) {
        Variable v = sh.variable("IFS");
        String ifs = v == null || !v.isSet() ? " \t\n" : v.scalarValue();
        List<String> out = new ArrayList<>();
        int n = text.length();
        if (ifs.isEmpty()) {
            out.add(text);
            return out;
        }
        int i = 0;
        // skip leading IFS whitespace
        while (i < n && isWhite(text.charAt(i), ifs) && escaped.charAt(i) == '0') {
            i++;
        }
        while (i < n) {
            if (max > 0 && out.size() == max - 1) {
                int end = n;
                while (end > i && isWhite(text.charAt(end - 1), ifs) && escaped.charAt(end - 1) == '0') {
                    end--;
                }
                String rest = text.substring(i, end);
                // a single trailing non-whitespace delimiter is dropped when nothing follows it
                if (end > i
                        && ifs.indexOf(text.charAt(end - 1)) >= 0
                        && escaped.charAt(end - 1) == '0'
                        && !isWhite(text.charAt(end - 1), ifs)) {
                    String without = rest.substring(0, rest.length() - 1);
                    boolean otherDelimiter = false;
                    for (int k = i; k < end - 1; k++) {
                        if (ifs.indexOf(text.charAt(k)) >= 0 && escaped.charAt(k) == '0') {
                            otherDelimiter = true;
                            break;
                        }
                    }
                    if (!otherDelimiter) {
                        rest = without;
                    }
                }
                out.add(rest);
                return out;
            }
            StringBuilder field = new StringBuilder();
            while (i < n && !(ifs.indexOf(text.charAt(i)) >= 0 && escaped.charAt(i) == '0')) {
                field.append(text.charAt(i));
                i++;
            }
            out.add(field.toString());
            if (i >= n) {
                break;
            }
            // consume the delimiter: whitespace run, optionally one non-whitespace char, whitespace run
            while (i < n && isWhite(text.charAt(i), ifs) && escaped.charAt(i) == '0') {
                i++;
            }
            if (i < n
                    && ifs.indexOf(text.charAt(i)) >= 0
                    && !isWhite(text.charAt(i), ifs)
                    && escaped.charAt(i) == '0') {
                i++;
                while (i < n && isWhite(text.charAt(i), ifs) && escaped.charAt(i) == '0') {
                    i++;
                }
            }
        }
        return out;
    }

    private static boolean isWhite(char c, String ifs) {
        return (c == ' ' || c == '\t' || c == '\n') && ifs.indexOf(c) >= 0;
    }
}
