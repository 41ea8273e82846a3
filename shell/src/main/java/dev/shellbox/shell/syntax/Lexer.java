package dev.shellbox.shell.syntax;

import dev.shellbox.shell.gnu.mbchar.Utf8;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits shell source into tokens. Words are read whole, with their quoting and nested expansions ({@code $(...)}
 * parsed by calling back into the {@link Parser}); here-document bodies are read after the newline that ends their
 * line; aliases are expanded by splicing their value into the source.
 */
final class Lexer {
    static final int EOF = -1;

    /** The contexts a word part can be read in; they differ in what ends them and what quoting means. */
    enum Mode {
        /** An unquoted word of a command line. */
        WORD,
        /** Inside double quotes. */
        DOUBLE_QUOTED,
        /** The body of an unquoted here-document. */
        HEREDOC,
        /** Arithmetic text, up to a closing parenthesis. */
        ARITH,
        /** The legacy {@code $[...]} arithmetic, up to a closing bracket. */
        ARITH_BRACKET,
        /** The argument of a {@code ${x op arg}} expansion. */
        BRACE_ARG,
        /** An array subscript, up to the closing bracket. */
        SUBSCRIPT,
        /** The inside of an extended glob group {@code @(...)}. */
        EXTGLOB,
        /** The right side of {@code =~}. */
        REGEX
    }

    private char[] src;
    private int len;
    private int pos;
    private int line;
    private int lineStart;
    private final String sourceName;
    private final Parser parser;
    private final List<HereDoc> pendingHereDocs = new ArrayList<>();
    private final List<Integer> pendingHereDocLines = new ArrayList<>();
    private final List<AliasRegion> aliasRegions = new ArrayList<>();
    private boolean aliasNext;
    private final List<String> warnings = new ArrayList<>();

    /** Text spliced in by an alias, during which the same alias is not expanded again. */
    private static final class AliasRegion {
        final String name;
        int end;

        AliasRegion(String name, int end) {
            this.name = name;
            this.end = end;
        }
    }

    Lexer(String text, String sourceName, int firstLine, Parser parser) {
        this.src = text.toCharArray();
        this.len = src.length;
        this.sourceName = sourceName;
        this.line = firstLine;
        this.parser = parser;
    }

    // ---- low-level access ----

    int peek() {
        return pos < len ? src[pos] : EOF;
    }

    int peek(int offset) {
        int p = pos + offset;
        return p < len ? src[p] : EOF;
    }

    private void advance() {
        if (src[pos] == '\n') {
            line++;
            lineStart = pos + 1;
        }
        pos++;
    }

    private void advance(int n) {
        for (int i = 0; i < n; i++) {
            advance();
        }
    }

    boolean atEnd() {
        return pos >= len;
    }

    int line() {
        return line;
    }

    Pos position() {
        return new Pos(line, Math.max(1, pos - lineStart + 1));
    }

    String sourceName() {
        return sourceName;
    }

    List<String> warnings() {
        return warnings;
    }

    String text(int from, int to) {
        return new String(src, from, to - from);
    }

    int offset() {
        return pos;
    }

    /** The rest of the current line, for "bash: line N: `...'" messages. */
    String currentLineText() {
        int start = lineStart;
        int end = start;
        while (end < len && src[end] != '\n') {
            end++;
        }
        return new String(src, start, Math.max(0, end - start));
    }

    private record Mark(int pos, int line, int lineStart) {}

    private Mark mark() {
        return new Mark(pos, line, lineStart);
    }

    private void reset(Mark m) {
        pos = m.pos;
        line = m.line;
        lineStart = m.lineStart;
    }

    ParseError error(String message) {
        return new ParseError(message, sourceName, line, Math.max(1, pos - lineStart + 1), false);
    }

    ParseError eofError(String message) {
        return new ParseError(message, sourceName, line, Math.max(1, pos - lineStart + 1), true);
    }

    static boolean isNameStart(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    static boolean isNameChar(int c) {
        return isNameStart(c) || (c >= '0' && c <= '9');
    }

    static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    static boolean isName(CharSequence s) {
        if (s.length() == 0 || !isNameStart(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!isNameChar(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    // ---- tokens ----

    /** Skips blanks, line continuations and a comment. */
    void skipBlanks() {
        while (pos < len) {
            char c = src[pos];
            if (c == ' ' || c == '\t') {
                pos++;
            } else if (c == '\\' && pos + 1 < len && src[pos + 1] == '\n') {
                advance(2);
            } else if (c == '#') {
                while (pos < len && src[pos] != '\n') {
                    pos++;
                }
            } else {
                break;
            }
        }
    }

    /**
     * Reads the next token.
     *
     * @param commandStart the token may be a command name: aliases are expanded
     * @param assignments the token may be an assignment, whose subscript may hold blanks ({@code a[i + 1]=x})
     */
    Token next(boolean commandStart, boolean assignments) throws ParseError {
        while (true) {
            skipBlanks();
            while (!aliasRegions.isEmpty() && pos >= aliasRegions.get(aliasRegions.size() - 1).end) {
                aliasRegions.remove(aliasRegions.size() - 1);
            }
            Pos p = position();
            if (pos >= len) {
                if (!pendingHereDocs.isEmpty()) {
                    readHereDocBodies();
                }
                return Token.of(Token.Kind.EOF, p, "");
            }
            char c = src[pos];
            switch (c) {
                case '\n':
                    advance();
                    if (!pendingHereDocs.isEmpty()) {
                        readHereDocBodies();
                    }
                    return Token.of(Token.Kind.NEWLINE, p, "\n");
                case ';':
                    if (peek(1) == ';') {
                        if (peek(2) == '&') {
                            pos += 3;
                            return Token.of(Token.Kind.DSEMI_AMP, p, ";;&");
                        }
                        pos += 2;
                        return Token.of(Token.Kind.DSEMI, p, ";;");
                    }
                    if (peek(1) == '&') {
                        pos += 2;
                        return Token.of(Token.Kind.SEMI_AMP, p, ";&");
                    }
                    pos++;
                    return Token.of(Token.Kind.SEMI, p, ";");
                case '&':
                    if (peek(1) == '&') {
                        pos += 2;
                        return Token.of(Token.Kind.AND_IF, p, "&&");
                    }
                    if (peek(1) == '>') {
                        if (peek(2) == '>') {
                            pos += 3;
                            return redirect(Redirect.Operator.APPEND_BOTH, "&>>", -1, null, p);
                        }
                        pos += 2;
                        return redirect(Redirect.Operator.OUTPUT_BOTH, "&>", -1, null, p);
                    }
                    pos++;
                    return Token.of(Token.Kind.AMP, p, "&");
                case '|':
                    if (peek(1) == '|') {
                        pos += 2;
                        return Token.of(Token.Kind.OR_IF, p, "||");
                    }
                    if (peek(1) == '&') {
                        pos += 2;
                        return Token.of(Token.Kind.PIPE_AMP, p, "|&");
                    }
                    pos++;
                    return Token.of(Token.Kind.PIPE, p, "|");
                case '(':
                    if (peek(1) == '(') {
                        ArithText arith = tryDoubleParen();
                        if (arith != null) {
                            return new Token(Token.Kind.DPAREN, p, "((", null, null, -1, null, arith);
                        }
                    }
                    pos++;
                    return Token.of(Token.Kind.LPAREN, p, "(");
                case ')':
                    pos++;
                    return Token.of(Token.Kind.RPAREN, p, ")");
                case '<':
                case '>':
                    if (peek(1) != '(') {
                        return redirectOperator(-1, null, p);
                    }
                    break;
                default:
                    if (isDigit(c)) {
                        int end = pos;
                        while (end < len && isDigit(src[end])) {
                            end++;
                        }
                        if (end < len
                                && (src[end] == '<' || src[end] == '>')
                                && (end + 1 >= len || src[end + 1] != '(')
                                && end - pos < 10) {
                            int fd = Integer.parseInt(new String(src, pos, end - pos));
                            pos = end;
                            return redirectOperator(fd, null, p);
                        }
                    } else if (c == '{' && pos + 1 < len && isNameStart(src[pos + 1])) {
                        int end = pos + 1;
                        while (end < len && isNameChar(src[end])) {
                            end++;
                        }
                        if (end + 1 < len
                                && src[end] == '}'
                                && (src[end + 1] == '<' || src[end + 1] == '>')
                                && (end + 2 >= len || src[end + 2] != '(')) {
                            String var = new String(src, pos + 1, end - pos - 1);
                            pos = end + 1;
                            return redirectOperator(-1, var, p);
                        }
                    }
                    break;
            }
            int wordStart = pos;
            Word w = readWord(assignments);
            boolean checkAlias = commandStart || aliasNext;
            aliasNext = false;
            if (checkAlias && parser.aliases() != null) {
                String text = w.literalText();
                if (text != null && !inAlias(text)) {
                    String value = parser.aliases().lookup(text);
                    if (value != null) {
                        spliceAlias(text, wordStart, pos, value);
                        if (!value.isEmpty()) {
                            char last = value.charAt(value.length() - 1);
                            aliasNext = last == ' ' || last == '\t';
                        }
                        continue;
                    }
                }
            }
            return Token.word(w, p);
        }
    }

    private boolean inAlias(String name) {
        for (AliasRegion r : aliasRegions) {
            if (r.name.equals(name)) {
                return true;
            }
        }
        return false;
    }

    private void spliceAlias(String name, int start, int end, String value) {
        char[] v = value.toCharArray();
        int delta = v.length - (end - start);
        char[] n = new char[len + delta];
        System.arraycopy(src, 0, n, 0, start);
        System.arraycopy(v, 0, n, start, v.length);
        System.arraycopy(src, end, n, start + v.length, len - end);
        src = n;
        len = n.length;
        pos = start;
        for (AliasRegion r : aliasRegions) {
            if (r.end >= start) {
                r.end += delta;
            }
        }
        aliasRegions.add(new AliasRegion(name, start + v.length));
    }

    private Token redirect(Redirect.Operator op, String text, int fd, String var, Pos p) {
        return new Token(Token.Kind.REDIRECT, p, text, null, op, fd, var, null);
    }

    private Token redirectOperator(int fd, String var, Pos p) {
        char c = src[pos];
        if (c == '<') {
            if (peek(1) == '<') {
                if (peek(2) == '<') {
                    pos += 3;
                    return redirect(Redirect.Operator.HERESTRING, "<<<", fd, var, p);
                }
                if (peek(2) == '-') {
                    pos += 3;
                    return redirect(Redirect.Operator.HEREDOC, "<<-", fd, var, p);
                }
                pos += 2;
                return redirect(Redirect.Operator.HEREDOC, "<<", fd, var, p);
            }
            if (peek(1) == '&') {
                pos += 2;
                return redirect(Redirect.Operator.DUP_INPUT, "<&", fd, var, p);
            }
            if (peek(1) == '>') {
                pos += 2;
                return redirect(Redirect.Operator.READ_WRITE, "<>", fd, var, p);
            }
            pos++;
            return redirect(Redirect.Operator.INPUT, "<", fd, var, p);
        }
        if (peek(1) == '>') {
            pos += 2;
            return redirect(Redirect.Operator.APPEND, ">>", fd, var, p);
        }
        if (peek(1) == '&') {
            pos += 2;
            return redirect(Redirect.Operator.DUP_OUTPUT, ">&", fd, var, p);
        }
        if (peek(1) == '|') {
            pos += 2;
            return redirect(Redirect.Operator.CLOBBER, ">|", fd, var, p);
        }
        pos++;
        return redirect(Redirect.Operator.OUTPUT, ">", fd, var, p);
    }

    /** At {@code ((}: reads an arithmetic command up to {@code ))}, or returns null (and moves nothing) if the
     * parentheses are two nested subshells. */
    private ArithText tryDoubleParen() throws ParseError {
        Mark m = mark();
        pos += 2;
        int start = pos;
        ArithText arith;
        try {
            Word w = readArithWord(Mode.ARITH);
            if (peek() != ')' || peek(1) != ')') {
                reset(m);
                return null;
            }
            arith = new ArithText(w, text(start, pos));
        } catch (ParseError e) {
            reset(m);
            return null;
        }
        advance(2);
        return arith;
    }

    /** Registers a here-document whose body follows the current line. */
    void addHereDoc(HereDoc doc) {
        pendingHereDocs.add(doc);
        pendingHereDocLines.add(line);
    }

    boolean hasPendingHereDocs() {
        return !pendingHereDocs.isEmpty();
    }

    private void readHereDocBodies() throws ParseError {
        List<HereDoc> docs = new ArrayList<>(pendingHereDocs);
        List<Integer> lines = new ArrayList<>(pendingHereDocLines);
        pendingHereDocs.clear();
        pendingHereDocLines.clear();
        for (int i = 0; i < docs.size(); i++) {
            HereDoc doc = docs.get(i);
            StringBuilder body = new StringBuilder();
            int bodyLine = line;
            boolean found = false;
            while (pos < len) {
                int end = pos;
                while (end < len && src[end] != '\n') {
                    end++;
                }
                int from = pos;
                if (doc.stripTabs()) {
                    while (from < end && src[from] == '\t') {
                        from++;
                    }
                }
                String content = new String(src, from, end - from);
                boolean last = end >= len;
                pos = end;
                if (!last) {
                    advance();
                }
                if (content.equals(doc.delimiter())) {
                    found = true;
                    break;
                }
                body.append(content);
                if (!last) {
                    body.append('\n');
                }
            }
            if (!found) {
                warnings.add("warning: here-document at line " + lines.get(i) + " delimited by end-of-file (wanted `"
                        + doc.delimiter() + "')");
            }
            if (doc.quoted()) {
                doc.setBody(new Word(List.of(new WordPart.SingleQuoted(body.toString())), new Pos(bodyLine, 1)));
            } else {
                doc.setBody(parser.parseHereDocBody(body.toString(), bodyLine));
            }
        }
    }

    // ---- words ----

    /** Reads an unquoted word at the current position; the caller has checked it is not an operator. */
    Word readWord(boolean assignments) throws ParseError {
        Pos p = position();
        List<WordPart> parts = new ArrayList<>(2);
        StringBuilder lit = new StringBuilder();
        readParts(parts, lit, Mode.WORD, false, assignments, null);
        flush(parts, lit);
        return new Word(parts.isEmpty() ? List.of() : parts, p);
    }

    /** Reads the right side of {@code =~}: parentheses and {@code |} belong to the word. */
    Word readRegexWord() throws ParseError {
        skipBlanks();
        Pos p = position();
        List<WordPart> parts = new ArrayList<>(2);
        StringBuilder lit = new StringBuilder();
        readParts(parts, lit, Mode.REGEX, false, false, null);
        flush(parts, lit);
        return new Word(parts, p);
    }

    /** Reads a whole here-document body (unquoted delimiter) as one word. */
    Word readHereDocWord() throws ParseError {
        Pos p = position();
        List<WordPart> parts = new ArrayList<>(2);
        StringBuilder lit = new StringBuilder();
        readParts(parts, lit, Mode.HEREDOC, true, false, null);
        flush(parts, lit);
        return new Word(parts, p);
    }

    /** Reads a whole string as a double-quoted-like word, e.g. for arithmetic text given at run time. */
    Word readArithWord(Mode mode) throws ParseError {
        Pos p = position();
        List<WordPart> parts = new ArrayList<>(2);
        StringBuilder lit = new StringBuilder();
        readParts(parts, lit, mode, false, false, null);
        flush(parts, lit);
        return new Word(parts, p);
    }

    private static void flush(List<WordPart> parts, StringBuilder lit) {
        if (lit.length() > 0) {
            parts.add(new WordPart.Literal(lit.toString()));
            lit.setLength(0);
        }
    }

    /**
     * The workhorse: reads word parts in {@code mode} until the mode's end. {@code inDq} tells whether single quotes
     * are literal (inside double quotes). {@code stops} are extra characters that end a {@code BRACE_ARG}.
     */
    private void readParts(
            List<WordPart> parts, StringBuilder lit, Mode mode, boolean inDq, boolean assignments, String stops)
            throws ParseError {
        int depth = 0;
        while (pos < len) {
            char c = src[pos];
            switch (mode) {
                case WORD:
                    if (c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' || c == '|' || c == ')') {
                        return;
                    }
                    if (c == '(') {
                        if (parts.isEmpty() && isArrayAssignmentPrefix(lit)) {
                            readArrayLiteral(parts, lit);
                            continue;
                        }
                        return;
                    }
                    if (c == '<' || c == '>') {
                        if (peek(1) == '(') {
                            flush(parts, lit);
                            readProcessSubstitution(parts);
                            continue;
                        }
                        return;
                    }
                    if (c == '[' && assignments && parts.isEmpty() && isName(lit)) {
                        lit.append('[');
                        pos++;
                        readParts(parts, lit, Mode.SUBSCRIPT, false, false, null);
                        if (peek() == ']') {
                            lit.append(']');
                            pos++;
                        }
                        continue;
                    }
                    break;
                case DOUBLE_QUOTED:
                    if (c == '"') {
                        return;
                    }
                    break;
                case HEREDOC:
                    break;
                case ARITH:
                    if (c == '(') {
                        depth++;
                    } else if (c == ')') {
                        if (depth == 0) {
                            return;
                        }
                        depth--;
                    }
                    break;
                case ARITH_BRACKET:
                case SUBSCRIPT:
                    if (c == '[') {
                        depth++;
                    } else if (c == ']') {
                        if (depth == 0) {
                            return;
                        }
                        depth--;
                    }
                    break;
                case BRACE_ARG:
                    if (c == '{') {
                        depth++;
                    } else if (c == '}') {
                        if (depth == 0) {
                            return;
                        }
                        depth--;
                    } else if (stops != null && depth == 0 && stops.indexOf(c) >= 0) {
                        return;
                    }
                    break;
                case EXTGLOB:
                    if (c == '(') {
                        depth++;
                    } else if (c == ')') {
                        if (depth == 0) {
                            return;
                        }
                        depth--;
                    }
                    break;
                case REGEX:
                    if (depth == 0
                            && (c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' || c == '<' || c == '>')) {
                        return;
                    }
                    if (c == '(') {
                        depth++;
                    } else if (c == ')') {
                        if (depth == 0) {
                            return;
                        }
                        depth--;
                    }
                    break;
            }
            // characters with the same meaning in every mode (with mode-specific quoting)
            boolean dqLike = mode == Mode.DOUBLE_QUOTED || mode == Mode.HEREDOC || inDq;
            switch (c) {
                case '\\': {
                    int n = peek(1);
                    if (n == '\n') {
                        advance(2);
                        continue;
                    }
                    if (n == EOF) {
                        lit.append('\\');
                        pos++;
                        continue;
                    }
                    if (dqLike) {
                        boolean special = n == '$'
                                || n == '`'
                                || n == '\\'
                                || (n == '"' && mode != Mode.HEREDOC)
                                || (n == '}' && mode == Mode.BRACE_ARG);
                        if (special) {
                            lit.append((char) n);
                        } else {
                            lit.append('\\').append((char) n);
                        }
                        advance(2);
                        continue;
                    }
                    flush(parts, lit);
                    parts.add(new WordPart.SingleQuoted(String.valueOf((char) n)));
                    advance(2);
                    continue;
                }
                case '\'':
                    if (dqLike) {
                        break;
                    }
                    flush(parts, lit);
                    parts.add(new WordPart.SingleQuoted(readSingleQuoted()));
                    continue;
                case '"':
                    if (mode == Mode.HEREDOC || inDq) {
                        if (inDq && mode == Mode.BRACE_ARG) {
                            // "${x:-"a b"}": nested quotes inside a quoted expansion
                            flush(parts, lit);
                            parts.add(readDoubleQuoted());
                            continue;
                        }
                        break;
                    }
                    flush(parts, lit);
                    parts.add(readDoubleQuoted());
                    continue;
                case '$':
                    flush(parts, lit);
                    readDollar(parts, lit, dqLike);
                    continue;
                case '`':
                    flush(parts, lit);
                    parts.add(readBackquote(mode == Mode.DOUBLE_QUOTED || inDq));
                    continue;
                case '@':
                case '!':
                case '+':
                case '*':
                case '?':
                    if ((mode == Mode.WORD || mode == Mode.EXTGLOB || mode == Mode.BRACE_ARG)
                            && !inDq
                            && peek(1) == '(') {
                        lit.append(c).append('(');
                        pos += 2;
                        readParts(parts, lit, Mode.EXTGLOB, false, false, null);
                        if (peek() != ')') {
                            throw eofError("unexpected EOF while looking for matching `)'");
                        }
                        lit.append(')');
                        pos++;
                        continue;
                    }
                    break;
                default:
                    break;
            }
            lit.append(c);
            advance();
        }
    }

    private static boolean isArrayAssignmentPrefix(StringBuilder lit) {
        int n = lit.length();
        if (n < 2 || lit.charAt(n - 1) != '=') {
            return false;
        }
        int end = n - 1;
        if (lit.charAt(end - 1) == '+') {
            end--;
        }
        // name[i]=(...) is read like bash reads it, and refused when it runs: a list cannot go into one element
        int bracket = lit.indexOf("[");
        if (bracket > 0 && end > bracket && lit.charAt(end - 1) == ']') {
            return isName(lit.subSequence(0, bracket));
        }
        return isName(lit.subSequence(0, end));
    }

    private String readSingleQuoted() throws ParseError {
        int start = pos + 1;
        int end = start;
        while (end < len && src[end] != '\'') {
            end++;
        }
        if (end >= len) {
            pos = len;
            throw eofError("unexpected EOF while looking for matching `''");
        }
        String s = new String(src, start, end - start);
        while (pos <= end) {
            advance();
        }
        return s;
    }

    private WordPart.DoubleQuoted readDoubleQuoted() throws ParseError {
        pos++;
        List<WordPart> inner = new ArrayList<>(2);
        StringBuilder lit = new StringBuilder();
        readParts(inner, lit, Mode.DOUBLE_QUOTED, true, false, null);
        flush(inner, lit);
        if (pos >= len) {
            throw eofError("unexpected EOF while looking for matching `\"'");
        }
        pos++;
        return new WordPart.DoubleQuoted(inner);
    }

    private void readProcessSubstitution(List<WordPart> parts) throws ParseError {
        boolean output = src[pos] == '>';
        pos += 2;
        int start = pos;
        CommandNode body = parser.parseSubstitution();
        String source = text(start, pos - 1);
        parts.add(new WordPart.ProcessSubstitution(output, body, source));
    }

    private void readArrayLiteral(List<WordPart> parts, StringBuilder lit) throws ParseError {
        int start = pos - lit.length();
        String header = lit.toString();
        lit.setLength(0);
        boolean append = header.endsWith("+=");
        String name = header.substring(0, header.length() - (append ? 2 : 1));
        pos++;
        List<ArrayElement> elements = new ArrayList<>();
        while (true) {
            while (pos < len) {
                char c = src[pos];
                if (c == ' ' || c == '\t' || c == '\n') {
                    advance();
                } else if (c == '\\' && peek(1) == '\n') {
                    advance(2);
                } else if (c == '#') {
                    while (pos < len && src[pos] != '\n') {
                        pos++;
                    }
                } else {
                    break;
                }
            }
            if (pos >= len) {
                throw eofError("unexpected EOF while looking for matching `)'");
            }
            if (src[pos] == ')') {
                pos++;
                break;
            }
            Word w = readWord(false);
            if (w.parts().isEmpty()) {
                throw error("syntax error near unexpected token `" + src[pos] + "'");
            }
            elements.add(arrayElement(w));
        }
        parts.add(new WordPart.ArrayLiteral(name, append, List.copyOf(elements), text(start, pos)));
    }

    /** Splits {@code [key]=value} (or {@code [key]+=value}) into its pieces; a plain word is a value. */
    static ArrayElement arrayElement(Word w) {
        SubscriptSplit split = splitSubscript(w.parts(), 0);
        if (split == null) {
            return new ArrayElement(null, w, false);
        }
        return new ArrayElement(new Word(split.key, w.pos()), new Word(split.rest, w.pos()), split.append);
    }

    /** The pieces of {@code [key]=rest}, where the text starts at character {@code skip} of the first literal. */
    record SubscriptSplit(List<WordPart> key, boolean append, List<WordPart> rest) {}

    static SubscriptSplit splitSubscript(List<WordPart> parts, int skip) {
        if (parts.isEmpty() || !(parts.get(0) instanceof WordPart.Literal first)) {
            return null;
        }
        if (first.text().length() <= skip || first.text().charAt(skip) != '[') {
            return null;
        }
        List<WordPart> key = new ArrayList<>();
        int depth = 0;
        for (int i = 0; i < parts.size(); i++) {
            WordPart part = parts.get(i);
            if (!(part instanceof WordPart.Literal l)) {
                key.add(part);
                continue;
            }
            String t = l.text();
            int from = i == 0 ? skip + 1 : 0;
            for (int k = from; k < t.length(); k++) {
                char c = t.charAt(k);
                if (c == '[') {
                    depth++;
                } else if (c == ']') {
                    if (depth > 0) {
                        depth--;
                        continue;
                    }
                    boolean append = k + 2 < t.length() + 1 && t.startsWith("+=", k + 1);
                    if (!append && !(k + 1 < t.length() && t.charAt(k + 1) == '=')) {
                        return null;
                    }
                    if (k > from) {
                        key.add(new WordPart.Literal(t.substring(from, k)));
                    }
                    List<WordPart> rest = new ArrayList<>();
                    String after = t.substring(k + (append ? 3 : 2));
                    if (!after.isEmpty()) {
                        rest.add(new WordPart.Literal(after));
                    }
                    rest.addAll(parts.subList(i + 1, parts.size()));
                    return new SubscriptSplit(key, append, rest);
                }
            }
            if (t.length() > from) {
                key.add(new WordPart.Literal(t.substring(from)));
            }
        }
        return null;
    }

    // ---- $ expansions ----

    private void readDollar(List<WordPart> parts, StringBuilder lit, boolean inDq) throws ParseError {
        int n = peek(1);
        int start = pos;
        switch (n) {
            case '(':
                if (peek(2) == '(') {
                    Mark m = mark();
                    pos += 3;
                    int exprStart = pos;
                    try {
                        Word w = readArithWord(Mode.ARITH);
                        if (peek() == ')' && peek(1) == ')') {
                            String source = text(exprStart, pos);
                            pos += 2;
                            parts.add(new WordPart.ArithmeticExpansion(new ArithText(w, source)));
                            return;
                        }
                    } catch (ParseError e) {
                        // not arithmetic: a command substitution starting with a subshell
                    }
                    reset(m);
                }
                pos += 2;
                int bodyStart = pos;
                CommandNode body = parser.parseSubstitution();
                parts.add(new WordPart.CommandSubstitution(body, false, text(bodyStart, pos - 1)));
                return;
            case '{':
                parts.add(readBraceParam(inDq));
                return;
            case '[': {
                pos += 2;
                int exprStart = pos;
                Word w = readArithWord(Mode.ARITH_BRACKET);
                if (peek() != ']') {
                    throw eofError("unexpected EOF while looking for matching `]'");
                }
                String source = text(exprStart, pos);
                pos++;
                parts.add(new WordPart.ArithmeticExpansion(new ArithText(w, source)));
                return;
            }
            case '\'':
                if (!inDq) {
                    pos += 2;
                    parts.add(new WordPart.SingleQuoted(readAnsiC(true)));
                    return;
                }
                break;
            case '"':
                if (!inDq) {
                    pos++;
                    parts.add(readDoubleQuoted());
                    return;
                }
                break;
            default:
                if (isNameStart(n)) {
                    int end = pos + 1;
                    while (end < len && isNameChar(src[end])) {
                        end++;
                    }
                    String name = text(pos + 1, end);
                    pos = end;
                    parts.add(new WordPart.Param(ParamExpansion.simple(name, text(start, end))));
                    return;
                }
                if (isDigit(n) || n == '@' || n == '*' || n == '#' || n == '?' || n == '-' || n == '$' || n == '!') {
                    pos += 2;
                    parts.add(new WordPart.Param(ParamExpansion.simple(String.valueOf((char) n), text(start, pos))));
                    return;
                }
                break;
        }
        lit.append('$');
        pos++;
    }

    private WordPart readBackquote(boolean inDq) throws ParseError {
        int i = pos + 1;
        StringBuilder sb = new StringBuilder();
        while (i < len && src[i] != '`') {
            char ch = src[i];
            if (ch == '\\' && i + 1 < len) {
                char nx = src[i + 1];
                if (nx == '$' || nx == '`' || nx == '\\' || (inDq && nx == '"')) {
                    sb.append(nx);
                } else {
                    sb.append('\\').append(nx);
                }
                i += 2;
                continue;
            }
            sb.append(ch);
            i++;
        }
        if (i >= len) {
            pos = len;
            throw eofError("unexpected EOF while looking for matching ``'");
        }
        int startLine = line;
        String source = text(pos + 1, i);
        while (pos <= i) {
            advance();
        }
        CommandNode body = parser.parseNestedSource(sb.toString(), startLine);
        return new WordPart.CommandSubstitution(body, true, source);
    }

    /** Decodes C escapes up to the closing quote (or, when {@code untilQuote} is false, the end of input). */
    String readAnsiC(boolean untilQuote) throws ParseError {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        while (true) {
            if (pos >= len) {
                if (!untilQuote) {
                    break;
                }
                throw eofError("unexpected EOF while looking for matching `''");
            }
            char c = src[pos];
            if (c == '\'' && untilQuote) {
                pos++;
                break;
            }
            if (c != '\\' || pos + 1 >= len) {
                appendUtf8(bytes, c);
                advance();
                continue;
            }
            char e = src[pos + 1];
            pos += 2;
            switch (e) {
                case 'a' -> bytes.write(7);
                case 'b' -> bytes.write(8);
                case 'e', 'E' -> bytes.write(27);
                case 'f' -> bytes.write(12);
                case 'n' -> bytes.write('\n');
                case 'r' -> bytes.write('\r');
                case 't' -> bytes.write('\t');
                case 'v' -> bytes.write(11);
                case '\\' -> bytes.write('\\');
                case '\'' -> bytes.write('\'');
                case '"' -> bytes.write('"');
                case '?' -> bytes.write('?');
                case 'c' -> {
                    if (pos < len) {
                        char x = src[pos++];
                        bytes.write(x == '?' ? 127 : (Character.toUpperCase(x) & 0x1f));
                    } else {
                        bytes.write('\\');
                        bytes.write('c');
                    }
                }
                case 'x' -> {
                    int v = 0;
                    int digits = 0;
                    while (digits < 2 && pos < len && Character.digit(src[pos], 16) >= 0) {
                        v = v * 16 + Character.digit(src[pos++], 16);
                        digits++;
                    }
                    if (digits == 0) {
                        bytes.write('\\');
                        bytes.write('x');
                    } else {
                        bytes.write(v);
                    }
                }
                case 'u', 'U' -> {
                    int max = e == 'u' ? 4 : 8;
                    long v = 0;
                    int digits = 0;
                    while (digits < max && pos < len && Character.digit(src[pos], 16) >= 0) {
                        v = v * 16 + Character.digit(src[pos++], 16);
                        digits++;
                    }
                    if (digits == 0) {
                        bytes.write('\\');
                        bytes.write(e);
                    } else {
                        byte[] b = Utf8.encodeEscape(v);
                        bytes.write(b, 0, b.length);
                    }
                }
                case '0', '1', '2', '3', '4', '5', '6', '7' -> {
                    int v = e - '0';
                    int digits = 1;
                    while (digits < 3 && pos < len && src[pos] >= '0' && src[pos] <= '7') {
                        v = v * 8 + (src[pos++] - '0');
                        digits++;
                    }
                    bytes.write(v & 0xff);
                }
                case '\n' -> {
                    line++;
                    lineStart = pos;
                    bytes.write('\\');
                    bytes.write('\n');
                }
                default -> {
                    bytes.write('\\');
                    appendUtf8(bytes, e);
                }
            }
        }
        byte[] b = bytes.toByteArray();
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 0) {
                // a shell string ends at a NUL byte
                return dev.shellbox.shell.io.Text.decode(b, 0, i);
            }
        }
        return dev.shellbox.shell.io.Text.decode(b);
    }

    private static void appendUtf8(java.io.ByteArrayOutputStream out, char c) {
        if (c < 0x80) {
            out.write(c);
        } else {
            dev.shellbox.shell.io.Text.encodeTo(String.valueOf(c), out);
        }
    }

    /** Reads {@code ${...}}; malformed contents become a {@link WordPart.BadSubstitution} that fails when expanded. */
    private WordPart readBraceParam(boolean inDq) throws ParseError {
        int start = pos;
        Mark m = mark();
        pos += 2;
        WordPart result = tryBraceParam(start, inDq);
        if (result != null) {
            return result;
        }
        reset(m);
        // skip to the matching brace
        int depth = 0;
        pos += 2;
        while (pos < len) {
            char c = src[pos];
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                if (depth == 0) {
                    pos++;
                    return new WordPart.BadSubstitution(text(start, pos));
                }
                depth--;
            } else if (c == '\\' && pos + 1 < len) {
                advance();
            }
            advance();
        }
        throw eofError("unexpected EOF while looking for matching `}'");
    }

    private WordPart tryBraceParam(int start, boolean inDq) throws ParseError {
        boolean length = false;
        boolean indirect = false;
        int c = peek();
        if (c == '#') {
            int n = peek(1);
            if (n != '}' && n != ':' && isParamStart(n) && !(n == '#' && peek(2) != '}' && peek(2) != '[')) {
                length = true;
                pos++;
            }
        } else if (c == '!') {
            int n = peek(1);
            if (n != '}' && isParamStart(n) && n != '-' && n != '=' && n != '?' && n != '+') {
                indirect = true;
                pos++;
            } else if (n == '@' || n == '*') {
                indirect = true;
                pos++;
            }
        }
        String name = readParamName();
        if (name == null) {
            return null;
        }
        Word index = null;
        if (peek() == '[' && isNameStart(name.charAt(0))) {
            pos++;
            Pos ip = position();
            List<WordPart> parts = new ArrayList<>();
            StringBuilder lit = new StringBuilder();
            readParts(parts, lit, Mode.SUBSCRIPT, false, false, null);
            flush(parts, lit);
            if (peek() != ']') {
                return null;
            }
            pos++;
            index = new Word(parts, ip);
        }
        if (indirect && index == null && (peek() == '*' || peek() == '@') && peek(1) == '}') {
            ParamExpansion.Operator op =
                    peek() == '*' ? ParamExpansion.Operator.NAMES_STAR : ParamExpansion.Operator.NAMES_AT;
            pos += 2;
            return param(name, null, op, false, false, null, null, start);
        }
        if (length) {
            if (peek() != '}') {
                return null;
            }
            pos++;
            return param(name, index, ParamExpansion.Operator.LENGTH, false, false, null, null, start);
        }
        c = peek();
        ParamExpansion.Operator op;
        boolean colon = false;
        switch (c) {
            case '}':
                pos++;
                return param(name, index, ParamExpansion.Operator.NONE, false, indirect, null, null, start);
            case ':': {
                int n = peek(1);
                if (n == '-' || n == '=' || n == '?' || n == '+') {
                    colon = true;
                    pos += 2;
                    op = valueOperator(n);
                    break;
                }
                pos++;
                Word offset = readBraceArg(false, ":");
                Word count = null;
                if (peek() == ':') {
                    pos++;
                    count = readBraceArg(false, null);
                }
                if (peek() != '}') {
                    return null;
                }
                pos++;
                return param(name, index, ParamExpansion.Operator.SUBSTRING, false, indirect, offset, count, start);
            }
            case '-':
            case '=':
            case '?':
            case '+':
                pos++;
                op = valueOperator(c);
                break;
            case '#':
                pos++;
                if (peek() == '#') {
                    pos++;
                    op = ParamExpansion.Operator.REMOVE_LONG_PREFIX;
                } else {
                    op = ParamExpansion.Operator.REMOVE_SHORT_PREFIX;
                }
                return finishPatternOp(name, index, op, indirect, start);
            case '%':
                pos++;
                if (peek() == '%') {
                    pos++;
                    op = ParamExpansion.Operator.REMOVE_LONG_SUFFIX;
                } else {
                    op = ParamExpansion.Operator.REMOVE_SHORT_SUFFIX;
                }
                return finishPatternOp(name, index, op, indirect, start);
            case '^':
                pos++;
                if (peek() == '^') {
                    pos++;
                    op = ParamExpansion.Operator.UPPER_ALL;
                } else {
                    op = ParamExpansion.Operator.UPPER_FIRST;
                }
                return finishPatternOp(name, index, op, indirect, start);
            case ',':
                pos++;
                if (peek() == ',') {
                    pos++;
                    op = ParamExpansion.Operator.LOWER_ALL;
                } else {
                    op = ParamExpansion.Operator.LOWER_FIRST;
                }
                return finishPatternOp(name, index, op, indirect, start);
            case '/': {
                pos++;
                op = ParamExpansion.Operator.REPLACE_FIRST;
                if (peek() == '/') {
                    pos++;
                    op = ParamExpansion.Operator.REPLACE_ALL;
                } else if (peek() == '#') {
                    pos++;
                    op = ParamExpansion.Operator.REPLACE_PREFIX;
                } else if (peek() == '%') {
                    pos++;
                    op = ParamExpansion.Operator.REPLACE_SUFFIX;
                }
                Word pattern = readBraceArg(false, "/");
                Word replacement = null;
                if (peek() == '/') {
                    pos++;
                    replacement = readBraceArg(false, null);
                }
                if (peek() != '}') {
                    return null;
                }
                pos++;
                return param(name, index, op, false, indirect, pattern, replacement, start);
            }
            case '@': {
                pos++;
                Word arg = readBraceArg(false, null);
                if (peek() != '}') {
                    return null;
                }
                pos++;
                return param(name, index, ParamExpansion.Operator.TRANSFORM, false, indirect, arg, null, start);
            }
            default:
                return null;
        }
        // value operators: - = ? +; inside double quotes, single quotes are literal
        Word arg = readBraceArg(inDq, null);
        if (peek() != '}') {
            return null;
        }
        pos++;
        return param(name, index, op, colon, indirect, arg, null, start);
    }

    private WordPart finishPatternOp(String name, Word index, ParamExpansion.Operator op, boolean indirect, int start)
            throws ParseError {
        Word arg = readBraceArg(false, null);
        if (peek() != '}') {
            return null;
        }
        pos++;
        return param(name, index, op, false, indirect, arg, null, start);
    }

    private static ParamExpansion.Operator valueOperator(int c) {
        return switch (c) {
            case '-' -> ParamExpansion.Operator.DEFAULT;
            case '=' -> ParamExpansion.Operator.ASSIGN;
            case '?' -> ParamExpansion.Operator.ERROR;
            default -> ParamExpansion.Operator.ALTERNATE;
        };
    }

    private WordPart param(
            String name,
            Word index,
            ParamExpansion.Operator op,
            boolean colon,
            boolean indirect,
            Word arg,
            Word arg2,
            int start) {
        return new WordPart.Param(new ParamExpansion(name, index, op, colon, indirect, arg, arg2, text(start, pos)));
    }

    private Word readBraceArg(boolean inDq, String stops) throws ParseError {
        Pos p = position();
        List<WordPart> parts = new ArrayList<>(2);
        StringBuilder lit = new StringBuilder();
        readParts(parts, lit, Mode.BRACE_ARG, inDq, false, stops);
        flush(parts, lit);
        if (pos >= len) {
            throw eofError("unexpected EOF while looking for matching `}'");
        }
        return new Word(parts, p);
    }

    private static boolean isParamStart(int c) {
        return isNameStart(c)
                || isDigit(c)
                || c == '@'
                || c == '*'
                || c == '#'
                || c == '?'
                || c == '-'
                || c == '$'
                || c == '!';
    }

    private String readParamName() {
        int c = peek();
        if (isNameStart(c)) {
            int start = pos;
            while (pos < len && isNameChar(src[pos])) {
                pos++;
            }
            return text(start, pos);
        }
        if (isDigit(c)) {
            int start = pos;
            while (pos < len && isDigit(src[pos])) {
                pos++;
            }
            return text(start, pos);
        }
        if (c == '@' || c == '*' || c == '#' || c == '?' || c == '-' || c == '$' || c == '!') {
            pos++;
            return String.valueOf((char) c);
        }
        return null;
    }
}
