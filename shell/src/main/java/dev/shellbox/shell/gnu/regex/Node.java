package dev.shellbox.shell.gnu.regex;

import java.util.List;

/** The parsed form of a POSIX regular expression, from which the Java pattern and the longest-match NFA are built. */
sealed interface Node {
    /** One character (a code point). */
    record Literal(int codePoint) implements Node {}

    /** {@code .} */
    record AnyChar() implements Node {}

    /** A bracket expression. */
    record Bracket(BracketSet set) implements Node {}

    /** A parenthesized subexpression; {@code number} counts from 1 across every pattern compiled together. */
    record Group(int number, Node body) implements Node {}

    record Concat(List<Node> items) implements Node {}

    record Alternation(List<Node> branches) implements Node {}

    /** {@code body} repeated {@code min} to {@code max} times; {@code max} is {@link #UNBOUNDED} for no limit. */
    record Repeat(Node body, int min, int max) implements Node {
        static final int UNBOUNDED = -1;
    }

    /** {@code \N}: what group {@code number} matched. */
    record BackReference(int number) implements Node {}

    /** A zero-width assertion. */
    record Anchor(AnchorKind kind) implements Node {}

    /** Matches the empty string. */
    record Empty() implements Node {}

    enum AnchorKind {
        /** {@code ^}: start of the subject, or after a newline when newline-sensitive. */
        LINE_START,
        /** {@code $}: end of the subject, or before a newline when newline-sensitive. */
        LINE_END,
        /** {@code \`} */
        BUFFER_START,
        /** {@code \'} */
        BUFFER_END,
        /** {@code \b} */
        WORD_BOUNDARY,
        /** {@code \B} */
        NOT_WORD_BOUNDARY,
        /** {@code \<} */
        WORD_START,
        /** {@code \>} */
        WORD_END,
        /** No word character just before ({@code grep -w}). */
        NO_WORD_BEFORE,
        /** No word character just after ({@code grep -w}). */
        NO_WORD_AFTER
    }
}
