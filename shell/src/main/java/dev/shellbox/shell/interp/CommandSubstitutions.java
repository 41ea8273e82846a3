package dev.shellbox.shell.interp;

import dev.shellbox.shell.fs.FsException;
import dev.shellbox.shell.io.Text;
import dev.shellbox.shell.syntax.CommandNode;
import dev.shellbox.shell.syntax.Redirect;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/** The {@code $(< file)} form, which reads a file without running a command. */
final class CommandSubstitutions {
    private CommandSubstitutions() {}

    /** The file's content (trailing newlines removed) for {@code $(< file)}; null for any other body. */
    static String readFileShortcut(Interpreter sh, CommandNode body) {
        if (!(body instanceof CommandNode.Simple s)
                || !s.words().isEmpty()
                || !s.assignments().isEmpty()
                || s.redirects().size() != 1) {
            return null;
        }
        Redirect r = s.redirects().get(0);
        if (r.operator() != Redirect.Operator.INPUT || r.fd() > 0) {
            return null;
        }
        List<String> words = new ArrayList<>();
        sh.expander.expandWordInto(r.target(), words);
        if (words.size() != 1) {
            sh.errorLine(r.target() + ": ambiguous redirect");
            sh.st.lastStatus = 1;
            return "";
        }
        String path = words.get(0);
        String text;
        try (InputStream in = sh.session.fs.newInputStream(sh.resolvePath(path))) {
            text = Text.decode(in.readAllBytes());
        } catch (FsException e) {
            sh.errorLine(path + ": " + e.errno().message());
            sh.st.lastStatus = 1;
            return "";
        } catch (IOException e) {
            sh.errorLine(path + ": " + Interpreter.describe(e));
            sh.st.lastStatus = 1;
            return "";
        }
        sh.st.lastStatus = 0;
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == '\n') {
            end--;
        }
        return text.substring(0, end);
    }
}
