package dev.shellbox.shell.syntax;

import java.util.List;

/**
 * A shell word before expansion: a sequence of literal, quoted and expansion parts as written, e.g. {@code
 * pre"$x"'q'$(cmd)}.
 */
public record Word(List<WordPart> parts, Pos pos) {

    public static Word literal(String text) {
        return new Word(List.of(new WordPart.Literal(text)), Pos.NONE);
    }

    /** The text when the word is one unquoted literal (reserved words, names), else null. */
    public String literalText() {
        if (parts.size() == 1 && parts.get(0) instanceof WordPart.Literal lit) {
            return lit.text();
        }
        return null;
    }

    /** Whether any part is quoted or escaped (here-doc delimiters, alias candidates). */
    public boolean hasQuotes() {
        for (WordPart p : parts) {
            if (p instanceof WordPart.SingleQuoted || p instanceof WordPart.DoubleQuoted) {
                return true;
            }
        }
        return false;
    }

    /** Whether the word contains no expansion of any kind, so that its value is its quote-removed text. */
    public boolean isStatic() {
        return WordPart.isStatic(parts);
    }

    /** The quote-removed text of a static word (expansions contribute their source form). */
    public String unquotedText() {
        StringBuilder sb = new StringBuilder();
        WordPart.appendUnquoted(parts, sb);
        return sb.toString();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (WordPart p : parts) {
            sb.append(p);
        }
        return sb.toString();
    }
}
