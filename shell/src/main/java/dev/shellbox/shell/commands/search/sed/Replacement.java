package dev.shellbox.shell.commands.search.sed;

import dev.shellbox.shell.gnu.regex.PosixMatcher;
import java.util.ArrayList;
import java.util.List;

/**
 * The right-hand side of {@code s}: literal text, {@code &} and {@code \1}..{@code \9}, and GNU's case conversions
 * backslash-U and -L (until backslash-E) and backslash-u and -l (next character only).
 */
final class Replacement {
    sealed interface Part {}

    record Literal(String text) implements Part {}

    /** Group 0 is {@code &}. */
    record Group(int number) implements Part {}

    record CaseChange(char kind) implements Part {}

    private final List<Part> parts;
    private final int highestGroup;
    private final boolean plain;

    private Replacement(List<Part> parts) {
        this.parts = List.copyOf(parts);
        int highest = 0;
        boolean onlyText = true;
        for (Part p : parts) {
            if (p instanceof Group g) {
                highest = Math.max(highest, g.number());
            }
            onlyText &= p instanceof Literal;
        }
        this.highestGroup = highest;
        this.plain = onlyText;
    }

    /**
     * Parses the replacement as read from the script: delimiter escapes already removed, other backslash sequences
     * still there.
     */
    static Replacement parse(String text) {
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '&') {
                flush(parts, literal);
                parts.add(new Group(0));
                continue;
            }
            if (c != '\\' || i + 1 == text.length()) {
                literal.append(c);
                continue;
            }
            char e = text.charAt(++i);
            if (e >= '0' && e <= '9') {
                flush(parts, literal);
                parts.add(new Group(e - '0'));
            } else if ("LUluE".indexOf(e) >= 0) {
                flush(parts, literal);
                parts.add(new CaseChange(e));
            } else if (e == '\n') {
                literal.append('\n');
            } else {
                i = Escapes.decode(text, i, literal, false);
            }
        }
        flush(parts, literal);
        return new Replacement(parts);
    }

    private static void flush(List<Part> parts, StringBuilder literal) {
        if (literal.length() > 0) {
            parts.add(new Literal(literal.toString()));
            literal.setLength(0);
        }
    }

    /** The highest {@code \N} used, for GNU's "invalid reference" check. */
    int highestGroup() {
        return highestGroup;
    }

    /** Appends the expansion for the current match of {@code m} to {@code out}. */
    void expand(PosixMatcher m, CharSequence subject, StringBuilder out) {
        if (plain) {
            for (Part p : parts) {
                out.append(((Literal) p).text());
            }
            return;
        }
        char mode = 'E';
        char once = 0;
        for (Part p : parts) {
            String piece;
            if (p instanceof Literal l) {
                piece = l.text();
            } else if (p instanceof Group g) {
                int start = g.number() <= m.groupCount() ? m.start(g.number()) : -1;
                piece = start < 0
                        ? ""
                        : subject.subSequence(start, m.end(g.number())).toString();
            } else {
                char kind = ((CaseChange) p).kind();
                if (kind == 'u' || kind == 'l') {
                    once = kind;
                } else {
                    mode = kind;
                    once = 0;
                }
                continue;
            }
            if (piece.isEmpty()) {
                continue;
            }
            if (mode == 'U') {
                piece = piece.toUpperCase(java.util.Locale.ROOT);
            } else if (mode == 'L') {
                piece = piece.toLowerCase(java.util.Locale.ROOT);
            }
            if (once != 0) {
                int first = piece.offsetByCodePoints(0, 1);
                String head = piece.substring(0, first);
                head = once == 'u' ? head.toUpperCase(java.util.Locale.ROOT) : head.toLowerCase(java.util.Locale.ROOT);
                piece = head + piece.substring(first);
                once = 0;
            }
            out.append(piece);
        }
    }
}
