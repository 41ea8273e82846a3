package dev.shellbox.shell.syntax;

import java.util.ArrayList;
import java.util.List;

/** Recognizes assignment words: {@code name=v}, {@code name+=v}, {@code name[i]=v}, {@code name=(...)}. */
public final class Assignments {
    private Assignments() {}

    /** The assignment a word spells, or null when it is not one. */
    public static Assignment parse(Word w) {
        List<WordPart> parts = w.parts();
        if (parts.isEmpty()) {
            return null;
        }
        WordPart first = parts.get(0);
        if (first instanceof WordPart.ArrayLiteral arr && parts.size() == 1) {
            return new Assignment(w.pos(), arr.name(), null, arr.append(), null, arr.elements());
        }
        if (!(first instanceof WordPart.Literal lit)) {
            return null;
        }
        String t = lit.text();
        int i = 0;
        if (t.isEmpty() || !Lexer.isNameStart(t.charAt(0))) {
            return null;
        }
        while (i < t.length() && Lexer.isNameChar(t.charAt(i))) {
            i++;
        }
        String name = t.substring(0, i);
        if (i < t.length() && t.charAt(i) == '[') {
            Lexer.SubscriptSplit split = Lexer.splitSubscript(parts, i);
            if (split == null) {
                return null;
            }
            return new Assignment(
                    w.pos(),
                    name,
                    new Word(List.copyOf(split.key()), w.pos()),
                    split.append(),
                    new Word(List.copyOf(split.rest()), w.pos()),
                    null);
        }
        boolean append = false;
        if (i < t.length() && t.charAt(i) == '+') {
            append = true;
            i++;
        }
        if (i >= t.length() || t.charAt(i) != '=') {
            return null;
        }
        List<WordPart> value = new ArrayList<>(parts.size());
        if (i + 1 < t.length()) {
            value.add(new WordPart.Literal(t.substring(i + 1)));
        }
        value.addAll(parts.subList(1, parts.size()));
        return new Assignment(w.pos(), name, null, append, new Word(List.copyOf(value), w.pos()), null);
    }

    /** Whether a word looks like an assignment (for declaration builtins' arguments). */
    public static boolean isAssignment(Word w) {
        return parse(w) != null;
    }
}
