package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.expand.Quoting;
import dev.shellbox.shell.interp.Variable;
import dev.shellbox.shell.io.Text;
import dev.shellbox.shell.syntax.Names;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** {@code mapfile} / {@code readarray}: lines of input into an indexed array. */
final class MapfileBuiltin implements Builtin {
    private static final String USAGE =
            " [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback]" + " [-c quantum] [array]";

    @Override
    public int run(BuiltinContext sh, List<String> argv) throws IOException {
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
        BuiltinOptions o = new BuiltinOptions(argv, "d:u:n:O:tC:c:s:", name + USAGE);
        for (int c = o.next(); c != BuiltinOptions.END; c = o.next()) {
            String value = o.argument();
            try {
                switch (c) {
                    case 't' -> strip = true;
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
                        return o.fail(sh);
                    }
                }
            } catch (NumberFormatException e) {
                sh.error(name, value + ": invalid number");
                return 1;
            }
        }
        String array = o.operands().isEmpty() ? "MAPFILE" : o.operands().get(0);
        if (!Names.isName(array)) {
            sh.error(name, "`" + array + "': not a valid identifier");
            return 1;
        }
        InputStream in = sh.input(fd);
        if (in == null) {
            sh.error(name, fd + ": invalid file descriptor: Bad file descriptor");
            return 1;
        }
        Variable existing = sh.lookup(array);
        if (!originSet || existing == null || !existing.isIndexedArray()) {
            sh.assignArray(array, List.of());
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
            sh.assignElement(array, index, null, text);
            if (callback != null && (read + 1) % quantum == 0) {
                sh.runText(callback + " " + index + " " + Quoting.single(text), "mapfile");
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
