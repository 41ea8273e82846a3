package dev.shellbox.shell.commands.data.jq;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Rewrites jq 1.7 syntax that jackson-jq's parser lacks into equivalent older syntax: {@code if} without {@code else}
 * gets {@code else .}, every {@code label $x | body} is parenthesized (jackson-jq refuses a label right after a
 * definition), and {@code $__loc__} becomes its object. Strings, interpolations and comments are respected.
 */
final class JqSource {
    private final String src;
    private final StringBuilder out = new StringBuilder();
    private int pos;
    private int line = 1;
    /** Open groups: '(' '[' '{' for brackets and interpolations, 'i' for an if (with 'e' once it has its else). */
    private final Deque<Character> groups = new ArrayDeque<>();
    /** For each open label, the group depth it was opened at. */
    private final Deque<Integer> labels = new ArrayDeque<>();

    private JqSource(String src) {
        this.src = src;
    }

    static String rewrite(String src) {
        JqSource s = new JqSource(src);
        s.run();
        return s.out.toString();
    }

    private void run() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '#') {
                int end = src.indexOf('\n', pos);
                end = end < 0 ? src.length() : end;
                out.append(src, pos, end);
                pos = end;
            } else if (c == '"') {
                string();
            } else if (c == '(' || c == '[' || c == '{') {
                groups.push(c);
                out.append(c);
                pos++;
            } else if (c == ')' || c == ']' || c == '}') {
                closeLabelsAbove(groups.size() - 1);
                if (!groups.isEmpty()) {
                    char open = groups.pop();
                    if (open == 'I') {
                        // the ')' ending a string interpolation: back inside the string
                        out.append(c);
                        pos++;
                        stringBody();
                        continue;
                    }
                }
                out.append(c);
                pos++;
            } else if (c == ';') {
                closeLabelsAbove(groups.size());
                out.append(c);
                pos++;
            } else if (c == '\n') {
                line++;
                out.append(c);
                pos++;
            } else if (Character.isLetter(c) || c == '_') {
                word();
            } else if (Character.isDigit(c)) {
                number();
            } else if (c == '$' && src.startsWith("$__loc__", pos) && !isIdentifierPart(pos + 8)) {
                out.append("{\"file\":\"<top-level>\",\"line\":").append(line).append('}');
                pos += 8;
            } else if (c == '$' || c == '.') {
                // $name and .name: the name is never a keyword
                out.append(c);
                pos++;
                int start = pos;
                while (pos < src.length() && isIdentifierPart(pos)) {
                    pos++;
                }
                out.append(src, start, pos);
            } else {
                out.append(c);
                pos++;
            }
        }
        closeLabelsAbove(0);
    }

    private void word() {
        int start = pos;
        while (pos < src.length()
                && (isIdentifierPart(pos)
                        || (src.charAt(pos) == ':' && pos + 1 < src.length() && src.charAt(pos + 1) == ':'))) {
            pos += src.charAt(pos) == ':' ? 2 : 1;
        }
        String word = src.substring(start, pos);
        switch (word) {
            case "if" -> {
                groups.push('i');
                out.append(word);
            }
            case "then", "elif" -> {
                closeLabelsAbove(groups.size());
                out.append(word);
            }
            case "else" -> {
                closeLabelsAbove(groups.size());
                if (!groups.isEmpty() && groups.peek() == 'i') {
                    groups.pop();
                    groups.push('e');
                }
                out.append(word);
            }
            case "end" -> {
                closeLabelsAbove(groups.size());
                if (!groups.isEmpty() && (groups.peek() == 'i' || groups.peek() == 'e')) {
                    if (groups.pop() == 'i') {
                        out.append("else . ");
                    }
                }
                out.append(word);
            }
            case "label" -> {
                out.append("(label");
                labels.push(groups.size());
            }
            default -> out.append(word);
        }
    }

    /** Copies a number literal; integers too long for jackson-jq's parser become decimal literals. */
    private void number() {
        int start = pos;
        boolean integer = true;
        while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
            pos++;
        }
        if (pos < src.length() && src.charAt(pos) == '.') {
            integer = false;
            pos++;
            while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                pos++;
            }
        }
        if (pos < src.length() && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
            integer = false;
            pos++;
            if (pos < src.length() && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
                pos++;
            }
            while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                pos++;
            }
        }
        out.append(src, start, pos);
        if (integer && pos - start > 18) {
            out.append(".0");
        }
    }

    /** Closes the parentheses of labels opened at a group depth of at least {@code depth}. */
    private void closeLabelsAbove(int depth) {
        while (!labels.isEmpty() && labels.peek() >= depth) {
            labels.pop();
            out.append(')');
        }
    }

    private void string() {
        out.append('"');
        pos++;
        stringBody();
    }

    /** Copies string text up to its closing quote, or up to an interpolation's "\(", which opens a group. */
    private void stringBody() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '\\' && pos + 1 < src.length()) {
                if (src.charAt(pos + 1) == '(') {
                    out.append("\\(");
                    pos += 2;
                    groups.push('I');
                    return;
                }
                out.append(c).append(src.charAt(pos + 1));
                pos += 2;
                continue;
            }
            out.append(c);
            pos++;
            if (c == '"') {
                return;
            }
            if (c == '\n') {
                line++;
            }
        }
    }

    private boolean isIdentifierPart(int i) {
        if (i >= src.length()) {
            return false;
        }
        char c = src.charAt(i);
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
