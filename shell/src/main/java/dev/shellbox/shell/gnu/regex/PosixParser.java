package dev.shellbox.shell.gnu.regex;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Parses one POSIX basic or extended regular expression the way glibc's regcomp does with GNU's syntax bits, and
 * with GNU's error messages. Context rules worth knowing:
 *
 * <ul>
 *   <li>BRE: {@code ^} is an anchor only at the start of the pattern, of a group or of an alternative, {@code $}
 *       only at their end; elsewhere both are ordinary. {@code *} (and {@code \+ \? \{}) with nothing to repeat is
 *       ordinary.
 *   <li>ERE: anchors are anchors everywhere; a repetition operator with nothing to repeat is skipped with a warning
 *       (grep) or an error (POSIX dialect).
 *   <li>Both: back-references {@code \1}-{@code \9} must name a group already closed; a repetition operator after an
 *       anchor has nothing to repeat.
 * </ul>
 */
final class PosixParser {
    private static final int DUP_MAX = 0x7fff;

    private final String pattern;
    private final RegexOptions options;
    private final boolean extended;
    private final boolean emacs;
    private final boolean grep;
    private final int groupBase;
    private final List<String> warnings;
    private final BitSet closedGroups = new BitSet();
    private int pos;
    private int groups;
    private boolean backReferences;

    private PosixParser(String pattern, RegexOptions options, int groupBase, List<String> warnings) {
        this.pattern = pattern;
        this.options = options;
        this.extended = options.syntax() == RegexSyntax.EXTENDED;
        this.emacs = options.syntax() == RegexSyntax.EMACS;
        this.grep = options.dialect() == RegexDialect.GREP;
        this.groupBase = groupBase;
        this.warnings = warnings;
    }

    /** The parse of one pattern. */
    record Result(Node node, int groups, boolean backReferences) {}

    /**
     * Parses {@code pattern}; its groups are numbered from {@code groupBase + 1}. Warnings grep would print go to
     * {@code warnings}.
     */
    static Result parse(String pattern, RegexOptions options, int groupBase, List<String> warnings)
            throws RegexSyntaxException {
        PosixParser parser = new PosixParser(pattern, options, groupBase, warnings);
        Node node = parser.parseAlternation(0);
        if (parser.pos < pattern.length()) {
            throw new RegexSyntaxException("Unmatched ) or \\)");
        }
        return new Result(node, parser.groups, parser.backReferences);
    }

    // ---- structure ----

    private Node parseAlternation(int depth) throws RegexSyntaxException {
        List<Node> branches = new ArrayList<>();
        BitSet before = (BitSet) closedGroups.clone();
        branches.add(parseBranch(depth));
        while (atAlternation()) {
            pos += extended ? 1 : 2;
            // glibc: a back-reference cannot name a group of another alternative
            BitSet accumulated = (BitSet) closedGroups.clone();
            closedGroups.clear();
            closedGroups.or(before);
            branches.add(parseBranch(depth));
            closedGroups.or(accumulated);
        }
        return branches.size() == 1 ? branches.get(0) : new Node.Alternation(branches);
    }

    private Node parseBranch(int depth) throws RegexSyntaxException {
        List<Node> items = new ArrayList<>();
        while (pos < pattern.length() && !atAlternation() && !atGroupEnd(depth)) {
            Node atom = parseAtom(depth, items);
            if (atom == null) {
                continue;
            }
            items.add(parseRepetitions(atom));
        }
        if (items.isEmpty()) {
            return new Node.Empty();
        }
        return items.size() == 1 ? items.get(0) : new Node.Concat(items);
    }

    private boolean atAlternation() {
        if (extended) {
            return peek(0) == '|';
        }
        return options.gnuOperators() && peek(0) == '\\' && peek(1) == '|';
    }

    /** Whether a group closes here; at depth 0 an ERE {@code )} may be ordinary instead. */
    private boolean atGroupEnd(int depth) {
        boolean close = extended ? peek(0) == ')' : peek(0) == '\\' && peek(1) == ')';
        if (!close) {
            return false;
        }
        return depth > 0 || !(extended && grep);
    }

    // ---- atoms ----

    /** Parses one atom; null when the input was consumed without producing one (a skipped ERE operator). */
    private Node parseAtom(int depth, List<Node> items) throws RegexSyntaxException {
        int c = pattern.codePointAt(pos);
        boolean nothingToRepeat = items.isEmpty() || items.get(items.size() - 1) instanceof Node.Anchor;
        if (extended) {
            switch (c) {
                case '(' -> {
                    pos++;
                    return parseGroup(depth);
                }
                case ')' -> {
                    pos++;
                    return new Node.Literal(')'); // unmatched, grep dialect
                }
                case '*', '+', '?', '{' -> {
                    if (nothingToRepeat) {
                        return leadingRepetition(items);
                    }
                    // a '{' that did not start a valid interval
                    pos++;
                    return new Node.Literal(c);
                }
                case '^' -> {
                    pos++;
                    return new Node.Anchor(Node.AnchorKind.LINE_START);
                }
                case '$' -> {
                    pos++;
                    return new Node.Anchor(Node.AnchorKind.LINE_END);
                }
                default -> {}
            }
        } else {
            switch (c) {
                case '*' -> {
                    pos++;
                    return new Node.Literal('*'); // reached only with nothing to repeat
                }
                case '+', '?' -> {
                    if (emacs) {
                        pos++;
                        return new Node.Literal(c); // nothing to repeat
                    }
                }
                case '^' -> {
                    pos++;
                    return items.isEmpty() ? new Node.Anchor(Node.AnchorKind.LINE_START) : new Node.Literal('^');
                }
                case '$' -> {
                    pos++;
                    return atBranchEnd() ? new Node.Anchor(Node.AnchorKind.LINE_END) : new Node.Literal('$');
                }
                default -> {}
            }
        }
        if (c == '.') {
            pos++;
            return new Node.AnyChar();
        }
        if (c == '[') {
            pos++;
            return parseBracket();
        }
        if (c == '\\') {
            return parseEscape(depth, nothingToRepeat);
        }
        pos += Character.charCount(c);
        return new Node.Literal(c);
    }

    /** A BRE {@code $} is an anchor only before the end of the pattern, a group or an alternative. */
    private boolean atBranchEnd() {
        if (pos >= pattern.length()) {
            return true;
        }
        return peek(0) == '\\' && (peek(1) == ')' || (peek(1) == '|' && options.gnuOperators()));
    }

    /** An ERE repetition operator with nothing before it (or only an anchor). */
    private Node leadingRepetition(List<Node> items) throws RegexSyntaxException {
        int c = pattern.charAt(pos);
        if (!grep) {
            throw new RegexSyntaxException("Invalid preceding regular expression");
        }
        pos++;
        if (c == '{') {
            int end = scanInterval();
            if (end < 0) {
                return null; // glibc skips the lone '{' token
            }
            warnings.add("{...} at start of expression");
            pos = end;
        } else {
            warnings.add((char) c + " at start of expression");
        }
        // dfa.c repeats a preceding anchor, which then matches empty or as itself
        if (!items.isEmpty() && items.get(items.size() - 1) instanceof Node.Anchor && (c == '*' || c == '?')) {
            items.set(items.size() - 1, new Node.Empty());
        }
        return null;
    }

    /** Where a well-formed ERE interval starting after '{' at pos ends, or -1. */
    private int scanInterval() {
        int p = pos;
        boolean digits = false;
        while (p < pattern.length() && Character.isDigit(pattern.charAt(p))) {
            p++;
            digits = true;
        }
        if (p < pattern.length() && pattern.charAt(p) == ',') {
            p++;
            while (p < pattern.length() && Character.isDigit(pattern.charAt(p))) {
                p++;
            }
        } else if (!digits) {
            return -1;
        }
        return p < pattern.length() && pattern.charAt(p) == '}' ? p + 1 : -1;
    }

    private Node parseGroup(int depth) throws RegexSyntaxException {
        int number = ++groups;
        Node body = parseAlternation(depth + 1);
        boolean closed = extended ? peek(0) == ')' : peek(0) == '\\' && peek(1) == ')';
        if (!closed) {
            throw new RegexSyntaxException("Unmatched ( or \\(");
        }
        pos += extended ? 1 : 2;
        closedGroups.set(number);
        return new Node.Group(groupBase + number, body);
    }

    private Node parseEscape(int depth, boolean nothingToRepeat) throws RegexSyntaxException {
        if (pos + 1 >= pattern.length()) {
            throw new RegexSyntaxException("Trailing backslash");
        }
        int c = pattern.codePointAt(pos + 1);
        pos += 1 + Character.charCount(c);
        if (!extended) {
            switch (c) {
                case '(' -> {
                    return parseGroup(depth);
                }
                case ')' -> throw new RegexSyntaxException("Unmatched ) or \\)");
                case '{' -> {
                    if (!grep && !emacs) {
                        throw new RegexSyntaxException("Invalid preceding regular expression");
                    }
                    return new Node.Literal('{');
                }
                default -> {}
            }
        }
        if (c >= '1' && c <= '9') {
            int n = c - '0';
            if (!closedGroups.get(n)) {
                throw new RegexSyntaxException("Invalid back reference");
            }
            backReferences = true;
            return new Node.BackReference(groupBase + n);
        }
        if (!options.gnuOperators()) {
            return new Node.Literal(c);
        }
        return switch (c) {
            case 'w' -> new Node.Bracket(BracketSet.ofClass(PosixClass.WORD, false));
            case 'W' -> new Node.Bracket(BracketSet.ofClass(PosixClass.WORD, true));
            case 's' -> new Node.Bracket(BracketSet.ofClass(PosixClass.SPACE.java(), false));
            case 'S' -> new Node.Bracket(BracketSet.ofClass(PosixClass.SPACE.java(), true));
            case 'b' -> new Node.Anchor(Node.AnchorKind.WORD_BOUNDARY);
            case 'B' -> new Node.Anchor(Node.AnchorKind.NOT_WORD_BOUNDARY);
            case '<' -> new Node.Anchor(Node.AnchorKind.WORD_START);
            case '>' -> new Node.Anchor(Node.AnchorKind.WORD_END);
            case '`' -> new Node.Anchor(Node.AnchorKind.BUFFER_START);
            case '\'' -> new Node.Anchor(Node.AnchorKind.BUFFER_END);
            default -> new Node.Literal(c);
        };
    }

    // ---- repetition ----

    private Node parseRepetitions(Node atom) throws RegexSyntaxException {
        if (atom instanceof Node.Anchor) {
            return atom; // glibc: an anchor cannot be repeated; what follows starts a new expression
        }
        Node node = atom;
        boolean repeated = false;
        // glibc's POSIX BRE syntax (RE_CONTEXT_INVALID_DUP) refuses * or \{ right after another repetition
        boolean strictBre = !extended && !emacs && !grep;
        while (pos < pattern.length()) {
            int c = pattern.charAt(pos);
            if (repeated && strictBre && (c == '*' || (c == '\\' && peek(1) == '{'))) {
                throw new RegexSyntaxException("Invalid preceding regular expression");
            }
            repeated = true;
            if (c == '*') {
                pos++;
                node = new Node.Repeat(node, 0, Node.Repeat.UNBOUNDED);
            } else if ((extended || emacs) && (c == '+' || c == '?')) {
                pos++;
                node = new Node.Repeat(node, c == '+' ? 1 : 0, c == '+' ? Node.Repeat.UNBOUNDED : 1);
            } else if (!extended
                    && !emacs
                    && c == '\\'
                    && options.gnuOperators()
                    && (peek(1) == '+' || peek(1) == '?')) {
                pos += 2;
                node = new Node.Repeat(node, peek(-1) == '+' ? 1 : 0, peek(-1) == '+' ? Node.Repeat.UNBOUNDED : 1);
            } else if (!emacs && (extended ? c == '{' : c == '\\' && peek(1) == '{')) {
                Node interval = parseInterval(node);
                if (interval == null) {
                    break; // an ERE '{' that is an ordinary character
                }
                node = interval;
            } else {
                break;
            }
        }
        return node;
    }

    /**
     * Parses {@code {m,n}} / {@code \{m,n\}} at pos as glibc's parse_dup_op does: null (and pos unchanged) when an ERE
     * brace turns out to be ordinary.
     */
    private Node parseInterval(Node body) throws RegexSyntaxException {
        int start = pos;
        pos += extended ? 1 : 2;
        int[] first = fetchNumber();
        int min = first[0];
        int terminator = first[1];
        if (min == -1) {
            if (terminator != ',') {
                throw new RegexSyntaxException("Invalid content of \\{\\}"); // {} is invalid
            }
            min = 0;
        }
        int max = -2;
        if (min != -2) {
            if (terminator == '}') {
                max = min;
            } else if (terminator == ',') {
                int[] second = fetchNumber();
                max = second[0];
                terminator = second[1];
            }
        }
        if (min == -2 || max == -2) {
            if (!(extended && grep)) {
                throw new RegexSyntaxException(terminator == -1 ? "Unmatched \\{" : "Invalid content of \\{\\}");
            }
            pos = start;
            return null;
        }
        if ((max != -1 && min > max) || terminator != '}') {
            throw new RegexSyntaxException("Invalid content of \\{\\}");
        }
        if ((max == -1 ? min : max) > DUP_MAX) {
            throw new RegexSyntaxException("Regular expression too big");
        }
        return new Node.Repeat(body, min, max == -1 ? Node.Repeat.UNBOUNDED : max);
    }

    /**
     * glibc's fetch_number: reads up to a ',' or the closing brace. Returns {value, terminator}: value -1 when there
     * were no digits, -2 when something else was there; terminator ',' or '}' (for either closing form), -1 at the
     * end of the pattern.
     */
    private int[] fetchNumber() {
        int num = -1;
        while (true) {
            if (pos >= pattern.length()) {
                return new int[] {-2, -1};
            }
            int c = pattern.charAt(pos);
            if (extended ? c == '}' : c == '\\' && peek(1) == '}') {
                pos += extended ? 1 : 2;
                return new int[] {num, '}'};
            }
            if (c == ',') {
                pos++;
                return new int[] {num, ','};
            }
            if (c == '\\') {
                pos++; // an escaped character is not a digit either
                if (pos >= pattern.length()) {
                    return new int[] {-2, -1};
                }
            }
            pos++;
            num = c < '0' || c > '9' || num == -2
                    ? -2
                    : num == -1 ? c - '0' : Math.min(DUP_MAX + 1, num * 10 + c - '0');
        }
    }

    // ---- bracket expressions ----

    private Node parseBracket() throws RegexSyntaxException {
        boolean negated = peek(0) == '^';
        if (negated) {
            pos++;
        }
        if (pos >= pattern.length()) {
            throw new RegexSyntaxException("Invalid regular expression");
        }
        int contentStart = pos;
        BracketSet set = new BracketSet(negated);
        boolean first = true;
        while (true) {
            if (pos >= pattern.length()) {
                throw unmatchedBracket();
            }
            if (peek(0) == ']' && !first) {
                break;
            }
            int[] start = parseBracketElement(first);
            first = false;
            if (start[0] == ELEMENT_CHAR && peek(0) == '-' && peek(1) != ']' && pos + 1 < pattern.length()) {
                pos++;
                int[] end = parseBracketElement(true);
                if (end[0] != ELEMENT_CHAR || end[1] < start[1]) {
                    throw new RegexSyntaxException("Invalid range end");
                }
                set.addRange(start[1], end[1]);
            } else if (start[0] == ELEMENT_CHAR) {
                set.add(start[1]);
            } else if (start[0] == ELEMENT_CLASS) {
                set.add(PosixClass.values()[start[1]]);
            } else {
                set.add(start[1]); // an equivalence class is its one character in C.UTF-8
            }
        }
        String content = pattern.substring(contentStart, pos);
        pos++; // ']'
        if (!emacs) {
            checkClassSyntax(content);
        }
        int single = set.singleCharacter();
        return single >= 0 ? new Node.Literal(single) : new Node.Bracket(set);
    }

    private static final int ELEMENT_CHAR = 0;
    private static final int ELEMENT_CLASS = 1;
    private static final int ELEMENT_EQUIVALENCE = 2;

    /** One bracket element: {kind, value}; value is a code point or a PosixClass ordinal. */
    private int[] parseBracketElement(boolean acceptHyphen) throws RegexSyntaxException {
        int c = pattern.codePointAt(pos);
        if (c == '[' && pos + 1 < pattern.length() && (emacs ? ".=" : ":.=").indexOf(pattern.charAt(pos + 1)) >= 0) {
            char kind = pattern.charAt(pos + 1);
            int close = pattern.indexOf(kind + "]", pos + 2);
            if (close < 0) {
                throw unmatchedBracket();
            }
            String name = pattern.substring(pos + 2, close);
            pos = close + 2;
            if (kind == ':') {
                PosixClass cls = PosixClass.named(name);
                if (cls == null) {
                    throw new RegexSyntaxException("Invalid character class name");
                }
                return new int[] {ELEMENT_CLASS, cls.ordinal()};
            }
            if (name.isEmpty() || name.codePointCount(0, name.length()) != 1) {
                throw new RegexSyntaxException("Invalid collation character");
            }
            return new int[] {kind == '=' ? ELEMENT_EQUIVALENCE : ELEMENT_CHAR, name.codePointAt(0)};
        }
        if (c == '-' && !acceptHyphen && peek(1) != ']') {
            throw new RegexSyntaxException("Invalid range end");
        }
        pos += Character.charCount(c);
        return new int[] {ELEMENT_CHAR, c};
    }

    private static RegexSyntaxException unmatchedBracket() {
        return new RegexSyntaxException("Unmatched [, [^, [:, [., or [=");
    }

    /** GNU's dfa refuses {@code [:space:]} where {@code [[:space:]]} was surely meant. */
    private static void checkClassSyntax(String content) throws RegexSyntaxException {
        if (content.length() >= 3
                && content.charAt(0) == ':'
                && content.charAt(content.length() - 1) == ':'
                && content.chars().anyMatch(ch -> ch != ':')
                && !content.contains("[")) {
            throw new RegexSyntaxException("character class syntax is [[:space:]], not [:space:]", true);
        }
    }

    private int peek(int offset) {
        int i = pos + offset;
        return i >= 0 && i < pattern.length() ? pattern.charAt(i) : -1;
    }
}
