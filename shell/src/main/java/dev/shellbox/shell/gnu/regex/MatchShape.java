package dev.shellbox.shell.gnu.regex;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Facts about a parsed expression that decide how to match it: whether Java's leftmost-first search already yields
 * POSIX's leftmost-longest match, and a literal every match must contain.
 *
 * <p>Leftmost-first and leftmost-longest can only differ when a match has several possible lengths from the same
 * start. If the expression has at most one "choice point" (an alternation of unequal lengths, or a repetition of
 * variable count) and that choice is a greedy repetition of a fixed-length body, the backtracking search tries the
 * largest count first and its first success is the longest. Everything else goes through the NFA.
 */
final class MatchShape {
    private static final int UNSAFE = 2;

    private final Map<Integer, Integer> groupLengths = new HashMap<>();

    private MatchShape() {}

    /** Whether Java's first match from a start is always the longest one. */
    static boolean leftmostFirstIsLongest(Node node) {
        MatchShape shape = new MatchShape();
        shape.collectGroups(node);
        return shape.choicePoints(node) <= 1;
    }

    private void collectGroups(Node node) {
        if (node instanceof Node.Group g) {
            collectGroups(g.body());
            groupLengths.put(g.number(), fixedLength(g.body()));
        } else if (node instanceof Node.Concat c) {
            c.items().forEach(this::collectGroups);
        } else if (node instanceof Node.Alternation a) {
            a.branches().forEach(this::collectGroups);
        } else if (node instanceof Node.Repeat r) {
            collectGroups(r.body());
        }
    }

    private int choicePoints(Node node) {
        if (node instanceof Node.Group g) {
            return choicePoints(g.body());
        }
        if (node instanceof Node.Concat c) {
            int sum = 0;
            for (Node item : c.items()) {
                sum += choicePoints(item);
                if (sum >= UNSAFE) {
                    return UNSAFE;
                }
            }
            return sum;
        }
        if (node instanceof Node.Alternation a) {
            int length = fixedLength(a.branches().get(0));
            for (Node b : a.branches()) {
                if (length < 0 || fixedLength(b) != length) {
                    return UNSAFE;
                }
            }
            return 0;
        }
        if (node instanceof Node.Repeat r) {
            if (fixedLength(r.body()) < 0) {
                return UNSAFE;
            }
            return r.min() == r.max() ? 0 : 1;
        }
        if (node instanceof Node.BackReference b) {
            return groupLengths.getOrDefault(b.number(), -1) >= 0 ? 0 : UNSAFE;
        }
        return 0;
    }

    /** The number of characters every match of {@code node} has, or -1 when it varies. */
    private int fixedLength(Node node) {
        if (node instanceof Node.Literal || node instanceof Node.AnyChar || node instanceof Node.Bracket) {
            return 1;
        }
        if (node instanceof Node.Anchor || node instanceof Node.Empty) {
            return 0;
        }
        if (node instanceof Node.Group g) {
            return fixedLength(g.body());
        }
        if (node instanceof Node.Concat c) {
            int sum = 0;
            for (Node item : c.items()) {
                int n = fixedLength(item);
                if (n < 0) {
                    return -1;
                }
                sum += n;
            }
            return sum;
        }
        if (node instanceof Node.Alternation a) {
            int length = fixedLength(a.branches().get(0));
            for (Node b : a.branches()) {
                if (fixedLength(b) != length) {
                    return -1;
                }
            }
            return length;
        }
        if (node instanceof Node.Repeat r) {
            int body = fixedLength(r.body());
            if (body == 0) {
                return 0;
            }
            return body < 0 || r.min() != r.max() ? -1 : body * r.min();
        }
        if (node instanceof Node.BackReference b) {
            return groupLengths.getOrDefault(b.number(), -1);
        }
        return -1;
    }

    /**
     * A string every match contains, case as written (the longest run of literal characters on the expression's
     * mandatory path), or null when there is none worth searching for.
     */
    static String requiredLiteral(Node node) {
        String best = null;
        if (node instanceof Node.Group g) {
            return requiredLiteral(g.body());
        }
        if (node instanceof Node.Literal l) {
            return new String(Character.toChars(l.codePoint()));
        }
        if (node instanceof Node.Repeat r && r.min() >= 1) {
            return requiredLiteral(r.body());
        }
        if (!(node instanceof Node.Concat c)) {
            return null;
        }
        StringBuilder run = new StringBuilder();
        for (Node item : c.items()) {
            if (item instanceof Node.Literal l) {
                run.appendCodePoint(l.codePoint());
            } else if (!(item instanceof Node.Anchor)) { // anchors are zero-width: the run goes on
                best = longer(best, run);
                run.setLength(0);
                best = longer(best, requiredLiteral(item));
            }
        }
        return longer(best, run);
    }

    /**
     * Strings one of which every match contains: the required literal of each alternative when the expression is an
     * alternation, else the one required literal; empty when there is no such set.
     */
    static List<String> requiredLiterals(Node node) {
        while (node instanceof Node.Group g) {
            node = g.body();
        }
        if (node instanceof Node.Alternation a) {
            List<String> any = new ArrayList<>();
            for (Node branch : a.branches()) {
                List<String> inner = requiredLiterals(branch);
                if (inner.isEmpty()) {
                    return List.of();
                }
                any.addAll(inner);
            }
            return any;
        }
        String one = requiredLiteral(node);
        return one == null ? List.of() : List.of(one);
    }

    /** Whether the expression matches exactly where one of its {@link #requiredLiterals} occurs. */
    static boolean isLiteralSet(Node node) {
        while (node instanceof Node.Group g) {
            node = g.body();
        }
        if (node instanceof Node.Alternation a) {
            return a.branches().stream().allMatch(MatchShape::isLiteralSet);
        }
        if (node instanceof Node.Literal) {
            return true;
        }
        return node instanceof Node.Concat c && c.items().stream().allMatch(i -> i instanceof Node.Literal);
    }

    private static String longer(String best, CharSequence candidate) {
        if (candidate == null || candidate.length() == 0) {
            return best;
        }
        return best == null || candidate.length() > best.length() ? candidate.toString() : best;
    }
}
