package dev.shellbox.shell.syntax;

import java.util.List;

/** One piece of a {@link Word}. */
public sealed interface WordPart {

    /** Unquoted text; may hold glob characters, braces and a leading tilde, which expansion interprets. */
    record Literal(String text) implements WordPart {
        @Override
        public String toString() {
            return text;
        }
    }

    /** Text that stands for itself: {@code 'single quoted'}, a backslash-escaped character, or {@code $'ansi-c'}. */
    record SingleQuoted(String text) implements WordPart {
        @Override
        public String toString() {
            return "'" + text + "'";
        }
    }

    /** {@code "..."}: its parts are literals (already unescaped) and expansions, all quoted. */
    record DoubleQuoted(List<WordPart> parts) implements WordPart {
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("\"");
            for (WordPart p : parts) {
                sb.append(p);
            }
            return sb.append('"').toString();
        }
    }

    /** {@code $name}, {@code ${...}} in all its forms. */
    record Param(ParamExpansion expansion) implements WordPart {
        @Override
        public String toString() {
            return expansion.toString();
        }
    }

    /** {@code $(...)} or a backquoted command. */
    record CommandSubstitution(CommandNode body, boolean backquoted, String source) implements WordPart {
        @Override
        public String toString() {
            return backquoted ? "`" + source + "`" : "$(" + source + ")";
        }
    }

    /** {@code $((...))} or {@code $[...]}. */
    record ArithmeticExpansion(ArithText expression) implements WordPart {
        @Override
        public String toString() {
            return "$((" + expression.source() + "))";
        }
    }

    /** {@code <(...)} or {@code >(...)}. */
    record ProcessSubstitution(boolean output, CommandNode body, String source) implements WordPart {
        @Override
        public String toString() {
            return (output ? ">(" : "<(") + source + ")";
        }
    }

    /**
     * {@code name=(...)}, {@code name+=(...)} in assignment position or as an argument of a declaration builtin
     * ({@code declare a=(1 2)}).
     */
    record ArrayLiteral(String name, boolean append, List<ArrayElement> elements, String source) implements WordPart {
        @Override
        public String toString() {
            return source;
        }
    }

    /** A {@code ${...}} the parser could not make sense of; expanding it fails with "bad substitution". */
    record BadSubstitution(String source) implements WordPart {
        @Override
        public String toString() {
            return source;
        }
    }

    static boolean isStatic(List<WordPart> parts) {
        for (WordPart p : parts) {
            if (p instanceof DoubleQuoted dq) {
                if (!isStatic(dq.parts())) {
                    return false;
                }
            } else if (!(p instanceof Literal) && !(p instanceof SingleQuoted)) {
                return false;
            }
        }
        return true;
    }

    static void appendUnquoted(List<WordPart> parts, StringBuilder sb) {
        for (WordPart p : parts) {
            if (p instanceof Literal l) {
                sb.append(l.text());
            } else if (p instanceof SingleQuoted s) {
                sb.append(s.text());
            } else if (p instanceof DoubleQuoted d) {
                appendUnquoted(d.parts(), sb);
            } else {
                sb.append(p);
            }
        }
    }
}
