package dev.shellbox.shell.commands.search.sed;

import dev.shellbox.shell.gnu.regex.PosixRegex;
import dev.shellbox.shell.gnu.regex.RegexOptions;
import dev.shellbox.shell.gnu.regex.RegexSyntax;
import dev.shellbox.shell.gnu.regex.RegexSyntaxException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiles sed scripts as GNU sed 4.9 does (compile.c), with its error messages and positions: {@code -e expression
 * #N, char M: ...} for script text given on the command line, {@code file F line L: ...} for {@code -f} files.
 * Several pieces of script form one program: a block or an {@code a\} text may continue in the next piece.
 */
final class SedParser {
    private static final int EOF = -1;
    private static final String VERSION = "4.9";

    /** A piece of script: the text of one -e (or the script operand), or of one -f file. */
    record Chunk(String text, String fileName, int expressionNumber) {}

    /** Opens w files when the script is compiled, as GNU does. */
    interface OutputOpener {
        SedOutput open(String fileName) throws SedException;
    }

    /** What a compiled script holds. */
    record Program(List<Instruction> instructions, boolean quietFromScript) {}

    private final boolean extended;
    private final boolean posix;
    private final boolean sandbox;
    private final OutputOpener opener;
    private final List<Instruction> program = new ArrayList<>();
    private final Deque<Integer> blocks = new ArrayDeque<>();
    private final Map<String, Integer> labels = new HashMap<>();
    private final Map<String, SedOutput> outputs = new LinkedHashMap<>();
    private boolean quietFromScript;

    private Chunk chunk;
    private String s;
    private int pos;
    private int line;
    /** An a/i/c command whose text goes on in the next chunk ({@code -e 'a\' -e 'text'}). */
    private Instruction pendingText;

    private StringBuilder pendingBuffer;

    SedParser(boolean extended, boolean posix, boolean sandbox, OutputOpener opener) {
        this.extended = extended;
        this.posix = posix;
        this.sandbox = sandbox;
        this.opener = opener;
    }

    Program parse(List<Chunk> chunks) throws SedException {
        for (int i = 0; i < chunks.size(); i++) {
            chunk = chunks.get(i);
            s = chunk.text();
            pos = 0;
            line = 1;
            if (i == 0 && (s.equals("#n") || s.startsWith("#n\n"))) {
                quietFromScript = true;
            }
            if (pendingText != null) {
                readText(pendingText, '\n');
            }
            compileChunk();
        }
        if (pendingText != null) {
            finishText(pendingText);
        }
        if (!blocks.isEmpty()) {
            pos = 0;
            throw error("unmatched `{'");
        }
        for (Instruction ins : program) {
            if ("btT".indexOf(ins.command) >= 0 && !ins.text.isEmpty()) {
                Integer target = labels.get(ins.text);
                if (target == null) {
                    throw new SedException("can't find label for jump to `" + ins.text + "'", 4);
                }
                ins.jump = target;
            }
        }
        return new Program(List.copyOf(program), quietFromScript);
    }

    // ---- reading ----

    private int inchar() {
        if (pos >= s.length()) {
            return EOF;
        }
        char c = s.charAt(pos++);
        if (c == '\n') {
            line++;
        }
        return c;
    }

    private void savchar(int c) {
        if (c == EOF) {
            return;
        }
        pos--;
        if (c == '\n') {
            line--;
        }
    }

    private int peek() {
        return pos < s.length() ? s.charAt(pos) : EOF;
    }

    private int inNonblank() {
        int c;
        do {
            c = inchar();
        } while (c == ' ' || c == '\t');
        return c;
    }

    private long inInteger(int first) {
        long n = first - '0';
        int c;
        while ((c = inchar()) >= '0' && c <= '9') {
            n = Math.min(n * 10 + (c - '0'), Long.MAX_VALUE / 20);
        }
        savchar(c);
        return n;
    }

    private SedException error(String why) {
        String where = chunk.fileName() != null
                ? "file " + chunk.fileName() + " line " + line
                : "-e expression #" + chunk.expressionNumber() + ", char " + pos;
        return new SedException(where + ": " + why, 1);
    }

    // ---- commands ----

    private void compileChunk() throws SedException {
        while (true) {
            int ch = inchar();
            while (ch == ';' || Character.isWhitespace(ch)) {
                ch = inchar();
            }
            if (ch == EOF) {
                return;
            }
            Address first = null;
            Address second = null;
            boolean negated = false;
            Address a = address(ch);
            if (a != null) {
                if (a instanceof Address.Following || a instanceof Address.UpToMultiple) {
                    throw error("invalid usage of +N or ~N as first address");
                }
                first = a;
                ch = inNonblank();
                if (ch == ',') {
                    second = address(inNonblank());
                    if (second == null) {
                        throw error("unexpected `,'");
                    }
                    ch = inNonblank();
                }
                if (first instanceof Address.Line l
                        && l.number() == 0
                        && (!(second instanceof Address.Match) || posix)) {
                    throw error("invalid usage of line address 0");
                }
            }
            if (ch == '!') {
                negated = true;
                ch = inNonblank();
                while (Character.isWhitespace(ch)) {
                    ch = inchar();
                }
                if (ch == '!') {
                    throw error("multiple `!'s");
                }
            }
            if (ch == EOF || ch == '\n') {
                throw error("missing command");
            }
            command((char) ch, first, second, negated);
        }
    }

    private void command(char c, Address first, Address second, boolean negated) throws SedException {
        Instruction ins = new Instruction(c, first, second, negated);
        switch (c) {
            case '#' -> {
                if (first != null) {
                    throw error("comments don't accept any addresses");
                }
                int ch;
                while ((ch = inchar()) != EOF && ch != '\n') {
                    // skip the comment
                }
                return;
            }
            case 'v' -> {
                String version = readLabel();
                if (!version.isEmpty() && compareVersions(version, VERSION) > 0) {
                    throw error("expected newer version of sed");
                }
                return;
            }
            case '{' -> {
                blocks.push(program.size());
                program.add(ins);
                return;
            }
            case '}' -> {
                if (blocks.isEmpty()) {
                    throw error("unexpected `}'");
                }
                if (first != null) {
                    throw error("`}' doesn't want any addresses");
                }
                program.get(blocks.pop()).jump = program.size();
                readEndOfCommand();
            }
            case 'e' -> {
                if (sandbox) {
                    throw error("e/r/w commands disabled in sandbox mode");
                }
                ins.text = readFileName();
            }
            case 'a', 'i', 'c' -> {
                int ch = inNonblank();
                if (ch == EOF) {
                    throw error("expected \\ after `a', `c' or `i'");
                }
                if (ch == '\\') {
                    ch = inchar();
                } else {
                    if (posix) {
                        throw error("expected \\ after `a', `c' or `i'");
                    }
                    savchar(ch);
                    ch = '\n';
                }
                readText(ins, ch);
            }
            case ':' -> {
                if (first != null) {
                    throw error(": doesn't want any addresses");
                }
                String label = readLabel();
                if (label.isEmpty()) {
                    throw error("\":\" lacks a label");
                }
                labels.putIfAbsent(label, program.size());
                ins.text = label;
            }
            case 'b', 't', 'T' -> ins.text = readLabel();
            case 'q', 'Q', 'l', 'L' -> {
                if ((c == 'q' || c == 'Q') && second != null) {
                    throw error("command only uses one address");
                }
                int ch = inNonblank();
                if (ch >= '0' && ch <= '9' && !posix) {
                    ins.number = (int) Math.min(inInteger(ch), Integer.MAX_VALUE);
                } else {
                    savchar(ch);
                }
                readEndOfCommand();
            }
            case '=', 'd', 'D', 'F', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'z', 'x' -> readEndOfCommand();
            case 'r', 'R', 'w', 'W' -> {
                if (sandbox) {
                    throw error("e/r/w commands disabled in sandbox mode");
                }
                String name = readFileName();
                if (name.isEmpty()) {
                    throw error("missing filename in r/R/w/W commands");
                }
                ins.fileName = name;
                if (c == 'w' || c == 'W') {
                    ins.output = openOutput(name);
                }
            }
            case 's' -> substitution(ins);
            case 'y' -> translation(ins);
            default -> throw error("unknown command: `" + c + "'");
        }
        program.add(ins);
    }

    private static int compareVersions(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int p = i < x.length && x[i].matches("[0-9]+") ? Integer.parseInt(x[i]) : 0;
            int q = i < y.length ? Integer.parseInt(y[i]) : 0;
            if (p != q) {
                return Integer.compare(p, q);
            }
        }
        return 0;
    }

    private void readEndOfCommand() throws SedException {
        int ch = inNonblank();
        if (ch == '}' || ch == '#') {
            savchar(ch);
        } else if (ch != EOF && ch != '\n' && ch != ';') {
            throw error("extra characters after command");
        }
    }

    private String readLabel() {
        StringBuilder b = new StringBuilder();
        int ch = inNonblank();
        while (ch != EOF && ch != '\n' && !Character.isWhitespace(ch) && ch != ';' && ch != '}') {
            b.append((char) ch);
            ch = inchar();
        }
        if (ch == '}') {
            savchar(ch);
        }
        return b.toString();
    }

    private String readFileName() {
        StringBuilder b = new StringBuilder();
        int ch = inNonblank();
        while (ch != EOF && ch != '\n') {
            b.append((char) ch);
            ch = inchar();
        }
        return b.toString();
    }

    private SedOutput openOutput(String name) throws SedException {
        SedOutput out = outputs.get(name);
        if (out == null) {
            out = opener.open(name);
            outputs.put(name, out);
        }
        return out;
    }

    // ---- a, i, c text ----

    /** GNU read_text: the text runs to an unescaped newline; a backslash keeps the next character. */
    private void readText(Instruction ins, int leadIn) throws SedException {
        if (pendingText == null) {
            pendingBuffer = new StringBuilder();
        }
        pendingText = null;
        if (leadIn == EOF) {
            pendingText = ins; // the text starts in the next chunk
            return;
        }
        if (leadIn != '\n') {
            pendingBuffer.append((char) leadIn);
        }
        int ch = inchar();
        while (ch != EOF && ch != '\n') {
            if (ch == '\\') {
                ch = inchar();
                if (ch != EOF) {
                    pendingBuffer.append('\\');
                }
            }
            if (ch == EOF) {
                pendingText = ins; // an escaped end of chunk: the text goes on in the next one
                pendingBuffer.append('\n');
                return;
            }
            pendingBuffer.append((char) ch);
            ch = inchar();
        }
        finishText(ins);
    }

    private void finishText(Instruction ins) {
        String raw = pendingBuffer.toString();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\\' && i + 1 < raw.length()) {
                i = Escapes.decode(raw, i + 1, text, false);
            } else {
                text.append(c);
            }
        }
        if (text.length() > 0 && text.charAt(text.length() - 1) != '\n') {
            text.append('\n');
        }
        ins.text = text.toString();
        pendingText = null;
        pendingBuffer = null;
    }

    // ---- addresses ----

    private Address address(int ch) throws SedException {
        if (ch == '/' || ch == '\\') {
            int delimiter = ch == '\\' ? inchar() : ch;
            String re = readDelimited(delimiter, true);
            if (re == null) {
                throw error("unterminated address regex");
            }
            boolean ignoreCase = false;
            boolean multiline = false;
            while (true) {
                int f = inNonblank();
                if (f == 'I' && !posix) {
                    ignoreCase = true;
                } else if (f == 'M' && !posix) {
                    multiline = true;
                } else {
                    savchar(f);
                    break;
                }
            }
            return new Address.Match(compileRegex(re, ignoreCase, multiline, 0));
        }
        if (ch >= '0' && ch <= '9') {
            long n = inInteger(ch);
            int next = inNonblank();
            if (next != '~' || posix) {
                savchar(next);
                return new Address.Line(n);
            }
            int d = inNonblank();
            long step = d >= '0' && d <= '9' ? inInteger(d) : 0;
            if (d < '0' || d > '9') {
                savchar(d);
            }
            return step > 0 ? new Address.Step(n, step) : new Address.Line(n);
        }
        if ((ch == '+' || ch == '~') && !posix) {
            int d = inNonblank();
            long n = d >= '0' && d <= '9' ? inInteger(d) : 0;
            if (d < '0' || d > '9') {
                savchar(d);
            }
            return ch == '+' ? new Address.Following(n) : new Address.UpToMultiple(n);
        }
        if (ch == '$') {
            return new Address.Last();
        }
        return null;
    }

    // ---- s and y ----

    private void substitution(Instruction ins) throws SedException {
        int delimiter = inchar();
        String re = readDelimited(delimiter, true);
        if (re == null) {
            throw error("unterminated `s' command");
        }
        String replacementText = readDelimited(delimiter, false);
        if (replacementText == null) {
            throw error("unterminated `s' command");
        }
        Replacement replacement = Replacement.parse(replacementText);
        boolean global = false;
        long occurrence = 0;
        int print = 0;
        boolean evaluate = false;
        boolean ignoreCase = false;
        boolean multiline = false;
        SedOutput output = null;
        flags:
        while (true) {
            int ch = inchar();
            switch (ch) {
                case 'i', 'I' -> {
                    if (posix) {
                        throw error("unknown option to `s'");
                    }
                    ignoreCase = true;
                }
                case 'm', 'M' -> multiline = true;
                case 'e' -> {
                    if (sandbox) {
                        throw error("e/r/w commands disabled in sandbox mode");
                    }
                    evaluate = true;
                }
                case 'p' -> {
                    if (print != 0) {
                        throw error("multiple `p' options to `s' command");
                    }
                    print = evaluate ? 2 : 1;
                }
                case 'g' -> {
                    if (global) {
                        throw error("multiple `g' options to `s' command");
                    }
                    global = true;
                }
                case 'w' -> {
                    if (sandbox) {
                        throw error("e/r/w commands disabled in sandbox mode");
                    }
                    String name = readFileName();
                    if (name.isEmpty()) {
                        throw error("missing filename in r/R/w/W commands");
                    }
                    output = openOutput(name);
                    break flags;
                }
                case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9' -> {
                    if (occurrence != 0) {
                        throw error("multiple number options to `s' command");
                    }
                    occurrence = inInteger(ch);
                    if (occurrence == 0) {
                        throw error("number option to `s' command may not be zero");
                    }
                }
                case '}', '#' -> {
                    savchar(ch);
                    break flags;
                }
                case '\n', ';', EOF -> {
                    break flags;
                }
                case ' ', '\t' -> {}
                default -> throw error("unknown option to `s'");
            }
        }
        SedRegex regex = compileRegex(re, ignoreCase, multiline, replacement.highestGroup());
        ins.substitution = new Instruction.Substitution(
                regex, replacement, global, occurrence == 0 ? 1 : occurrence, print, evaluate, output);
    }

    private void translation(Instruction ins) throws SedException {
        int delimiter = inchar();
        String from = readDelimited(delimiter, false);
        if (from == null) {
            throw error("unterminated `y' command");
        }
        String to = readDelimited(delimiter, false);
        if (to == null) {
            throw error("unterminated `y' command");
        }
        int[] source = translationChars(from);
        int[] target = translationChars(to);
        if (source.length != target.length) {
            throw error("strings for `y' command are different lengths");
        }
        Map<Integer, Integer> map = new HashMap<>();
        for (int i = 0; i < source.length; i++) {
            map.putIfAbsent(source[i], target[i]);
        }
        ins.translation = map;
        readEndOfCommand();
    }

    private static int[] translationChars(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                char e = text.charAt(++i);
                if (e == '\\') {
                    out.append('\\');
                } else {
                    i = Escapes.decode(text, i, out, false);
                }
            } else {
                out.append(c);
            }
        }
        return out.codePoints().toArray();
    }

    /**
     * GNU match_slash: reads up to an unescaped {@code delimiter} (one inside a bracket expression of a regex does not
     * count). {@code \n} becomes a newline in a regex, an escaped delimiter the delimiter itself (in a replacement
     * {@code \&} stays escaped). Null when a newline or the end of the chunk comes first.
     */
    private String readDelimited(int delimiter, boolean regex) {
        StringBuilder b = new StringBuilder();
        boolean inBracket = false;
        while (true) {
            int ch = inchar();
            if (ch == EOF || ch == '\n') {
                return null;
            }
            if (regex && inBracket) {
                if (ch == '[' && (peek() == ':' || peek() == '.' || peek() == '=')) {
                    int kind = inchar();
                    b.append('[').append((char) kind);
                    int close = s.indexOf((char) kind + "]", pos);
                    int newline = s.indexOf('\n', pos);
                    if (close >= 0 && (newline < 0 || newline > close)) {
                        b.append(s, pos, close + 2);
                        pos = close + 2;
                    }
                    continue;
                }
                if (ch == ']') {
                    inBracket = false;
                } else if (ch == '\\' && peek() == 'n') {
                    inchar();
                    b.append('\n');
                    continue;
                }
                b.append((char) ch);
                continue;
            }
            if (ch == delimiter) {
                return b.toString();
            }
            if (regex && ch == '[') {
                inBracket = true;
                b.append('[');
                if (peek() == '^') {
                    b.append((char) inchar());
                }
                if (peek() == ']') {
                    b.append((char) inchar());
                }
                continue;
            }
            if (ch == '\\') {
                ch = inchar();
                if (ch == EOF) {
                    return null;
                }
                if (ch == 'n' && regex) {
                    ch = '\n';
                } else if (ch != '\n' && (ch != delimiter || (!regex && ch == '&'))) {
                    b.append('\\');
                }
            }
            b.append((char) ch);
        }
    }

    private SedRegex compileRegex(String re, boolean ignoreCase, boolean multiline, int references)
            throws SedException {
        if (re.isEmpty()) {
            return SedRegex.LAST;
        }
        RegexOptions options = RegexOptions.posix(extended ? RegexSyntax.EXTENDED : RegexSyntax.BASIC)
                .withIgnoreCase(ignoreCase)
                .withNewlineSensitive(multiline)
                .withGnuOperators(!posix);
        try {
            PosixRegex regex = PosixRegex.compile(convertEscapes(re), options);
            if (references > regex.groupCount()) {
                throw error("invalid reference \\" + references + " on `s' command's RHS");
            }
            return new SedRegex(regex);
        } catch (RegexSyntaxException e) {
            if (e.positionless()) {
                throw new SedException(e.getMessage(), 4);
            }
            throw error(e.getMessage());
        }
    }

    /**
     * Turns GNU sed's character escapes in a regex ({@code \t}, {@code \x41}, ...) into the characters, escaping those
     * that would otherwise be special; every other backslash sequence is left for the regex compiler.
     */
    private String convertEscapes(String re) {
        if (re.indexOf('\\') < 0) {
            return re;
        }
        String special = extended ? ".[]*^$\\+?(){}|/" : ".[]*^$\\/";
        StringBuilder out = new StringBuilder(re.length());
        for (int i = 0; i < re.length(); i++) {
            char c = re.charAt(i);
            if (c != '\\' || i + 1 == re.length()) {
                out.append(c);
                continue;
            }
            char e = re.charAt(i + 1);
            if ("afrtvcdox".indexOf(e) < 0 || (e == 'c' && i + 2 >= re.length())) {
                out.append(c).append(e);
                i++;
                continue;
            }
            StringBuilder decoded = new StringBuilder();
            int end = Escapes.decode(re, i + 1, decoded, true);
            if (decoded.length() == 1 && special.indexOf(decoded.charAt(0)) >= 0) {
                out.append('\\');
            }
            out.append(decoded);
            i = end;
        }
        return out.toString();
    }
}
