package dev.shellbox.shell.interp;

import dev.shellbox.shell.io.Text;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** {@code mapfile} / {@code readarray}: lines of input into an indexed array. */
final class MapfileBuiltin implements Builtin {
    @Override
    public int run(Interpreter sh, List<String> argv) throws IOException {
        String name = argv.get(0);
        int delim = '\n';
        long count = 0;
        long origin = 0;
        boolean originSet = false;
        long skip = 0;
        boolean strip = false;
        int fd = 0;
        String callback = null;
        long quantum = 5000;
        int i = 1;
        for (; i < argv.size(); i++) {
            String a = argv.get(i);
            if (a.equals("--")) {
                i++;
                break;
            }
            if (!a.startsWith("-") || a.length() == 1) {
                break;
            }
            char c = a.charAt(1);
            if (c == 't' && a.length() == 2) {
                strip = true;
                continue;
            }
            String value = a.length() > 2 ? a.substring(2) : (i + 1 < argv.size() ? argv.get(++i) : null);
            if (value == null) {
                sh.builtinError(name, "-" + c + ": option requires an argument");
                return 2;
            }
            try {
                switch (c) {
                    case 'd' -> delim = value.isEmpty() ? 0 : Text.encode(value.substring(0, 1))[0] & 0xff;
                    case 'n' -> count = Long.parseLong(value);
                    case 'O' -> {
                        origin = Long.parseLong(value);
                        originSet = true;
                    }
                    case 's' -> skip = Long.parseLong(value);
                    case 'u' -> fd = Integer.parseInt(value);
                    case 'C' -> callback = value;
                    case 'c' -> quantum = Long.parseLong(value);
                    default -> {
                        sh.builtinError(name, "-" + c + ": invalid option");
                        return 2;
                    }
                }
            } catch (NumberFormatException e) {
                sh.builtinError(name, value + ": invalid number");
                return 1;
            }
        }
        String array = i < argv.size() ? argv.get(i) : "MAPFILE";
        if (!Interpreter.isValidName(array)) {
            sh.builtinError(name, "`" + array + "': not a valid identifier");
            return 1;
        }
        FdEntry e = sh.st.fds.get(fd);
        if (e == null || e.in == null) {
            sh.builtinError(name, fd + ": invalid file descriptor: Bad file descriptor");
            return 1;
        }
        InputStream in = e.in;
        Variable existing = Vars.lookup(sh, array);
        if (!originSet || existing == null || !existing.isIndexedArray()) {
            Vars.assignArray(sh, array, List.of(), false, null, false);
        }
        long index = origin;
        long read = 0;
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (count == 0 || read < count) {
            sh.checkCancelled();
            line.reset();
            int b;
            boolean any = false;
            boolean sawDelim = false;
            while ((b = in.read()) >= 0) {
                any = true;
                if (b == delim) {
                    sawDelim = true;
                    break;
                }
                line.write(b);
            }
            if (!any) {
                break;
            }
            if (skip > 0) {
                skip--;
                continue;
            }
            byte[] bytes = line.toByteArray();
            int nul = 0;
            while (nul < bytes.length && bytes[nul] != 0) {
                nul++;
            }
            String text = Text.decode(bytes, 0, nul);
            if (sawDelim && !strip && delim != 0) {
                text += (char) delim;
            }
            Vars.assignElementOrAbort(sh, array, index, null, text);
            if (callback != null && (read + 1) % quantum == 0) {
                sh.runText(
                        callback + " " + index + " " + dev.shellbox.shell.expand.Quoting.single(text),
                        "mapfile",
                        false);
            }
            index++;
            read++;
            if (!sawDelim) {
                break;
            }
        }
        return 0;
    }
}
