package dev.shellbox.shell.gnu.regex;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A compiled POSIX regular expression (GNU flavour) that matches with POSIX's leftmost-longest rule, built on
 * java.util.regex. Used by grep, rg and sed; see the package doc for the other syntaxes.
 *
 * <p>How it works: the pattern is parsed ({@link PosixParser}, glibc's syntax rules and error messages) and written
 * as an equivalent Java pattern ({@link JavaRegexWriter}). Java finds the leftmost match start, which is the same under
 * both rules. Where Java's leftmost-first choice may end a match early (alternatives of different lengths, several
 * variable repetitions; see {@link MatchShape}), a Thompson NFA ({@link LongestMatchNfa}) computes the longest end from
 * that start and Java then re-matches exactly that span to fill in the groups. Patterns with back-references, which
 * no NFA can handle, try the longer spans with Java directly.
 *
 * <p>Instances are immutable and thread-safe; compiled patterns are cached. Text is a Java string as {@link
 * dev.shellbox.shell.gnu.mbchar.SurrogateEscape#decode} makes it: bytes that are not UTF-8 are never matched by {@code .} or a bracket
 * expression, as in GNU tools.
 *
 * <pre>{@code
 * PosixRegex re = PosixRegex.compile("ab|abcd", RegexOptions.grep(RegexSyntax.EXTENDED));
 * PosixMatcher m = re.matcher("abcd");
 * m.find(0);     // true: m.start() == 0, m.end() == 4
 * }</pre>
 */
public final class PosixRegex {
    private static final int CACHE_LIMIT = 512;
    private static final Map<Key, PosixRegex> CACHE = new ConcurrentHashMap<>();

    private record Key(List<String> patterns, RegexOptions options) {}

    private final Pattern pattern;
    private final int groupCount;
    private final List<String> warnings;
    private final boolean leftmostFirstIsLongest;
    private final boolean backReferences;
    private final LongestMatchNfa nfa;
    private final List<String> requiredLiterals;
    private final boolean literalSet;

    private PosixRegex(
            Pattern pattern,
            int groupCount,
            List<String> warnings,
            boolean leftmostFirstIsLongest,
            boolean backReferences,
            LongestMatchNfa nfa,
            List<String> requiredLiterals,
            boolean literalSet) {
        this.pattern = pattern;
        this.groupCount = groupCount;
        this.warnings = List.copyOf(warnings);
        this.leftmostFirstIsLongest = leftmostFirstIsLongest;
        this.backReferences = backReferences;
        this.nfa = nfa;
        this.requiredLiterals = List.copyOf(requiredLiterals);
        this.literalSet = literalSet;
    }

    /** Compiles one pattern. */
    public static PosixRegex compile(String pattern, RegexOptions options) throws RegexSyntaxException {
        return compile(List.of(pattern), options);
    }

    /**
     * Compiles several patterns into one that matches where any of them does (grep's {@code -e a -e b}); each keeps
     * its own back-reference numbering. {@code patterns} must not be empty.
     */
    public static PosixRegex compile(List<String> patterns, RegexOptions options) throws RegexSyntaxException {
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("no pattern");
        }
        Key key = new Key(List.copyOf(patterns), options);
        PosixRegex cached = CACHE.get(key);
        if (cached != null) {
            return cached;
        }
        PosixRegex compiled =
                options.syntax() == RegexSyntax.PERL ? compileJava(patterns, options) : build(patterns, options);
        if (CACHE.size() >= CACHE_LIMIT) {
            CACHE.clear();
        }
        CACHE.put(key, compiled);
        return compiled;
    }

    private static PosixRegex build(List<String> patterns, RegexOptions options) throws RegexSyntaxException {
        List<String> warnings = new ArrayList<>();
        List<Node> nodes = new ArrayList<>();
        int groups = 0;
        boolean backReferences = false;
        for (String p : patterns) {
            if (options.syntax() == RegexSyntax.FIXED) {
                nodes.add(literalNode(p));
                continue;
            }
            PosixParser.Result r = PosixParser.parse(p, options, groups, warnings);
            nodes.add(r.node());
            groups += r.groups();
            backReferences |= r.backReferences();
        }
        Node node = nodes.size() == 1 ? nodes.get(0) : new Node.Alternation(nodes);
        List<String> literals = MatchShape.requiredLiterals(node);
        boolean literalSet = !options.wholeWords() && !options.wholeLines() && MatchShape.isLiteralSet(node);
        node = restrictSpan(node, options);
        int flags = flags(options);
        Pattern pattern = Pattern.compile(JavaRegexWriter.write(node, options), flags);
        boolean simple = MatchShape.leftmostFirstIsLongest(node);
        LongestMatchNfa nfa = simple || backReferences ? null : LongestMatchNfa.build(node, options, flags);
        return new PosixRegex(pattern, groups, warnings, simple, backReferences, nfa, literals, literalSet);
    }

    private static Node literalNode(String text) {
        List<Node> chars = new ArrayList<>();
        text.codePoints().forEach(c -> chars.add(new Node.Literal(c)));
        return chars.size() == 1 ? chars.get(0) : chars.isEmpty() ? new Node.Empty() : new Node.Concat(chars);
    }

    /** Wraps the expression for {@code -x} (whole subject) or {@code -w} (no word character on either side). */
    private static Node restrictSpan(Node node, RegexOptions options) {
        if (options.wholeLines()) {
            return new Node.Concat(List.of(
                    new Node.Anchor(Node.AnchorKind.BUFFER_START), node, new Node.Anchor(Node.AnchorKind.BUFFER_END)));
        }
        if (options.wholeWords()) {
            return new Node.Concat(List.of(
                    new Node.Anchor(Node.AnchorKind.NO_WORD_BEFORE),
                    node,
                    new Node.Anchor(Node.AnchorKind.NO_WORD_AFTER)));
        }
        return node;
    }

    private static PosixRegex compileJava(List<String> patterns, RegexOptions options) throws RegexSyntaxException {
        String joined = patterns.size() == 1 ? patterns.get(0) : "(?:" + String.join(")|(?:", patterns) + ")";
        if (options.wholeLines()) {
            joined = "^(?:" + joined + ")$";
        } else if (options.wholeWords()) {
            joined = "(?<!\\w)(?:" + joined + ")(?!\\w)";
        }
        try {
            Pattern pattern =
                    Pattern.compile(joined, flags(options) | (options.newlineSensitive() ? Pattern.MULTILINE : 0));
            return new PosixRegex(
                    pattern, pattern.matcher("").groupCount(), List.of(), true, false, null, List.of(), false);
        } catch (PatternSyntaxException e) {
            throw new RegexSyntaxException(pcreMessage(e.getDescription()));
        }
    }

    /** PCRE2's wording for the errors java.util.regex reports, as {@code grep -P} prints them. */
    private static String pcreMessage(String javaDescription) {
        if (javaDescription.startsWith("Dangling meta character")) {
            return "quantifier does not follow a repeatable item";
        }
        return switch (javaDescription) {
            case "Unclosed group" -> "missing closing parenthesis";
            case "Unmatched closing ')'" -> "unmatched closing parenthesis";
            case "Unclosed character class" -> "missing terminating ] for character class";
            case "Illegal repetition range" -> "numbers out of order in {} quantifier";
            case "Unexpected internal error" -> "\\ at end of pattern";
            default -> javaDescription;
        };
    }

    private static int flags(RegexOptions options) {
        return options.ignoreCase() ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0;
    }

    /** The equivalent java.util.regex pattern (leftmost-first); use {@link #matcher} for POSIX match extents. */
    public Pattern javaPattern() {
        return pattern;
    }

    /** The number of capturing groups. */
    public int groupCount() {
        return groupCount;
    }

    /** Warnings grep prints for this pattern ({@code * at start of expression}), without any prefix. */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * Strings one of which every match contains, with the case they were written in (compare case-insensitively when
     * the regex ignores case); empty when nothing is known. Lets callers skip text cheaply before matching.
     */
    public List<String> requiredLiterals() {
        return requiredLiterals;
    }

    /**
     * Whether the expression matches exactly where one of {@link #requiredLiterals} occurs (a plain string or an
     * alternation of them), so finding a literal is finding a match.
     */
    public boolean isLiteralSet() {
        return literalSet;
    }

    /** A matcher over {@code text}; matchers are cheap but not thread-safe. */
    public PosixMatcher matcher(CharSequence text) {
        return new PosixMatcher(this, text);
    }

    /** Whether the expression matches anywhere in {@code text}. */
    public boolean matchesIn(CharSequence text) {
        return pattern.matcher(text).find();
    }

    boolean leftmostFirstIsLongest() {
        return leftmostFirstIsLongest;
    }

    boolean hasBackReferences() {
        return backReferences;
    }

    LongestMatchNfa nfa() {
        return nfa;
    }
}
