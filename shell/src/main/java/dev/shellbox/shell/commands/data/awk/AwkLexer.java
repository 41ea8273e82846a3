package dev.shellbox.shell.commands.data.awk;

import dev.shellbox.shell.commands.data.awk.Token.Kind;
import java.util.Map;
import java.util.Set;

/**
 * Splits awk source into tokens. Whether a '/' starts a regular expression or divides is decided from the previous
 * token, as every awk does: after an operand it divides.
 */
final class AwkLexer {
    private static final Map<String, Kind> KEYWORDS = Map.ofEntries(
            Map.entry("BEGIN", Kind.BEGIN),
            Map.entry("END", Kind.END),
            Map.entry("BEGINFILE", Kind.BEGINFILE),
            Map.entry("ENDFILE", Kind.ENDFILE),
            Map.entry("function", Kind.FUNCTION),
            Map.entry("func", Kind.FUNCTION),
            Map.entry("if", Kind.IF),
            Map.entry("else", Kind.ELSE),
            Map.entry("while", Kind.WHILE),
            Map.entry("for", Kind.FOR),
            Map.entry("do", Kind.DO),
            Map.entry("break", Kind.BREAK),
            Map.entry("continue", Kind.CONTINUE),
            Map.entry("next", Kind.NEXT),
            Map.entry("nextfile", Kind.NEXTFILE),
            Map.entry("exit", Kind.EXIT),
            Map.entry("return", Kind.RETURN),
            Map.entry("delete", Kind.DELETE),
            Map.entry("getline", Kind.GETLINE),
            Map.entry("print", Kind.PRINT),
            Map.entry("printf", Kind.PRINTF),
            Map.entry("in", Kind.IN));

    static final Set<String> BUILTINS = Set.of(
            "length",
            "substr",
            "index",
            "split",
            "sub",
            "gsub",
            "gensub",
            "match",
            "sprintf",
            "sin",
            "cos",
            "atan2",
            "exp",
            "log",
            "sqrt",
            "int",
            "rand",
            "srand",
            "tolower",
            "toupper",
            "system",
            "close",
            "fflush",
            "systime",
            "strftime",
            "mktime",
            "asort",
            "asorti",
            "and",
            "or",
            "xor",
            "compl",
            "lshift",
            "rshift",
            "strtonum",
            "isarray",
            "typeof");

    private final String src;
    private final SourceLines lines;
    private int pos;
    private int line = 1;
    private int lineStart;
    private Kind previous = Kind.NEWLINE;

    AwkLexer(String src, SourceLines lines) {
        this.src = src;
        this.lines = lines;
    }

    Token next() throws AwkSyntaxException {
        skipBlanks();
        int startLine = line;
        int column = pos - lineStart;
        if (pos >= src.length()) {
            return token(Kind.EOF, "", startLine, column);
        }
        char c = src.charAt(pos);
        if (c == '\n') {
            pos++;
            line++;
            lineStart = pos;
            return token(Kind.NEWLINE, "\n", startLine, column);
        }
        if (Character.isDigit(c) || (c == '.' && pos + 1 < src.length() && Character.isDigit(src.charAt(pos + 1)))) {
            return token(Kind.NUMBER, number(), startLine, column);
        }
        if (Character.isLetter(c) || c == '_') {
            int start = pos;
            while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_')) {
                pos++;
            }
            String word = src.substring(start, pos);
            Kind keyword = KEYWORDS.get(word);
            if (keyword != null) {
                return token(keyword, word, startLine, column);
            }
            if (BUILTINS.contains(word)) {
                return token(Kind.BUILTIN, word, startLine, column);
            }
            boolean call = pos < src.length() && src.charAt(pos) == '(';
            return token(call ? Kind.FUNC_NAME : Kind.NAME, word, startLine, column);
        }
        if (c == '"') {
            return token(Kind.STRING, string(), startLine, column);
        }
        if (c == '/' && !afterOperand()) {
            return token(Kind.ERE, regex(startLine, column), startLine, column);
        }
        pos++;
        return switch (c) {
            case '{' -> token(Kind.LBRACE, "{", startLine, column);
            case '}' -> token(Kind.RBRACE, "}", startLine, column);
            case '(' -> token(Kind.LPAREN, "(", startLine, column);
            case ')' -> token(Kind.RPAREN, ")", startLine, column);
            case '[' -> token(Kind.LBRACKET, "[", startLine, column);
            case ']' -> token(Kind.RBRACKET, "]", startLine, column);
            case ';' -> token(Kind.SEMICOLON, ";", startLine, column);
            case ',' -> token(Kind.COMMA, ",", startLine, column);
            case '?' -> token(Kind.QUESTION, "?", startLine, column);
            case ':' -> token(Kind.COLON, ":", startLine, column);
            case '~' -> token(Kind.MATCH, "~", startLine, column);
            case '$' -> token(Kind.DOLLAR, "$", startLine, column);
            case '+' ->
                eat('+')
                        ? token(Kind.INCR, "++", startLine, column)
                        : eat('=')
                                ? token(Kind.ADD_ASSIGN, "+=", startLine, column)
                                : token(Kind.PLUS, "+", startLine, column);
            case '-' ->
                eat('-')
                        ? token(Kind.DECR, "--", startLine, column)
                        : eat('=')
                                ? token(Kind.SUB_ASSIGN, "-=", startLine, column)
                                : token(Kind.MINUS, "-", startLine, column);
            case '*' -> {
                if (eat('*')) {
                    yield eat('=')
                            ? token(Kind.POW_ASSIGN, "**=", startLine, column)
                            : token(Kind.CARET, "**", startLine, column);
                }
                yield eat('=')
                        ? token(Kind.MUL_ASSIGN, "*=", startLine, column)
                        : token(Kind.STAR, "*", startLine, column);
            }
            case '/' ->
                eat('=') ? token(Kind.DIV_ASSIGN, "/=", startLine, column) : token(Kind.SLASH, "/", startLine, column);
            case '%' ->
                eat('=')
                        ? token(Kind.MOD_ASSIGN, "%=", startLine, column)
                        : token(Kind.PERCENT, "%", startLine, column);
            case '^' ->
                eat('=') ? token(Kind.POW_ASSIGN, "^=", startLine, column) : token(Kind.CARET, "^", startLine, column);
            case '!' ->
                eat('=')
                        ? token(Kind.NE, "!=", startLine, column)
                        : eat('~')
                                ? token(Kind.NOMATCH, "!~", startLine, column)
                                : token(Kind.NOT, "!", startLine, column);
            case '>' ->
                eat('=')
                        ? token(Kind.GE, ">=", startLine, column)
                        : eat('>')
                                ? token(Kind.APPEND, ">>", startLine, column)
                                : token(Kind.GT, ">", startLine, column);
            case '<' -> eat('=') ? token(Kind.LE, "<=", startLine, column) : token(Kind.LT, "<", startLine, column);
            case '=' -> eat('=') ? token(Kind.EQ, "==", startLine, column) : token(Kind.ASSIGN, "=", startLine, column);
            case '|' ->
                eat('|')
                        ? token(Kind.OR, "||", startLine, column)
                        : eat('&')
                                ? token(Kind.PIPE_AMP, "|&", startLine, column)
                                : token(Kind.PIPE, "|", startLine, column);
            case '&' -> {
                if (eat('&')) {
                    yield token(Kind.AND, "&&", startLine, column);
                }
                throw error(startLine, column, "syntax error");
            }
            default -> throw error(startLine, column, "invalid char '" + c + "' in expression");
        };
    }

    private boolean afterOperand() {
        return switch (previous) {
            case NAME, NUMBER, STRING, ERE, BUILTIN, RPAREN, RBRACKET, DOLLAR, INCR, DECR -> true;
            default -> false;
        };
    }

    private Token token(Kind kind, String text, int tokenLine, int column) {
        previous = kind;
        return new Token(kind, text, tokenLine, column);
    }

    private boolean eat(char c) {
        if (pos < src.length() && src.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void skipBlanks() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\r') {
                pos++;
            } else if (c == '\\' && pos + 1 < src.length() && src.charAt(pos + 1) == '\n') {
                pos += 2;
                line++;
                lineStart = pos;
            } else if (c == '\\'
                    && pos + 2 < src.length()
                    && src.charAt(pos + 1) == '\r'
                    && src.charAt(pos + 2) == '\n') {
                pos += 3;
                line++;
                lineStart = pos;
            } else if (c == '#') {
                while (pos < src.length() && src.charAt(pos) != '\n') {
                    pos++;
                }
            } else {
                break;
            }
        }
    }

    private String number() {
        int start = pos;
        if (src.startsWith("0x", pos) || src.startsWith("0X", pos)) {
            int p = pos + 2;
            while (p < src.length() && Character.digit(src.charAt(p), 16) >= 0) {
                p++;
            }
            if (p > pos + 2) {
                pos = p;
                return String.valueOf(Long.parseLong(src.substring(start + 2, pos), 16));
            }
        }
        while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
            pos++;
        }
        String digits = src.substring(start, pos);
        boolean fraction =
                pos < src.length() && (src.charAt(pos) == '.' || src.charAt(pos) == 'e' || src.charAt(pos) == 'E');
        if (!fraction
                && digits.length() > 1
                && digits.startsWith("0")
                && digits.chars().allMatch(c -> c < '8')) {
            // gawk reads 010 in program text as octal
            return String.valueOf(Long.parseLong(digits, 8));
        }
        if (pos < src.length() && src.charAt(pos) == '.') {
            pos++;
            while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                pos++;
            }
        }
        if (pos < src.length() && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
            int p = pos + 1;
            if (p < src.length() && (src.charAt(p) == '+' || src.charAt(p) == '-')) {
                p++;
            }
            if (p < src.length() && Character.isDigit(src.charAt(p))) {
                while (p < src.length() && Character.isDigit(src.charAt(p))) {
                    p++;
                }
                pos = p;
            }
        }
        return src.substring(start, pos);
    }

    private String string() throws AwkSyntaxException {
        int startLine = line;
        int column = pos - lineStart;
        pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= src.length() || src.charAt(pos) == '\n') {
                throw error(startLine, column, "unterminated string");
            }
            char c = src.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c != '\\' || pos >= src.length()) {
                sb.append(c);
                continue;
            }
            char e = src.charAt(pos++);
            switch (e) {
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                case 'r' -> sb.append('\r');
                case '\\' -> sb.append('\\');
                case '"' -> sb.append('"');
                case '/' -> sb.append('/');
                case 'a' -> sb.append('\007');
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'v' -> sb.append('\013');
                case '\n' -> {
                    line++;
                    lineStart = pos;
                }
                case 'x' -> {
                    int value = 0;
                    int digits = 0;
                    while (digits < 2 && pos < src.length() && Character.digit(src.charAt(pos), 16) >= 0) {
                        value = value * 16 + Character.digit(src.charAt(pos++), 16);
                        digits++;
                    }
                    if (digits == 0) {
                        sb.append("\\x");
                    } else {
                        sb.append(byteChar(value));
                    }
                }
                default -> {
                    if (e >= '0' && e <= '7') {
                        int value = e - '0';
                        for (int k = 0;
                                k < 2 && pos < src.length() && src.charAt(pos) >= '0' && src.charAt(pos) <= '7';
                                k++) {
                            value = value * 8 + (src.charAt(pos++) - '0');
                        }
                        sb.append(byteChar(value & 0xff));
                    } else {
                        // gawk keeps the backslash of an unknown escape (with a warning), so "\." stays a regex escape.
                        sb.append('\\').append(e);
                    }
                }
            }
        }
    }

    /** A byte given by an escape: ASCII as itself, others as the lossless escape of {@link dev.shellbox.shell.io.Text}. */
    static char byteChar(int value) {
        return value < 0x80 ? (char) value : (char) (0xDC00 + value);
    }

    private String regex(int startLine, int column) throws AwkSyntaxException {
        pos++;
        StringBuilder sb = new StringBuilder();
        boolean inBracket = false;
        while (true) {
            if (pos >= src.length() || src.charAt(pos) == '\n') {
                throw error(startLine, column, "unterminated regexp");
            }
            char c = src.charAt(pos++);
            if (c == '\\' && pos < src.length()) {
                char e = src.charAt(pos++);
                if (e == '/') {
                    sb.append('/');
                } else if (e == '\n') {
                    line++;
                    lineStart = pos;
                } else {
                    sb.append('\\').append(e);
                }
                continue;
            }
            if (inBracket) {
                sb.append(c);
                if (c == '[' && pos < src.length() && ":.=".indexOf(src.charAt(pos)) >= 0) {
                    int close = src.indexOf(src.charAt(pos) + "]", pos + 1);
                    if (close > 0 && src.lastIndexOf('\n', close) < pos) {
                        sb.append(src, pos, close + 2);
                        pos = close + 2;
                    }
                } else if (c == ']') {
                    inBracket = false;
                }
                continue;
            }
            if (c == '[') {
                inBracket = true;
                sb.append(c);
                if (pos < src.length() && src.charAt(pos) == '^') {
                    sb.append('^');
                    pos++;
                }
                if (pos < src.length() && src.charAt(pos) == ']') {
                    sb.append(']');
                    pos++;
                }
                continue;
            }
            if (c == '/') {
                return sb.toString();
            }
            sb.append(c);
        }
    }

    AwkSyntaxException error(int errorLine, int column, String message) {
        return lines.error(errorLine, column, message);
    }
}
