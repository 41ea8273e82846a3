package dev.shellbox.shell.commands.utils.bc;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Tokens of bc: numbers, names, keywords, strings, operators and newlines (statement ends); comments dropped. */
final class BcLexer {
    enum Kind {
        NUMBER,
        NAME,
        KEYWORD,
        STRING,
        OP,
        NEWLINE,
        EOF,
        /** An unterminated string or comment: the text is "string" or "comment". */
        ERROR,
        /** A character bc does not know; reported and skipped. */
        ILLEGAL
    }

    record Token(Kind kind, String text, int line) {
        boolean is(String s) {
            return (kind == Kind.OP || kind == Kind.KEYWORD) && text.equals(s);
        }
    }

    static final Set<String> KEYWORDS = Set.of(
            "auto",
            "break",
            "continue",
            "define",
            "else",
            "for",
            "halt",
            "ibase",
            "if",
            "last",
            "length",
            "limits",
            "obase",
            "print",
            "quit",
            "read",
            "return",
            "scale",
            "sqrt",
            "while",
            "warranty");

    private static final List<String> OPERATORS = List.of(
            "++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "==", "<=", ">=", "!=", "&&", "||", "+", "-", "*", "/", "%",
            "^", "=", "<", ">", "!", "(", ")", "[", "]", "{", "}", ",", ";", ".");

    private BcLexer() {}

    /** Tokens of {@code source}, whose first line is {@code firstLine}. */
    static List<Token> tokenize(String source, int firstLine) {
        List<Token> tokens = new ArrayList<>();
        int line = firstLine;
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (c == '\\' && i + 1 < n && source.charAt(i + 1) == '\n') {
                i += 2;
                line++;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\u000b') {
                i++;
                continue;
            }
            if (c == '\n') {
                tokens.add(new Token(Kind.NEWLINE, "\n", line));
                line++;
                i++;
                continue;
            }
            if (c == '#') {
                while (i < n && source.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
                int end = source.indexOf("*/", i + 2);
                if (end < 0) {
                    tokens.add(new Token(Kind.ERROR, "comment", line));
                    return tokens;
                }
                for (int k = i; k < end; k++) {
                    if (source.charAt(k) == '\n') {
                        line++;
                    }
                }
                i = end + 2;
                continue;
            }
            if (c == '"') {
                int end = source.indexOf('"', i + 1);
                if (end < 0) {
                    tokens.add(new Token(Kind.ERROR, "string", line));
                    return tokens;
                }
                String text = source.substring(i + 1, end);
                tokens.add(new Token(Kind.STRING, text, line));
                line += (int) text.chars().filter(ch -> ch == '\n').count();
                i = end + 1;
                continue;
            }
            if (isDigit(c) || (c == '.' && i + 1 < n && isDigit(source.charAt(i + 1)))) {
                StringBuilder num = new StringBuilder();
                boolean point = false;
                while (i < n) {
                    char d = source.charAt(i);
                    if (isDigit(d)) {
                        num.append(d);
                    } else if (d == '.' && !point) {
                        point = true;
                        num.append(d);
                    } else if (d == '\\' && i + 1 < n && source.charAt(i + 1) == '\n') {
                        i++;
                        line++;
                    } else {
                        break;
                    }
                    i++;
                }
                tokens.add(new Token(Kind.NUMBER, num.toString(), line));
                continue;
            }
            if (c >= 'a' && c <= 'z') {
                int start = i;
                while (i < n && (isLower(source.charAt(i)) || isDecimal(source.charAt(i)) || source.charAt(i) == '_')) {
                    i++;
                }
                String word = source.substring(start, i);
                tokens.add(new Token(KEYWORDS.contains(word) ? Kind.KEYWORD : Kind.NAME, word, line));
                continue;
            }
            String op = null;
            for (String candidate : OPERATORS) {
                if (source.startsWith(candidate, i)) {
                    op = candidate;
                    break;
                }
            }
            if (op == null) {
                tokens.add(new Token(Kind.ILLEGAL, String.valueOf(c), line));
                i++;
                continue;
            }
            tokens.add(new Token(Kind.OP, op, line));
            i += op.length();
        }
        tokens.add(new Token(Kind.EOF, "", line));
        return tokens;
    }

    /** Digits of bc numbers: 0-9 and the capital letters, whose value may exceed ibase. */
    private static boolean isDigit(char c) {
        return isDecimal(c) || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDecimal(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isLower(char c) {
        return c >= 'a' && c <= 'z';
    }
}
