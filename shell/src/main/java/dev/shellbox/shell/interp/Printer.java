package dev.shellbox.shell.interp;

import dev.shellbox.shell.syntax.ArrayElement;
import dev.shellbox.shell.syntax.Assignment;
import dev.shellbox.shell.syntax.CaseItem;
import dev.shellbox.shell.syntax.CommandNode;
import dev.shellbox.shell.syntax.CondExpr;
import dev.shellbox.shell.syntax.Redirect;
import dev.shellbox.shell.syntax.Word;
import dev.shellbox.shell.syntax.WordPart;
import java.util.List;

/** Prints commands back as shell text in bash's layout ({@code declare -f}, {@code type}, {@code jobs}). */
final class Printer {
    private final StringBuilder sb = new StringBuilder();
    private final StringBuilder heredocs = new StringBuilder();

    private Printer() {}

    /** A function definition as {@code declare -f} prints it. */
    static String function(String name, CommandNode body) {
        Printer p = new Printer();
        p.sb.append(name).append(" () \n");
        CommandNode inner = body;
        List<Redirect> redirects = null;
        if (inner instanceof CommandNode.Redirected r) {
            inner = r.command();
            redirects = r.redirects();
        }
        if (inner instanceof CommandNode.Group g) {
            p.sb.append("{ \n");
            p.list(g.body(), 1);
            p.sb.append("\n}");
        } else {
            p.sb.append("{ \n");
            p.indent(1);
            p.command(inner, 1);
            p.sb.append("\n}");
        }
        if (redirects != null) {
            p.redirects(redirects);
        }
        return p.sb.toString();
    }

    /** One line of text for a command (jobs listing). */
    static String commandText(CommandNode c) {
        Printer p = new Printer();
        p.command(c, 0);
        return p.sb.toString().replace('\n', ' ').strip();
    }

    static String cond(CondExpr e) {
        Printer p = new Printer();
        p.condExpr(e);
        return p.sb.toString();
    }

    private void indent(int level) {
        for (int i = 0; i < level; i++) {
            sb.append("    ");
        }
    }

    /** Prints a list: one command per line, separated by ";". */
    private void list(CommandNode node, int level) {
        List<CommandNode> items = node instanceof CommandNode.Sequence s ? s.commands() : List.of(node);
        for (int i = 0; i < items.size(); i++) {
            indent(level);
            CommandNode c = items.get(i);
            command(c, level);
            boolean background = c instanceof CommandNode.Background;
            if (i < items.size() - 1) {
                if (!background) {
                    sb.append(';');
                }
                sb.append('\n');
            }
            flushHeredocs();
        }
    }

    private void flushHeredocs() {
        if (heredocs.length() > 0) {
            sb.append('\n').append(heredocs);
            heredocs.setLength(0);
        }
    }

    private void command(CommandNode c, int level) {
        if (c instanceof CommandNode.Simple s) {
            simple(s);
        } else if (c instanceof CommandNode.Pipeline p) {
            if (p.timed()) {
                sb.append(p.timePosix() ? "time -p " : "time ");
            }
            if (p.negated()) {
                sb.append("! ");
            }
            for (int i = 0; i < p.stages().size(); i++) {
                if (i > 0) {
                    sb.append(" | ");
                }
                command(p.stages().get(i), level);
            }
        } else if (c instanceof CommandNode.AndOr a) {
            command(a.left(), level);
            sb.append(a.and() ? " && " : " || ");
            command(a.right(), level);
        } else if (c instanceof CommandNode.Sequence s) {
            for (int i = 0; i < s.commands().size(); i++) {
                if (i > 0) {
                    sb.append("; ");
                }
                command(s.commands().get(i), level);
            }
        } else if (c instanceof CommandNode.Background b) {
            command(b.command(), level);
            sb.append(" &");
        } else if (c instanceof CommandNode.Subshell s) {
            sb.append("( ");
            inline(s.body(), level);
            sb.append(" )");
        } else if (c instanceof CommandNode.Group g) {
            sb.append("{ \n");
            list(g.body(), level + 1);
            sb.append('\n');
            indent(level);
            sb.append('}');
        } else if (c instanceof CommandNode.If i) {
            sb.append("if ");
            inline(i.condition(), level);
            sb.append("; then\n");
            list(i.then(), level + 1);
            sb.append(";\n");
            if (i.otherwise() != null) {
                indent(level);
                sb.append("else\n");
                list(i.otherwise(), level + 1);
                sb.append(";\n");
            }
            indent(level);
            sb.append("fi");
        } else if (c instanceof CommandNode.For f) {
            sb.append("for ").append(f.variable());
            if (f.words() != null) {
                sb.append(" in");
                for (Word w : f.words()) {
                    sb.append(' ').append(word(w));
                }
            }
            sb.append(";\n");
            indent(level);
            sb.append("do\n");
            list(f.body(), level + 1);
            sb.append(";\n");
            indent(level);
            sb.append("done");
        } else if (c instanceof CommandNode.Select f) {
            sb.append("select ").append(f.variable());
            if (f.words() != null) {
                sb.append(" in");
                for (Word w : f.words()) {
                    sb.append(' ').append(word(w));
                }
            }
            sb.append(";\n");
            indent(level);
            sb.append("do\n");
            list(f.body(), level + 1);
            sb.append(";\n");
            indent(level);
            sb.append("done");
        } else if (c instanceof CommandNode.ArithFor f) {
            sb.append("for ((");
            sb.append(f.init() == null ? "" : f.init().source().strip()).append("; ");
            sb.append(f.condition() == null ? "" : f.condition().source().strip())
                    .append("; ");
            sb.append(f.step() == null ? "" : f.step().source().strip()).append("))\n");
            indent(level);
            sb.append("do\n");
            list(f.body(), level + 1);
            sb.append(";\n");
            indent(level);
            sb.append("done");
        } else if (c instanceof CommandNode.While w) {
            sb.append(w.until() ? "until " : "while ");
            inline(w.condition(), level);
            sb.append("; do\n");
            list(w.body(), level + 1);
            sb.append(";\n");
            indent(level);
            sb.append("done");
        } else if (c instanceof CommandNode.Case cs) {
            sb.append("case ").append(word(cs.subject())).append(" in \n");
            for (CaseItem item : cs.items()) {
                indent(level + 1);
                for (int i = 0; i < item.patterns().size(); i++) {
                    if (i > 0) {
                        sb.append(" | ");
                    }
                    sb.append(word(item.patterns().get(i)));
                }
                sb.append(")\n");
                if (item.body() != null) {
                    list(item.body(), level + 2);
                    sb.append('\n');
                }
                indent(level + 1);
                sb.append(
                        switch (item.terminator()) {
                            case BREAK -> ";;";
                            case FALL_THROUGH -> ";&";
                            case CONTINUE -> ";;&";
                        });
                sb.append('\n');
            }
            indent(level);
            sb.append("esac");
        } else if (c instanceof CommandNode.FunctionDef f) {
            sb.append(function(f.name(), f.body()));
        } else if (c instanceof CommandNode.Arith a) {
            sb.append("(( ").append(a.expression().source().strip()).append(" ))");
        } else if (c instanceof CommandNode.Cond cd) {
            sb.append("[[ ");
            condExpr(cd.expression());
            sb.append(" ]]");
        } else if (c instanceof CommandNode.Redirected r) {
            command(r.command(), level);
            redirects(r.redirects());
        } else if (c instanceof CommandNode.Coproc cp) {
            sb.append("coproc ").append(cp.name()).append(' ');
            command(cp.command(), level);
        }
    }

    private void inline(CommandNode c, int level) {
        command(c, level);
    }

    private void simple(CommandNode.Simple s) {
        boolean first = true;
        for (Assignment a : s.assignments()) {
            if (!first) {
                sb.append(' ');
            }
            first = false;
            sb.append(a.name());
            if (a.index() != null) {
                sb.append('[').append(word(a.index())).append(']');
            }
            sb.append(a.append() ? "+=" : "=");
            if (a.isArray()) {
                sb.append('(');
                for (int i = 0; i < a.array().size(); i++) {
                    if (i > 0) {
                        sb.append(' ');
                    }
                    ArrayElement e = a.array().get(i);
                    if (e.key() != null) {
                        sb.append('[').append(word(e.key())).append(e.append() ? "]+=" : "]=");
                    }
                    sb.append(word(e.value()));
                }
                sb.append(')');
            } else {
                sb.append(word(a.value()));
            }
        }
        for (Word w : s.words()) {
            if (!first) {
                sb.append(' ');
            }
            first = false;
            sb.append(word(w));
        }
        if (!s.redirects().isEmpty()) {
            if (first) {
                sb.setLength(sb.length());
            }
            redirects(s.redirects());
        }
    }

    private void redirects(List<Redirect> rs) {
        for (Redirect r : rs) {
            sb.append(' ');
            if (r.fdVariable() != null) {
                sb.append('{').append(r.fdVariable()).append('}');
            } else if (r.fd() >= 0
                    && !(r.fd() == r.defaultFd()
                            && r.operator() != Redirect.Operator.DUP_OUTPUT
                            && r.operator() != Redirect.Operator.DUP_INPUT)) {
                sb.append(r.fd());
            } else if (r.fd() >= 0) {
                sb.append(r.fd());
            }
            if (r.operator() == Redirect.Operator.HEREDOC) {
                sb.append(r.hereDoc().stripTabs() ? "<<-" : "<<");
                sb.append(word(r.target()));
                String body = r.hereDoc().body() == null
                        ? ""
                        : r.hereDoc().quoted()
                                ? r.hereDoc().body().unquotedText()
                                : bodyText(r.hereDoc().body());
                heredocs.append(body).append(r.hereDoc().delimiter()).append('\n');
                continue;
            }
            sb.append(r.operator().text());
            boolean dup = r.operator() == Redirect.Operator.DUP_OUTPUT || r.operator() == Redirect.Operator.DUP_INPUT;
            if (!dup) {
                sb.append(' ');
            }
            sb.append(word(r.target()));
        }
    }

    private static String bodyText(Word w) {
        StringBuilder b = new StringBuilder();
        for (WordPart p : w.parts()) {
            if (p instanceof WordPart.Literal l) {
                b.append(l.text());
            } else {
                b.append(p);
            }
        }
        return b.toString();
    }

    private void condExpr(CondExpr e) {
        if (e instanceof CondExpr.And a) {
            condExpr(a.left());
            sb.append(" && ");
            condExpr(a.right());
        } else if (e instanceof CondExpr.Or o) {
            condExpr(o.left());
            sb.append(" || ");
            condExpr(o.right());
        } else if (e instanceof CondExpr.Not n) {
            sb.append("! ");
            condExpr(n.operand());
        } else if (e instanceof CondExpr.Unary u) {
            sb.append(u.operator()).append(' ').append(word(u.operand()));
        } else if (e instanceof CondExpr.Binary b) {
            sb.append(word(b.left()))
                    .append(' ')
                    .append(b.operator())
                    .append(' ')
                    .append(word(b.right()));
        } else if (e instanceof CondExpr.Single s) {
            sb.append(word(s.word()));
        }
    }

    /** A word as source text. */
    static String word(Word w) {
        StringBuilder b = new StringBuilder();
        for (WordPart p : w.parts()) {
            part(p, b, false);
        }
        return b.toString();
    }

    private static void part(WordPart p, StringBuilder b, boolean inDq) {
        if (p instanceof WordPart.Literal l) {
            if (inDq) {
                for (int i = 0; i < l.text().length(); i++) {
                    char c = l.text().charAt(i);
                    if (c == '"' || c == '\\' || c == '$' || c == '`') {
                        b.append('\\');
                    }
                    b.append(c);
                }
            } else {
                b.append(l.text());
            }
        } else if (p instanceof WordPart.SingleQuoted s) {
            if (s.text().length() == 1 && !inDq) {
                b.append('\\').append(s.text());
            } else {
                b.append('\'').append(s.text()).append('\'');
            }
        } else if (p instanceof WordPart.DoubleQuoted d) {
            b.append('"');
            for (WordPart inner : d.parts()) {
                part(inner, b, true);
            }
            b.append('"');
        } else {
            b.append(p);
        }
    }
}
