package dev.shellbox.shell.gnu.regex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A Thompson NFA of an expression without back-references, used to find how far the longest match from a given start
 * reaches (POSIX leftmost-longest), by simulating every alternative at once. Single-character atoms are decided by
 * the atom's own java.util.regex class, so the NFA and the Java pattern agree on every character by construction.
 * Immutable and shareable; the per-search state lives in a {@link Scratch}.
 */
final class LongestMatchNfa {
    private static final int MAX_STATES = 20_000;

    private static final int CHAR = 0;
    private static final int SPLIT = 1;
    private static final int ASSERT = 2;
    private static final int MATCH = 3;

    private int[] kind = new int[64];
    private int[] arg = new int[64];
    private int[] out1 = new int[64];
    private int[] out2 = new int[64];
    private int size;
    private final List<CodePointTest> atoms = new ArrayList<>();
    private final RegexOptions options;
    private final int flags;
    private final CodePointTest word;
    private int start;

    private LongestMatchNfa(RegexOptions options, int flags) {
        this.options = options;
        this.flags = flags;
        this.word = new JavaClassTest(Pattern.compile(PosixClass.WORD));
    }

    /** The NFA of {@code node}, or null when it has back-references or would be too large. */
    static LongestMatchNfa build(Node node, RegexOptions options, int flags) {
        LongestMatchNfa nfa = new LongestMatchNfa(options, flags);
        try {
            int match = nfa.state(MATCH, 0, -1, -1);
            nfa.start = nfa.compile(node, match);
        } catch (TooComplex e) {
            return null;
        }
        return nfa;
    }

    private static final class TooComplex extends Exception {
        TooComplex() {
            super(null, null, false, false);
        }
    }

    private int state(int k, int a, int o1, int o2) throws TooComplex {
        if (size == MAX_STATES) {
            throw new TooComplex();
        }
        if (size == kind.length) {
            int n = size * 2;
            kind = Arrays.copyOf(kind, n);
            arg = Arrays.copyOf(arg, n);
            out1 = Arrays.copyOf(out1, n);
            out2 = Arrays.copyOf(out2, n);
        }
        kind[size] = k;
        arg[size] = a;
        out1[size] = o1;
        out2[size] = o2;
        return size++;
    }

    /** Builds {@code node} so that it continues to {@code next}; returns its entry state. */
    private int compile(Node node, int next) throws TooComplex {
        if (node instanceof Node.Literal || node instanceof Node.AnyChar || node instanceof Node.Bracket) {
            return state(CHAR, atom(node), next, -1);
        }
        if (node instanceof Node.Group g) {
            return compile(g.body(), next);
        }
        if (node instanceof Node.Concat c) {
            int entry = next;
            for (int i = c.items().size() - 1; i >= 0; i--) {
                entry = compile(c.items().get(i), entry);
            }
            return entry;
        }
        if (node instanceof Node.Alternation a) {
            int entry = compile(a.branches().get(a.branches().size() - 1), next);
            for (int i = a.branches().size() - 2; i >= 0; i--) {
                entry = state(SPLIT, 0, compile(a.branches().get(i), next), entry);
            }
            return entry;
        }
        if (node instanceof Node.Repeat r) {
            return repeat(r, next);
        }
        if (node instanceof Node.Anchor a) {
            return state(ASSERT, a.kind().ordinal(), next, -1);
        }
        if (node instanceof Node.Empty) {
            return next;
        }
        throw new TooComplex(); // back-reference
    }

    private int repeat(Node.Repeat r, int next) throws TooComplex {
        int entry;
        if (r.max() == Node.Repeat.UNBOUNDED) {
            int loop = state(SPLIT, 0, -1, next);
            out1[loop] = compile(r.body(), loop);
            entry = loop;
        } else {
            entry = next;
            for (int i = r.min(); i < r.max(); i++) {
                entry = state(SPLIT, 0, compile(r.body(), entry), next);
            }
        }
        for (int i = 0; i < r.min(); i++) {
            entry = compile(r.body(), entry);
        }
        return entry;
    }

    private int atom(Node node) {
        CodePointTest test;
        if (node instanceof Node.Literal l && !options.ignoreCase()) {
            int c = l.codePoint();
            test = cp -> cp == c;
        } else if (node instanceof Node.AnyChar) {
            boolean nl = options.newlineSensitive();
            boolean nul = options.dialect() == RegexDialect.POSIX;
            test = cp -> !(cp >= 0xDC80 && cp <= 0xDCFF) && !(nl && cp == '\n') && !(nul && cp == 0);
        } else {
            test = new JavaClassTest(Pattern.compile(JavaRegexWriter.write(node, options), flags));
        }
        atoms.add(test);
        return atoms.size() - 1;
    }

    /** Per-search working memory; one per matcher, not shared between threads. */
    final class Scratch {
        private int[] current = new int[size];
        private int[] next = new int[size];
        private int currentSize;
        private int nextSize;
        private final int[] mark = new int[size];
        private final int[] stack = new int[size * 2 + 2];
        private int generation;
    }

    Scratch newScratch() {
        return new Scratch();
    }

    /** The end of the longest match of the whole expression that starts at {@code from}, or -1 when none does. */
    int longestEnd(CharSequence text, int from, Scratch s) {
        int len = text.length();
        s.currentSize = 0;
        s.generation++;
        s.currentSize = add(s, s.current, 0, start, text, from);
        int last = -1;
        int pos = from;
        while (true) {
            int[] cur = s.current;
            int count = s.currentSize;
            if (count == 0) {
                break;
            }
            for (int i = 0; i < count; i++) {
                if (kind[cur[i]] == MATCH) {
                    last = pos;
                    break;
                }
            }
            if (pos >= len) {
                break;
            }
            int cp = Character.codePointAt(text, pos);
            int nextPos = pos + Character.charCount(cp);
            s.generation++;
            int nextCount = 0;
            for (int i = 0; i < count; i++) {
                int st = cur[i];
                if (kind[st] == CHAR && atoms.get(arg[st]).test(cp)) {
                    nextCount = add(s, s.next, nextCount, out1[st], text, nextPos);
                }
            }
            int[] swap = s.current;
            s.current = s.next;
            s.next = swap;
            s.currentSize = nextCount;
            pos = nextPos;
        }
        return last;
    }

    /** Adds {@code state} and everything reachable from it without consuming input at {@code pos}. */
    private int add(Scratch s, int[] list, int count, int state, CharSequence text, int pos) {
        int sp = 0;
        s.stack[sp++] = state;
        while (sp > 0) {
            int st = s.stack[--sp];
            if (s.mark[st] == s.generation) {
                continue;
            }
            s.mark[st] = s.generation;
            switch (kind[st]) {
                case SPLIT -> {
                    s.stack[sp++] = out2[st];
                    s.stack[sp++] = out1[st];
                }
                case ASSERT -> {
                    if (holds(Node.AnchorKind.values()[arg[st]], text, pos)) {
                        s.stack[sp++] = out1[st];
                    }
                }
                default -> list[count++] = st;
            }
        }
        return count;
    }

    private boolean holds(Node.AnchorKind anchor, CharSequence text, int pos) {
        int len = text.length();
        boolean nl = options.newlineSensitive();
        return switch (anchor) {
            case LINE_START -> pos == 0 || (nl && text.charAt(pos - 1) == '\n');
            case LINE_END -> pos == len || (nl && text.charAt(pos) == '\n');
            case BUFFER_START -> pos == 0;
            case BUFFER_END -> pos == len;
            case WORD_BOUNDARY -> wordBefore(text, pos) != wordAt(text, pos);
            case NOT_WORD_BOUNDARY -> wordBefore(text, pos) == wordAt(text, pos);
            case WORD_START -> !wordBefore(text, pos) && wordAt(text, pos);
            case WORD_END -> wordBefore(text, pos) && !wordAt(text, pos);
            case NO_WORD_BEFORE -> !wordBefore(text, pos);
            case NO_WORD_AFTER -> !wordAt(text, pos);
        };
    }

    private boolean wordBefore(CharSequence text, int pos) {
        return pos > 0 && word.test(Character.codePointBefore(text, pos));
    }

    private boolean wordAt(CharSequence text, int pos) {
        return pos < text.length() && word.test(Character.codePointAt(text, pos));
    }

    /** Whether one code point is matched by an atom. */
    interface CodePointTest {
        boolean test(int codePoint);
    }

    /** Answers with a compiled single-character Java class: precomputed for ASCII, cached beyond. */
    static final class JavaClassTest implements CodePointTest {
        private static final int CACHE_LIMIT = 4096;
        private final Pattern pattern;
        private final boolean[] ascii = new boolean[128];
        private final Map<Integer, Boolean> cache = new ConcurrentHashMap<>();

        JavaClassTest(Pattern pattern) {
            this.pattern = pattern;
            for (int c = 0; c < 128; c++) {
                ascii[c] = pattern.matcher(String.valueOf((char) c)).matches();
            }
        }

        @Override
        public boolean test(int cp) {
            if (cp < 128) {
                return ascii[cp];
            }
            Boolean known = cache.get(cp);
            if (known != null) {
                return known;
            }
            boolean result = pattern.matcher(new String(Character.toChars(cp))).matches();
            if (cache.size() < CACHE_LIMIT) {
                cache.put(cp, result);
            }
            return result;
        }
    }
}
