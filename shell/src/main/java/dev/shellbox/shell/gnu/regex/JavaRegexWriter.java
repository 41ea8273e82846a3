package dev.shellbox.shell.gnu.regex;

/**
 * Writes a parsed POSIX expression as an equivalent java.util.regex pattern. Every construct is spelled out rather
 * than left to Java's flags: {@code ^} and {@code $} become {@code \A}/{@code \z} or newline lookarounds, {@code .} a
 * class that excludes undecodable bytes, word boundaries lookarounds over GNU's word characters, literals hex escapes.
 */
final class JavaRegexWriter {
    private static final String WORD = PosixClass.WORD;

    private final RegexOptions options;
    private final StringBuilder out = new StringBuilder();

    private JavaRegexWriter(RegexOptions options) {
        this.options = options;
    }

    static String write(Node node, RegexOptions options) {
        JavaRegexWriter writer = new JavaRegexWriter(options);
        writer.emit(node);
        return writer.out.toString();
    }

    /** The Java class for {@code .} under these options. */
    static String anyChar(RegexOptions options) {
        StringBuilder sb = new StringBuilder("[^").append(BracketSet.INVALID_BYTES);
        if (options.newlineSensitive()) {
            sb.append("\\n");
        }
        if (options.dialect() == RegexDialect.POSIX) {
            sb.append("\\x{0}");
        }
        return sb.append(']').toString();
    }

    private void emit(Node node) {
        if (node instanceof Node.Literal l) {
            literal(l.codePoint());
        } else if (node instanceof Node.AnyChar) {
            out.append(anyChar(options));
        } else if (node instanceof Node.Bracket b) {
            out.append(b.set().toJava(options.newlineSensitive()));
        } else if (node instanceof Node.Group g) {
            out.append('(');
            emit(g.body());
            out.append(')');
        } else if (node instanceof Node.Concat c) {
            for (Node item : c.items()) {
                emit(item);
            }
        } else if (node instanceof Node.Alternation a) {
            out.append("(?:");
            for (int i = 0; i < a.branches().size(); i++) {
                if (i > 0) {
                    out.append('|');
                }
                emit(a.branches().get(i));
            }
            out.append(')');
        } else if (node instanceof Node.Repeat r) {
            out.append("(?:");
            emit(r.body());
            out.append(')');
            quantifier(r.min(), r.max());
        } else if (node instanceof Node.BackReference b) {
            out.append('\\').append(b.number()).append("(?:)");
        } else if (node instanceof Node.Anchor a) {
            anchor(a.kind());
        } else {
            out.append("(?:)");
        }
    }

    private void literal(int c) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
            out.append((char) c);
        } else {
            out.append("\\x{").append(Integer.toHexString(c)).append('}');
        }
    }

    private void quantifier(int min, int max) {
        if (max == Node.Repeat.UNBOUNDED) {
            out.append(min == 0 ? "*" : min == 1 ? "+" : "{" + min + ",}");
        } else if (min == 0 && max == 1) {
            out.append('?');
        } else if (min == max) {
            out.append('{').append(min).append('}');
        } else {
            out.append('{').append(min).append(',').append(max).append('}');
        }
    }

    private void anchor(Node.AnchorKind kind) {
        boolean nl = options.newlineSensitive();
        switch (kind) {
            case LINE_START -> out.append(nl ? "(?:\\A|(?<=\\n))" : "\\A");
            case LINE_END -> out.append(nl ? "(?=\\n|\\z)" : "\\z");
            case BUFFER_START -> out.append("\\A");
            case BUFFER_END -> out.append("\\z");
            case WORD_BOUNDARY -> out.append("(?:(?<=" + WORD + ")(?!" + WORD + ")|(?<!" + WORD + ")(?=" + WORD + "))");
            case NOT_WORD_BOUNDARY ->
                out.append("(?:(?<=" + WORD + ")(?=" + WORD + ")|(?<!" + WORD + ")(?!" + WORD + "))");
            case WORD_START -> out.append("(?<!" + WORD + ")(?=" + WORD + ")");
            case WORD_END -> out.append("(?<=" + WORD + ")(?!" + WORD + ")");
            case NO_WORD_BEFORE -> out.append("(?<!" + WORD + ")");
            case NO_WORD_AFTER -> out.append("(?!" + WORD + ")");
        }
    }
}
