package dev.shellbox.shell.gnu.regex;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** The members of a bracket expression: single characters, ranges and named classes, possibly negated. */
final class BracketSet {
    /** Bytes that were not valid UTF-8 decode to these (see io.Text); GNU never matches them with a class or dot. */
    static final String INVALID_BYTES = "\\x{DC80}-\\x{DCFF}";

    private final boolean negated;
    private final List<int[]> ranges = new ArrayList<>();
    private final Set<PosixClass> classes = EnumSet.noneOf(PosixClass.class);
    private final List<String> extraJava = new ArrayList<>();

    BracketSet(boolean negated) {
        this.negated = negated;
    }

    static BracketSet ofClass(String javaClass, boolean negated) {
        BracketSet set = new BracketSet(negated);
        set.extraJava.add(javaClass);
        return set;
    }

    boolean negated() {
        return negated;
    }

    void add(int codePoint) {
        ranges.add(new int[] {codePoint, codePoint});
    }

    void addRange(int from, int to) {
        ranges.add(new int[] {from, to});
    }

    void add(PosixClass c) {
        classes.add(c);
    }

    /** The single character this set stands for, or -1 ({@code [a]} is just {@code a}). */
    int singleCharacter() {
        if (negated || !classes.isEmpty() || !extraJava.isEmpty() || ranges.size() != 1) {
            return -1;
        }
        int[] r = ranges.get(0);
        return r[0] == r[1] ? r[0] : -1;
    }

    /** The set as a java.util.regex character class. */
    String toJava(boolean newlineSensitive) {
        StringBuilder sb = new StringBuilder(negated ? "[^" : "[");
        for (int[] r : ranges) {
            sb.append("\\x{").append(Integer.toHexString(r[0])).append('}');
            if (r[1] != r[0]) {
                sb.append("-\\x{").append(Integer.toHexString(r[1])).append('}');
            }
        }
        for (PosixClass c : classes) {
            sb.append(c.java());
        }
        for (String extra : extraJava) {
            sb.append(extra);
        }
        if (negated) {
            sb.append(INVALID_BYTES);
            if (newlineSensitive) {
                sb.append("\\n");
            }
        }
        return sb.append(']').toString();
    }
}
