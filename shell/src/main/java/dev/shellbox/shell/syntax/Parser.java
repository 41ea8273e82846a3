package dev.shellbox.shell.syntax;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Recursive-descent parser for bash. A script is read one complete command at a time ({@link #next()}), as bash
 * does, so that aliases defined by one command apply to the next and a syntax error stops the script only where it
 * occurs.
 */
public final class Parser {
    private static final Set<String> DECLARATION_BUILTINS = Set.of("declare", "typeset", "local", "export", "readonly");
    private static final Set<String> LIST_TERMINATORS = Set.of("then", "else", "elif", "fi", "do", "done", "esac", "}");
    private static final int MAX_NESTING = 1000;

    private final Lexer lexer;
    private final AliasResolver aliases;
    private final String source;
    private final int firstLine;
    private Token peeked;
    private int nesting;
    private int substitutionDepth;

    /** Looks up alias values while parsing; null when aliases are off. */
    @FunctionalInterface
    public interface AliasResolver {
        /** The alias value, or null if {@code name} is not an alias. */
        String lookup(String name);
    }

    public Parser(String source, String sourceName) {
        this(source, sourceName, 1, null);
    }

    public Parser(String source, String sourceName, int firstLine, AliasResolver aliases) {
        this.aliases = aliases;
        this.source = source;
        this.firstLine = firstLine;
        this.lexer = new Lexer(source, sourceName, firstLine, this);
    }

    /** Parses a whole script without aliases. */
    public static CommandNode parse(String source, String sourceName) throws ParseError {
        return new Parser(source, sourceName).parseAll();
    }

    AliasResolver aliases() {
        return aliases;
    }

    /** Warnings to print (a here-document ended by end of file); cleared by the caller. */
    public List<String> warnings() {
        return lexer.warnings();
    }

    /** The text of a source line (for error messages), or null. */
    public String sourceLine(int line) {
        int index = line - firstLine;
        if (index < 0) {
            return null;
        }
        int start = 0;
        for (int i = 0; i < index; i++) {
            int nl = source.indexOf('\n', start);
            if (nl < 0) {
                return null;
            }
            start = nl + 1;
        }
        int end = source.indexOf('\n', start);
        return source.substring(start, end < 0 ? source.length() : end);
    }

    /** The line the parser has reached. */
    public int line() {
        return lexer.line();
    }

    /** How far into the source text the parser has read (for {@code set -v}, which echoes input as it is read). */
    public int offset() {
        return lexer.offset();
    }

    // ---- entry points ----

    /** The next complete command (a list ended by a newline), or null at the end of input. */
    public CommandNode next() throws ParseError {
        while (true) {
            Token t = peek(true);
            if (t.kind() == Token.Kind.NEWLINE) {
                consume();
                continue;
            }
            if (t.kind() == Token.Kind.EOF) {
                return null;
            }
            break;
        }
        CommandNode list = parseList(true);
        Token t = peek(false);
        if (t.kind() == Token.Kind.NEWLINE) {
            consume();
        } else if (t.kind() != Token.Kind.EOF) {
            throw unexpected(t);
        }
        return list;
    }

    /** The whole input as one sequence. */
    public CommandNode parseAll() throws ParseError {
        List<CommandNode> all = new ArrayList<>();
        CommandNode c;
        while ((c = next()) != null) {
            all.add(c);
        }
        if (all.size() == 1) {
            return all.get(0);
        }
        return new CommandNode.Sequence(
                all.isEmpty() ? new Pos(1, 1) : all.get(0).pos(), List.copyOf(all));
    }

    /** Parses the body of {@code $(...)} or {@code <(...)} up to and including the closing parenthesis. */
    CommandNode parseSubstitution() throws ParseError {
        Token saved = peeked;
        peeked = null;
        substitutionDepth++;
        enter();
        try {
            Pos p = lexer.position();
            CommandNode body = parseCompoundList();
            Token t = next(false);
            if (t.kind() != Token.Kind.RPAREN) {
                if (t.kind() == Token.Kind.EOF) {
                    throw lexer.eofError("unexpected EOF while looking for matching `)'");
                }
                throw unexpected(t);
            }
            return body == null ? new CommandNode.Empty(p) : body;
        } finally {
            nesting--;
            substitutionDepth--;
            peeked = saved;
        }
    }

    /** Parses the text of a backquoted command. */
    CommandNode parseNestedSource(String text, int line) throws ParseError {
        Parser nested = new Parser(text, lexer.sourceName(), line, aliases);
        nested.nesting = nesting + 1;
        if (nested.nesting > MAX_NESTING) {
            throw lexer.error("maximum nesting depth exceeded");
        }
        return nested.parseAll();
    }

    /** Parses an unquoted here-document body. */
    Word parseHereDocBody(String body, int line) throws ParseError {
        Parser nested = new Parser(body, lexer.sourceName(), line, null);
        nested.nesting = nesting + 1;
        return nested.lexer.readHereDocWord();
    }

    /** Parses a string as a word whose parts are expanded as in double quotes (for arithmetic text given at run time). */
    public static Word parseArithmeticWord(String text) throws ParseError {
        Parser p = new Parser(text, "arith", 1, null);
        return p.lexer.readArithWord(Lexer.Mode.HEREDOC);
    }

    /** Decodes the C escapes of {@code $'...'} in a string (for {@code ${x@E}}, {@code echo -e}-like uses). */
    public static String parseAnsiC(String text) throws ParseError {
        Parser p = new Parser(text, "string", 1, null);
        return p.lexer.readAnsiC(false);
    }

    /** Parses a string as the inside of a subscript {@code [...]}: blanks are literal, quotes and expansions work. */
    public static Word parseSubscriptWord(String text) throws ParseError {
        Parser p = new Parser(text, "subscript", 1, null);
        return p.lexer.readArithWord(Lexer.Mode.SUBSCRIPT);
    }

    /** Parses a string as one unquoted word, e.g. a pattern given at run time. */
    public static Word parseWord(String text) throws ParseError {
        Parser p = new Parser(text, "word", 1, null);
        return p.lexer.readWord(false);
    }

    // ---- tokens ----

    private Token peek(boolean commandStart) throws ParseError {
        if (peeked == null) {
            peeked = lexer.next(commandStart, commandStart);
        }
        return peeked;
    }

    private Token peekWord(boolean commandStart, boolean assignments) throws ParseError {
        if (peeked == null) {
            peeked = lexer.next(commandStart, assignments);
        }
        return peeked;
    }

    private Token next(boolean commandStart) throws ParseError {
        Token t = peek(commandStart);
        peeked = null;
        return t;
    }

    private void consume() {
        peeked = null;
    }

    private void skipNewlines() throws ParseError {
        while (peek(true).kind() == Token.Kind.NEWLINE) {
            consume();
        }
    }

    private void enter() throws ParseError {
        if (++nesting > MAX_NESTING) {
            throw lexer.error("maximum nesting depth exceeded");
        }
    }

    ParseError unexpected(Token t) {
        if (t.kind() == Token.Kind.EOF) {
            return new ParseError(
                    "syntax error: unexpected end of file",
                    lexer.sourceName(),
                    t.pos().line(),
                    t.pos().column(),
                    true);
        }
        return new ParseError(
                "syntax error near unexpected token `" + t.describe() + "'",
                lexer.sourceName(),
                t.pos().line(),
                t.pos().column(),
                false);
    }

    private void expectWord(String word) throws ParseError {
        Token t = next(true);
        if (!t.isWord(word)) {
            throw unexpected(t);
        }
    }

    private static boolean isListTerminator(Token t) {
        switch (t.kind()) {
            case EOF, RPAREN, DSEMI, SEMI_AMP, DSEMI_AMP:
                return true;
            case WORD:
                String lit = t.literal();
                return lit != null && LIST_TERMINATORS.contains(lit);
            default:
                return false;
        }
    }

    // ---- lists ----

    /**
     * A list of and-or lists separated by {@code ;}, {@code &} and (unless {@code top}) newlines. At the top level it
     * stops at a newline. Returns null when the list is empty.
     */
    private CommandNode parseList(boolean top) throws ParseError {
        List<CommandNode> items = new ArrayList<>();
        Pos p = null;
        while (true) {
            if (!top) {
                skipNewlines();
            }
            Token t = peek(true);
            if (isListTerminator(t) || (top && t.kind() == Token.Kind.NEWLINE)) {
                break;
            }
            if (p == null) {
                p = t.pos();
            }
            CommandNode andOr = parseAndOr();
            t = peek(false);
            if (t.kind() == Token.Kind.AMP) {
                consume();
                items.add(new CommandNode.Background(andOr.pos(), andOr));
                continue;
            }
            items.add(andOr);
            if (t.kind() == Token.Kind.SEMI) {
                consume();
                continue;
            }
            if (t.kind() == Token.Kind.NEWLINE) {
                if (top) {
                    break;
                }
                continue;
            }
            break;
        }
        if (items.isEmpty()) {
            return null;
        }
        if (items.size() == 1) {
            return items.get(0);
        }
        return new CommandNode.Sequence(p, List.copyOf(items));
    }

    private CommandNode parseCompoundList() throws ParseError {
        return parseList(false);
    }

    /** A compound list that must not be empty; {@code what} is the token expected after it. */
    private CommandNode parseBody() throws ParseError {
        CommandNode body = parseCompoundList();
        if (body == null) {
            throw unexpected(peek(true));
        }
        return body;
    }

    private CommandNode parseAndOr() throws ParseError {
        CommandNode left = parsePipeline();
        while (true) {
            Token t = peek(false);
            if (t.kind() != Token.Kind.AND_IF && t.kind() != Token.Kind.OR_IF) {
                return left;
            }
            consume();
            skipNewlines();
            CommandNode right = parsePipeline();
            left = new CommandNode.AndOr(left.pos(), left, t.kind() == Token.Kind.AND_IF, right);
        }
    }

    private CommandNode parsePipeline() throws ParseError {
        Token t = peek(true);
        Pos p = t.pos();
        boolean timed = false;
        boolean posix = false;
        boolean negated = false;
        if (t.isWord("time")) {
            consume();
            timed = true;
            t = peek(true);
            if (t.isWord("-p")) {
                consume();
                posix = true;
                t = peek(true);
            }
        }
        while (t.isWord("!")) {
            consume();
            negated = !negated;
            t = peek(true);
        }
        if (timed || negated) {
            if (t.kind() == Token.Kind.NEWLINE
                    || t.kind() == Token.Kind.EOF
                    || t.kind() == Token.Kind.SEMI
                    || t.kind() == Token.Kind.AMP
                    || (timed && isListTerminator(t))) {
                if (!timed) {
                    throw unexpected(t);
                }
                return new CommandNode.Pipeline(p, List.of(), negated, true, posix);
            }
        }
        List<CommandNode> stages = new ArrayList<>(2);
        stages.add(parseCommand());
        while (true) {
            t = peek(false);
            if (t.kind() != Token.Kind.PIPE && t.kind() != Token.Kind.PIPE_AMP) {
                break;
            }
            consume();
            if (t.kind() == Token.Kind.PIPE_AMP) {
                int last = stages.size() - 1;
                stages.set(last, withStderrToStdout(stages.get(last), t.pos()));
            }
            skipNewlines();
            stages.add(parseCommand());
        }
        if (stages.size() == 1 && !timed && !negated) {
            return stages.get(0);
        }
        return new CommandNode.Pipeline(p, List.copyOf(stages), negated, timed, posix);
    }

    private static CommandNode withStderrToStdout(CommandNode stage, Pos p) {
        Redirect dup = new Redirect(p, 2, null, Redirect.Operator.DUP_OUTPUT, Word.literal("1"), null);
        if (stage instanceof CommandNode.Simple s) {
            List<Redirect> r = new ArrayList<>(s.redirects());
            r.add(dup);
            return new CommandNode.Simple(s.pos(), s.assignments(), s.words(), List.copyOf(r));
        }
        if (stage instanceof CommandNode.Redirected r) {
            List<Redirect> all = new ArrayList<>(r.redirects());
            all.add(dup);
            return new CommandNode.Redirected(r.pos(), r.command(), List.copyOf(all));
        }
        return new CommandNode.Redirected(stage.pos(), stage, List.of(dup));
    }

    // ---- commands ----

    private CommandNode parseCommand() throws ParseError {
        enter();
        try {
            Token t = peek(true);
            CommandNode compound = null;
            switch (t.kind()) {
                case WORD: {
                    String lit = t.literal();
                    if (lit != null) {
                        switch (lit) {
                            case "if" -> compound = parseIf();
                            case "while", "until" -> compound = parseWhile();
                            case "for" -> compound = parseFor();
                            case "select" -> compound = parseSelect();
                            case "case" -> compound = parseCase();
                            case "{" -> compound = parseGroup();
                            case "[[" -> compound = parseCond();
                            case "function" -> {
                                return parseFunctionKeyword();
                            }
                            case "coproc" -> {
                                return parseCoproc();
                            }
                            case "then", "else", "elif", "fi", "do", "done", "esac", "}", "in", "]]" -> {
                                if (!lit.equals("in") && !lit.equals("]]")) {
                                    throw unexpected(t);
                                }
                            }
                            default -> {}
                        }
                    }
                    break;
                }
                case LPAREN:
                    compound = parseSubshell();
                    break;
                case DPAREN:
                    consume();
                    compound = new CommandNode.Arith(t.pos(), t.arith());
                    break;
                case REDIRECT:
                    break;
                default:
                    throw unexpected(t);
            }
            if (compound != null) {
                return withRedirects(compound);
            }
            return parseSimpleCommand();
        } finally {
            nesting--;
        }
    }

    private CommandNode withRedirects(CommandNode compound) throws ParseError {
        List<Redirect> redirects = null;
        while (true) {
            Token t = peek(false);
            if (t.kind() != Token.Kind.REDIRECT) {
                break;
            }
            consume();
            if (redirects == null) {
                redirects = new ArrayList<>();
            }
            redirects.add(parseRedirect(t));
        }
        if (redirects == null) {
            return compound;
        }
        return new CommandNode.Redirected(compound.pos(), compound, List.copyOf(redirects));
    }

    private CommandNode parseSimpleCommand() throws ParseError {
        Pos p = peek(true).pos();
        List<Assignment> assignments = new ArrayList<>();
        List<Word> words = new ArrayList<>();
        List<Redirect> redirects = new ArrayList<>();
        boolean declaration = false;
        while (true) {
            boolean atStart = words.isEmpty();
            Token t = peekWord(atStart, atStart);
            if (t.kind() == Token.Kind.REDIRECT) {
                consume();
                redirects.add(parseRedirect(t));
                continue;
            }
            if (t.kind() != Token.Kind.WORD) {
                if (t.kind() == Token.Kind.LPAREN
                        && words.size() == 1
                        && assignments.isEmpty()
                        && redirects.isEmpty()) {
                    return parseFunctionDef(words.get(0), p);
                }
                if (t.kind() == Token.Kind.LPAREN || t.kind() == Token.Kind.DPAREN) {
                    throw unexpected(t);
                }
                break;
            }
            consume();
            Word w = t.word();
            if (atStart) {
                Assignment a = Assignments.parse(w);
                if (a != null) {
                    assignments.add(a);
                    continue;
                }
                if (isArrayLiteral(w)) {
                    throw new ParseError(
                            "syntax error near unexpected token `('",
                            lexer.sourceName(),
                            t.pos().line(),
                            t.pos().column(),
                            false);
                }
                String lit = w.literalText();
                declaration = lit != null && DECLARATION_BUILTINS.contains(lit);
            } else if (isArrayLiteral(w) && !declaration && !isDeclarationPrefix(words)) {
                throw new ParseError(
                        "syntax error near unexpected token `('",
                        lexer.sourceName(),
                        t.pos().line(),
                        t.pos().column(),
                        false);
            }
            words.add(w);
        }
        if (assignments.isEmpty() && words.isEmpty() && redirects.isEmpty()) {
            throw unexpected(peek(false));
        }
        return new CommandNode.Simple(p, List.copyOf(assignments), List.copyOf(words), List.copyOf(redirects));
    }

    private static boolean isDeclarationPrefix(List<Word> words) {
        for (Word w : words) {
            String lit = w.literalText();
            if (lit == null) {
                return false;
            }
            if (DECLARATION_BUILTINS.contains(lit)) {
                return true;
            }
            if (!lit.equals("builtin") && !lit.equals("command") && !lit.startsWith("-")) {
                return false;
            }
        }
        return false;
    }

    private static boolean isArrayLiteral(Word w) {
        return w.parts().size() == 1 && w.parts().get(0) instanceof WordPart.ArrayLiteral;
    }

    private Redirect parseRedirect(Token op) throws ParseError {
        Token target = next(false);
        if (target.kind() != Token.Kind.WORD) {
            throw unexpected(target);
        }
        Word w = target.word();
        if (op.redirect() == Redirect.Operator.HEREDOC) {
            boolean quoted = w.hasQuotes();
            String delimiter = w.unquotedText();
            if (w.parts().size() > 1 || !(w.parts().get(0) instanceof WordPart.Literal)) {
                delimiter = rawDelimiter(w);
            }
            HereDoc doc = new HereDoc(delimiter, op.text().equals("<<-"), quoted);
            lexer.addHereDoc(doc);
            return new Redirect(op.pos(), op.fd(), op.fdVariable(), op.redirect(), w, doc);
        }
        return new Redirect(op.pos(), op.fd(), op.fdVariable(), op.redirect(), w, null);
    }

    /** The delimiter of a here-document: the word with quotes removed but expansions as written. */
    private static String rawDelimiter(Word w) {
        StringBuilder sb = new StringBuilder();
        for (WordPart part : w.parts()) {
            if (part instanceof WordPart.Literal l) {
                sb.append(l.text());
            } else if (part instanceof WordPart.SingleQuoted s) {
                sb.append(s.text());
            } else if (part instanceof WordPart.DoubleQuoted d) {
                for (WordPart inner : d.parts()) {
                    sb.append(inner instanceof WordPart.Literal l ? l.text() : inner.toString());
                }
            } else {
                sb.append(part);
            }
        }
        return sb.toString();
    }

    private CommandNode parseFunctionDef(Word nameWord, Pos p) throws ParseError {
        String name = nameWord.unquotedText();
        consume(); // (
        Token close = next(false);
        if (close.kind() != Token.Kind.RPAREN) {
            throw unexpected(close);
        }
        return functionBody(name, p);
    }

    private CommandNode parseFunctionKeyword() throws ParseError {
        Token kw = next(true);
        Token nameTok = next(false);
        if (nameTok.kind() != Token.Kind.WORD) {
            throw unexpected(nameTok);
        }
        String name = nameTok.word().unquotedText();
        Token t = peek(false);
        if (t.kind() == Token.Kind.LPAREN) {
            consume();
            Token close = next(false);
            if (close.kind() != Token.Kind.RPAREN) {
                throw unexpected(close);
            }
        } else if (t.kind() == Token.Kind.DPAREN) {
            throw unexpected(t);
        }
        return functionBody(name, kw.pos());
    }

    private CommandNode functionBody(String name, Pos p) throws ParseError {
        skipNewlines();
        int start = lexer.offset();
        Token t = peek(true);
        CommandNode body;
        switch (t.kind()) {
            case LPAREN:
                body = withRedirects(parseSubshell());
                break;
            case DPAREN:
                consume();
                body = withRedirects(new CommandNode.Arith(t.pos(), t.arith()));
                break;
            case WORD: {
                String lit = t.literal();
                CommandNode c;
                if ("{".equals(lit)) {
                    c = parseGroup();
                } else if ("if".equals(lit)) {
                    c = parseIf();
                } else if ("while".equals(lit) || "until".equals(lit)) {
                    c = parseWhile();
                } else if ("for".equals(lit)) {
                    c = parseFor();
                } else if ("case".equals(lit)) {
                    c = parseCase();
                } else if ("[[".equals(lit)) {
                    c = parseCond();
                } else if ("select".equals(lit)) {
                    c = parseSelect();
                } else {
                    throw unexpected(t);
                }
                body = withRedirects(c);
                break;
            }
            default:
                throw unexpected(t);
        }
        String source = lexer.text(Math.max(0, Math.min(start, lexer.offset())), lexer.offset());
        return new CommandNode.FunctionDef(p, name, body, source);
    }

    private CommandNode parseCoproc() throws ParseError {
        Token kw = next(true);
        Token t = peek(true);
        String name = "COPROC";
        if (t.kind() == Token.Kind.WORD && t.literal() != null && Lexer.isName(t.literal())) {
            // coproc NAME compound-command; a simple command has no name
            String lit = t.literal();
            if (!Set.of("if", "while", "until", "for", "case", "{", "[[", "select")
                    .contains(lit)) {
                CommandNode cmd = parseCommand();
                return new CommandNode.Coproc(kw.pos(), name, cmd);
            }
        }
        CommandNode cmd = parseCommand();
        return new CommandNode.Coproc(kw.pos(), name, cmd);
    }

    private CommandNode parseSubshell() throws ParseError {
        Token open = next(true);
        CommandNode body = parseCompoundList();
        Token close = next(false);
        if (close.kind() != Token.Kind.RPAREN) {
            throw unexpected(close);
        }
        if (body == null) {
            throw unexpected(close);
        }
        return new CommandNode.Subshell(open.pos(), body);
    }

    private CommandNode parseGroup() throws ParseError {
        Token open = next(true);
        CommandNode body = parseBody();
        Token close = next(true);
        if (!close.isWord("}")) {
            throw unexpected(close);
        }
        return new CommandNode.Group(open.pos(), body);
    }

    private CommandNode parseIf() throws ParseError {
        Token kw = next(true);
        CommandNode condition = parseBody();
        expectWord("then");
        CommandNode then = parseBody();
        Token t = next(true);
        CommandNode otherwise = null;
        if (t.isWord("elif")) {
            otherwise = parseElif(t.pos());
        } else if (t.isWord("else")) {
            otherwise = parseBody();
            expectWord("fi");
        } else if (!t.isWord("fi")) {
            throw unexpected(t);
        }
        return new CommandNode.If(kw.pos(), condition, then, otherwise);
    }

    private CommandNode parseElif(Pos p) throws ParseError {
        CommandNode condition = parseBody();
        expectWord("then");
        CommandNode then = parseBody();
        Token t = next(true);
        CommandNode otherwise = null;
        if (t.isWord("elif")) {
            otherwise = parseElif(t.pos());
        } else if (t.isWord("else")) {
            otherwise = parseBody();
            expectWord("fi");
        } else if (!t.isWord("fi")) {
            throw unexpected(t);
        }
        return new CommandNode.If(p, condition, then, otherwise);
    }

    private CommandNode parseWhile() throws ParseError {
        Token kw = next(true);
        CommandNode condition = parseBody();
        CommandNode body = parseDoGroup();
        return new CommandNode.While(kw.pos(), kw.isWord("until"), condition, body);
    }

    private CommandNode parseDoGroup() throws ParseError {
        Token t = next(true);
        if (t.isWord("{")) {
            CommandNode body = parseBody();
            expectWord("}");
            return new CommandNode.Group(t.pos(), body);
        }
        if (!t.isWord("do")) {
            throw unexpected(t);
        }
        CommandNode body = parseBody();
        expectWord("done");
        return body;
    }

    private CommandNode parseFor() throws ParseError {
        Token kw = next(true);
        Token t = next(false);
        if (t.kind() == Token.Kind.DPAREN) {
            return parseArithFor(kw.pos(), t.arith());
        }
        if (t.kind() != Token.Kind.WORD) {
            throw unexpected(t);
        }
        String name = t.word().unquotedText();
        List<Word> words = parseInWords();
        CommandNode body = parseDoGroup();
        return new CommandNode.For(kw.pos(), name, words, body);
    }

    private CommandNode parseSelect() throws ParseError {
        Token kw = next(true);
        Token t = next(false);
        if (t.kind() != Token.Kind.WORD) {
            throw unexpected(t);
        }
        String name = t.word().unquotedText();
        List<Word> words = parseInWords();
        CommandNode body = parseDoGroup();
        return new CommandNode.Select(kw.pos(), name, words, body);
    }

    /** The {@code in words ;} part of for and select; null when absent. */
    private List<Word> parseInWords() throws ParseError {
        Token t = peek(false);
        if (t.kind() == Token.Kind.SEMI) {
            consume();
            skipNewlines();
            return null;
        }
        skipNewlines();
        t = peek(true);
        if (!t.isWord("in")) {
            return null;
        }
        consume();
        List<Word> words = new ArrayList<>();
        while (true) {
            t = next(false);
            if (t.kind() == Token.Kind.WORD) {
                words.add(t.word());
                continue;
            }
            if (t.kind() == Token.Kind.SEMI || t.kind() == Token.Kind.NEWLINE) {
                skipNewlines();
                return List.copyOf(words);
            }
            throw unexpected(t);
        }
    }

    private CommandNode parseArithFor(Pos p, ArithText header) throws ParseError {
        List<ArithText> parts = splitForHeader(header);
        Token t = peek(false);
        if (t.kind() == Token.Kind.SEMI) {
            consume();
        }
        skipNewlines();
        CommandNode body = parseDoGroup();
        return new CommandNode.ArithFor(p, parts.get(0), parts.get(1), parts.get(2), body);
    }

    /** Splits {@code init; cond; step} at the top-level semicolons. */
    private List<ArithText> splitForHeader(ArithText header) throws ParseError {
        String src = header.source();
        List<ArithText> out = new ArrayList<>(3);
        int depth = 0;
        int start = 0;
        boolean inSingle = false;
        boolean inDouble = false;
        for (int i = 0; i <= src.length(); i++) {
            char c = i < src.length() ? src.charAt(i) : ';';
            if (i < src.length()) {
                if (inSingle) {
                    if (c == '\'') {
                        inSingle = false;
                    }
                    continue;
                }
                if (inDouble) {
                    if (c == '"') {
                        inDouble = false;
                    } else if (c == '\\') {
                        i++;
                    }
                    continue;
                }
                if (c == '\'') {
                    inSingle = true;
                    continue;
                }
                if (c == '"') {
                    inDouble = true;
                    continue;
                }
                if (c == '(' || c == '{' || c == '[') {
                    depth++;
                    continue;
                }
                if (c == ')' || c == '}' || c == ']') {
                    depth--;
                    continue;
                }
            }
            if (c == ';' && depth == 0) {
                String piece = src.substring(start, Math.min(i, src.length()));
                out.add(piece.isBlank() ? null : new ArithText(parseArithmeticWord(piece), piece));
                start = i + 1;
            }
        }
        if (out.size() != 3) {
            throw lexer.error("syntax error: arithmetic expression required");
        }
        return out;
    }

    private CommandNode parseCase() throws ParseError {
        Token kw = next(true);
        Token subject = next(false);
        if (subject.kind() != Token.Kind.WORD) {
            throw unexpected(subject);
        }
        skipNewlines();
        expectWord("in");
        List<CaseItem> items = new ArrayList<>();
        while (true) {
            skipNewlines();
            Token t = peek(true);
            if (t.isWord("esac")) {
                consume();
                break;
            }
            if (t.kind() == Token.Kind.LPAREN) {
                consume();
                t = peek(false);
            }
            List<Word> patterns = new ArrayList<>();
            while (true) {
                t = next(false);
                if (t.kind() != Token.Kind.WORD) {
                    throw unexpected(t);
                }
                patterns.add(t.word());
                t = next(false);
                if (t.kind() == Token.Kind.PIPE) {
                    continue;
                }
                if (t.kind() == Token.Kind.RPAREN) {
                    break;
                }
                throw unexpected(t);
            }
            CommandNode body = parseCompoundList();
            t = peek(true);
            CaseItem.Terminator term = CaseItem.Terminator.BREAK;
            switch (t.kind()) {
                case DSEMI -> consume();
                case SEMI_AMP -> {
                    consume();
                    term = CaseItem.Terminator.FALL_THROUGH;
                }
                case DSEMI_AMP -> {
                    consume();
                    term = CaseItem.Terminator.CONTINUE;
                }
                default -> {
                    if (!t.isWord("esac")) {
                        throw unexpected(t);
                    }
                }
            }
            items.add(new CaseItem(List.copyOf(patterns), body, term));
        }
        return new CommandNode.Case(kw.pos(), subject.word(), List.copyOf(items));
    }

    // ---- [[ ]] ----

    private CommandNode parseCond() throws ParseError {
        Token kw = next(true);
        if (peekCond().isWord("]]")) {
            throw unexpected(peekCond());
        }
        CondExpr e = parseCondOr();
        Token close = next(false);
        if (!close.isWord("]]")) {
            throw unexpected(close);
        }
        return new CommandNode.Cond(kw.pos(), e);
    }

    private Token peekCond() throws ParseError {
        if (peeked == null) {
            peeked = lexer.next(false, false);
        }
        while (peeked.kind() == Token.Kind.NEWLINE) {
            peeked = null;
            peeked = lexer.next(false, false);
        }
        return peeked;
    }

    private CondExpr parseCondOr() throws ParseError {
        CondExpr left = parseCondAnd();
        while (peekCond().kind() == Token.Kind.OR_IF) {
            consume();
            left = new CondExpr.Or(left, parseCondAnd());
        }
        return left;
    }

    private CondExpr parseCondAnd() throws ParseError {
        CondExpr left = parseCondNot();
        while (peekCond().kind() == Token.Kind.AND_IF) {
            consume();
            left = new CondExpr.And(left, parseCondNot());
        }
        return left;
    }

    private CondExpr parseCondNot() throws ParseError {
        Token t = peekCond();
        if (t.isWord("!")) {
            consume();
            return new CondExpr.Not(parseCondNot());
        }
        return parseCondPrimary();
    }

    private static final Set<String> COND_UNARY = Set.of(
            "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x", "-G", "-L",
            "-N", "-O", "-S", "-z", "-n", "-o", "-v", "-R");
    private static final Set<String> COND_BINARY =
            Set.of("=", "==", "!=", "=~", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef", "<", ">");

    private CondExpr parseCondPrimary() throws ParseError {
        Token t = peekCond();
        if (t.kind() == Token.Kind.LPAREN) {
            consume();
            CondExpr inner = parseCondOr();
            Token close = next(false);
            if (close.kind() != Token.Kind.RPAREN) {
                throw unexpected(close);
            }
            return inner;
        }
        if (t.kind() != Token.Kind.WORD || t.isWord("]]")) {
            throw unexpected(t);
        }
        consume();
        Word first = t.word();
        String lit = first.literalText();
        if (lit != null && COND_UNARY.contains(lit)) {
            Token operand = peekCond();
            if (operand.kind() == Token.Kind.WORD && !operand.isWord("]]")) {
                consume();
                return new CondExpr.Unary(lit, operand.word());
            }
            if (operand.isWord("]]") || operand.kind() == Token.Kind.AND_IF || operand.kind() == Token.Kind.OR_IF) {
                return new CondExpr.Single(first);
            }
            throw unexpected(operand);
        }
        Token op = peekCond();
        String opText = null;
        if (op.kind() == Token.Kind.WORD && op.literal() != null && COND_BINARY.contains(op.literal())) {
            opText = op.literal();
        } else if (op.kind() == Token.Kind.REDIRECT
                && op.fd() < 0
                && (op.redirect() == Redirect.Operator.INPUT || op.redirect() == Redirect.Operator.OUTPUT)) {
            opText = op.text();
        }
        if (opText == null) {
            if (op.kind() == Token.Kind.WORD && !op.isWord("]]")) {
                throw new ParseError(
                        "syntax error in conditional expression: unexpected token `" + op.describe() + "'",
                        lexer.sourceName(),
                        op.pos().line(),
                        op.pos().column(),
                        false);
            }
            return new CondExpr.Single(first);
        }
        consume();
        Word right;
        if (opText.equals("=~")) {
            right = lexer.readRegexWord();
            if (right.parts().isEmpty()) {
                throw unexpected(peekCond());
            }
        } else {
            Token r = next(false);
            if (r.kind() != Token.Kind.WORD || r.isWord("]]")) {
                throw unexpected(r);
            }
            right = r.word();
        }
        return new CondExpr.Binary(opText, first, right);
    }
}
