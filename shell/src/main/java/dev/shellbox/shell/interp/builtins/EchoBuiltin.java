package dev.shellbox.shell.interp.builtins;

import dev.shellbox.shell.io.Text;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/** {@code echo [-neE] [arg ...]}. */
final class EchoBuiltin implements Builtin {
    @Override
    public int run(BuiltinContext sh, List<String> argv) throws IOException {
        boolean newline = true;
        boolean escapes = sh.shopt("xpg_echo");
        int i = 1;
        while (i < argv.size()) {
            String a = argv.get(i);
            if (a.length() < 2
                    || a.charAt(0) != '-'
                    || !a.substring(1).chars().allMatch(c -> c == 'n' || c == 'e' || c == 'E')) {
                break;
            }
            for (int k = 1; k < a.length(); k++) {
                switch (a.charAt(k)) {
                    case 'n' -> newline = false;
                    case 'e' -> escapes = true;
                    default -> escapes = false;
                }
            }
            i++;
        }
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        boolean stop = false;
        for (int k = i; k < argv.size() && !stop; k++) {
            if (k > i) {
                buf.write(' ');
            }
            String s = argv.get(k);
            if (escapes) {
                stop = Escapes.decode(s, buf, true, false);
            } else {
                Text.encodeTo(s, buf);
            }
        }
        if (newline && !stop) {
            buf.write('\n');
        }
        OutputStream out = sh.output(1);
        if (out == null) {
            sh.error("echo", "write error: Bad file descriptor");
            return 1;
        }
        buf.writeTo(out);
        out.flush();
        return 0;
    }
}
