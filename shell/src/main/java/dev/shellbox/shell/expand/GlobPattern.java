package dev.shellbox.shell.expand;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A compiled shell pattern ({@code * ? [...]}, POSIX classes, and the extglob groups {@code ?( *( +( @( !(}), used by
 * case, {@code [[ == ]]}, the {@code # % /} expansions and pathname expansion. A backslash makes the next character
 * literal. Matching is by backtracking over the compiled nodes; compiled patterns are cached.
 */
public final class GlobPattern {
    private static final int CACHE_LIMIT = 512;
    private static final Map<String, GlobPattern> CACHE = new ConcurrentHashMap<>();

    private final Node[] nodes;
    private final boolean ignoreCase;
    private final String literal;

    private sealed interface Node permits Lit, Any, Star, Bracket, Group {}

    private record Lit(char c) implements Node {}

    private record Any() implements Node {}

    private record Star() implements Node {}

    private record Bracket(boolean negated, String chars, List<char[]> ranges, List<String> classes) implements Node {}

    /** An extglob group; kind is one of {@code ? * + @ !}. */
    private record Group(char kind, List<Node[]> alternatives) implements Node {}

    private GlobPattern(Node[] nodes, boolean ignoreCase) {
        this.nodes = nodes;
        this.ignoreCase = ignoreCase;
        StringBuilder sb = new StringBuilder();
        for (Node n : nodes) {
            if (n instanceof Lit l) {
                sb.append(l.c);
            } else {
                sb = null;
                break;
            }
        }
        this.literal = sb == null ? null : sb.toString();
    }

    /** Compiles (or fetches from the cache) a pattern. */
    public static GlobPattern compile(String pattern, boolean extglob, boolean ignoreCase) {
        String key = (extglob ? "e" : "-") + (ignoreCase ? "i" : "-") + pattern;
        GlobPattern p = CACHE.get(key);
        if (p == null) {
            p = new GlobPattern(new Compiler(pattern, extglob).parseSequence(false), ignoreCase);
            if (CACHE.size() > CACHE_LIMIT) {
                CACHE.clear();
            }
            CACHE.put(key, p);
        }
        return p;
    }

    /** Whether the text has any unescaped pattern character (so that it needs matching at all). */
    public static boolean hasMeta(String pattern, boolean extglob) {
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
                continue;
            }
            if (c == '*' || c == '?' || c == '[') {
                return true;
            }
            if (extglob
                    && (c == '+' || c == '@' || c == '!')
                    && i + 1 < pattern.length()
                    && pattern.charAt(i + 1) == '(') {
                return true;
            }
        }
        return false;
    }

    /** Removes the backslash escapes of a pattern: the text it matches literally. */
    public static String unescape(String pattern) {
        if (pattern.indexOf('\\') < 0) {
            return pattern;
        }
        StringBuilder sb = new StringBuilder(pattern.length());
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                c = pattern.charAt(++i);
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /** Escapes the pattern characters of a literal text. */
    public static String escape(String text) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\' || c == '(' || c == ')' || c == '|'
                    || c == '!' || c == '@' || c == '+' || c == '^' || c == '-') {
                if (sb == null) {
                    sb = new StringBuilder(text.length() + 8);
                    sb.append(text, 0, i);
                }
                sb.append('\\');
            }
            if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? text : sb.toString();
    }

    /** The literal text this pattern matches, or null if it has pattern characters. */
    public String literal() {
        return literal;
    }

    public boolean matches(String s) {
        return matches(s, 0, s.length());
    }

    /** Whether the pattern matches exactly {@code s[from, to)}. */
    public boolean matches(String s, int from, int to) {
        if (literal != null && !ignoreCase) {
            return to - from == literal.length() && s.startsWith(literal, from);
        }
        return match(nodes, 0, s, from, to);
    }

    private boolean match(Node[] ns, int ni, String s, int si, int end) {
        while (ni < ns.length) {
            Node n = ns[ni];
            if (n instanceof Lit l) {
                if (si >= end || !same(l.c, s.charAt(si))) {
                    return false;
                }
                si++;
                ni++;
            } else if (n instanceof Any) {
                if (si >= end) {
                    return false;
                }
                si++;
                ni++;
            } else if (n instanceof Star) {
                // collapse consecutive stars
                while (ni + 1 < ns.length && ns[ni + 1] instanceof Star) {
                    ni++;
                }
                if (ni + 1 == ns.length) {
                    return true;
                }
                Node next = ns[ni + 1];
                for (int k = si; k <= end; k++) {
                    if (next instanceof Lit l && (k >= end || !same(l.c, s.charAt(k)))) {
                        continue;
                    }
                    if (match(ns, ni + 1, s, k, end)) {
                        return true;
                    }
                }
                return false;
            } else if (n instanceof Bracket b) {
                if (si >= end || !bracketMatches(b, s.charAt(si))) {
                    return false;
                }
                si++;
                ni++;
            } else {
                return matchGroup((Group) n, ns, ni, s, si, end);
            }
        }
        return si == end;
    }

    private boolean matchGroup(Group g, Node[] ns, int ni, String s, int si, int end) {
        switch (g.kind) {
            case '@':
                for (int k = si; k <= end; k++) {
                    if (anyAlternative(g, s, si, k) && match(ns, ni + 1, s, k, end)) {
                        return true;
                    }
                }
                return false;
            case '?':
                if (match(ns, ni + 1, s, si, end)) {
                    return true;
                }
                for (int k = si; k <= end; k++) {
                    if (anyAlternative(g, s, si, k) && match(ns, ni + 1, s, k, end)) {
                        return true;
                    }
                }
                return false;
            case '*':
                if (match(ns, ni + 1, s, si, end)) {
                    return true;
                }
                for (int k = si + 1; k <= end; k++) {
                    if (anyAlternative(g, s, si, k) && matchGroup(g, ns, ni, s, k, end)) {
                        return true;
                    }
                }
                return false;
            case '+':
                for (int k = si; k <= end; k++) {
                    if (anyAlternative(g, s, si, k)) {
                        if (match(ns, ni + 1, s, k, end)) {
                            return true;
                        }
                        if (k > si && matchGroup(new Group('*', g.alternatives), ns, ni, s, k, end)) {
                            return true;
                        }
                    }
                }
                return false;
            default: // '!'
                for (int k = si; k <= end; k++) {
                    if (!anyAlternative(g, s, si, k) && match(ns, ni + 1, s, k, end)) {
                        return true;
                    }
                }
                return false;
        }
    }

    private boolean anyAlternative(Group g, String s, int from, int to) {
        for (Node[] alt : g.alternatives) {
            if (match(alt, 0, s, from, to)) {
                return true;
            }
        }
        return false;
    }

    private boolean same(char p, char c) {
        if (p == c) {
            return true;
        }
        return ignoreCase && Character.toLowerCase(p) == Character.toLowerCase(c);
    }

    private boolean bracketMatches(Bracket b, char c) {
        boolean found = matchesBracketChar(b, c);
        if (!found && ignoreCase) {
            found = matchesBracketChar(b, Character.toLowerCase(c)) || matchesBracketChar(b, Character.toUpperCase(c));
        }
        return found != b.negated;
    }

    private static boolean matchesBracketChar(Bracket b, char c) {
        if (b.chars.indexOf(c) >= 0) {
            return true;
        }
        for (char[] r : b.ranges) {
            if (c >= r[0] && c <= r[1]) {
                return true;
            }
        }
        for (String cls : b.classes) {
            if (CharClasses.matches(cls, c)) {
                return true;
            }
        }
        return false;
    }

    /** Turns pattern text into nodes. */
    private static final class Compiler {
        private final String p;
        private final boolean extglob;
        private int i;

        Compiler(String p, boolean extglob) {
            this.p = p;
            this.extglob = extglob;
        }

        Node[] parseSequence(boolean inGroup) {
            List<Node> out = new ArrayList<>();
            while (i < p.length()) {
                char c = p.charAt(i);
                if (inGroup && (c == '|' || c == ')')) {
                    break;
                }
                if (extglob
                        && (c == '?' || c == '*' || c == '+' || c == '@' || c == '!')
                        && i + 1 < p.length()
                        && p.charAt(i + 1) == '(') {
                    int save = i;
                    Group g = parseGroup(c);
                    if (g != null) {
                        out.add(g);
                        continue;
                    }
                    i = save;
                }
                switch (c) {
                    case '\\':
                        if (i + 1 < p.length()) {
                            out.add(new Lit(p.charAt(i + 1)));
                            i += 2;
                        } else {
                            out.add(new Lit('\\'));
                            i++;
                        }
                        break;
                    case '*':
                        out.add(new Star());
                        i++;
                        break;
                    case '?':
                        out.add(new Any());
                        i++;
                        break;
                    case '[': {
                        Bracket b = parseBracket();
                        if (b == null) {
                            out.add(new Lit('['));
                            i++;
                        } else {
                            out.add(b);
                        }
                        break;
                    }
                    default:
                        out.add(new Lit(c));
                        i++;
                }
            }
            return out.toArray(new Node[0]);
        }

        private Group parseGroup(char kind) {
            i += 2;
            List<Node[]> alts = new ArrayList<>();
            while (true) {
                Node[] alt = parseSequence(true);
                alts.add(alt);
                if (i >= p.length()) {
                    return null;
                }
                char c = p.charAt(i++);
                if (c == ')') {
                    return new Group(kind, alts);
                }
            }
        }

        private Bracket parseBracket() {
            int j = i + 1;
            boolean negated = false;
            if (j < p.length() && (p.charAt(j) == '!' || p.charAt(j) == '^')) {
                negated = true;
                j++;
            }
            StringBuilder chars = new StringBuilder();
            List<char[]> ranges = new ArrayList<>();
            List<String> classes = new ArrayList<>();
            boolean first = true;
            while (j < p.length()) {
                char c = p.charAt(j);
                if (c == ']' && !first) {
                    i = j + 1;
                    return new Bracket(negated, chars.toString(), ranges, classes);
                }
                first = false;
                if (c == '[' && j + 1 < p.length() && p.charAt(j + 1) == ':') {
                    int close = p.indexOf(":]", j + 2);
                    if (close > 0) {
                        classes.add(p.substring(j + 2, close));
                        j = close + 2;
                        continue;
                    }
                }
                if (c == '[' && j + 1 < p.length() && (p.charAt(j + 1) == '=' || p.charAt(j + 1) == '.')) {
                    char delim = p.charAt(j + 1);
                    int close = p.indexOf(delim + "]", j + 2);
                    if (close > 0) {
                        chars.append(p, j + 2, close);
                        j = close + 2;
                        continue;
                    }
                }
                if (c == '\\' && j + 1 < p.length()) {
                    c = p.charAt(++j);
                }
                if (j + 2 < p.length() && p.charAt(j + 1) == '-' && p.charAt(j + 2) != ']') {
                    char hi = p.charAt(j + 2);
                    int next = j + 3;
                    if (hi == '\\' && j + 3 < p.length()) {
                        hi = p.charAt(j + 3);
                        next = j + 4;
                    }
                    ranges.add(new char[] {c, hi});
                    j = next;
                    continue;
                }
                chars.append(c);
                j++;
            }
            return null;
        }
    }
}
