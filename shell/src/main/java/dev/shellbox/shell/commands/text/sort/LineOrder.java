package dev.shellbox.shell.commands.text.sort;

import dev.shellbox.shell.gnu.filevercmp.VersionOrder;
import java.util.Arrays;

/**
 * The order GNU sort puts lines in: each key in turn (its span found once per line, as begfield/limfield do), then,
 * unless {@code -s} or {@code -u}, the whole line byte by byte (C.UTF-8 collation is code point order, which is byte
 * order). The first key, or the whole line, also gets a per-line cache (an 8-byte prefix, an approximate number, a
 * hash) that settles most comparisons without touching the bytes.
 */
final class LineOrder implements IndexSort.IndexComparator {
    private enum Cache {
        NONE,
        PREFIX,
        NUMERIC,
        GENERAL,
        RANDOM
    }

    private static final boolean[] BLANK = new boolean[256];
    private static final boolean[] NOT_DICTIONARY = new boolean[256];
    private static final boolean[] NOT_PRINTING = new boolean[256];

    static {
        for (int c = 0; c < 256; c++) {
            BLANK[c] = c == ' ' || c == '\t' || c == '\n';
            boolean alnum = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            NOT_DICTIONARY[c] = !alnum && !BLANK[c];
            NOT_PRINTING[c] = c < 0x20 || c >= 0x7f;
        }
    }

    private final SortKey[] keys;
    private final int tab;
    private final boolean lastResort;
    private final boolean reverseAll;
    private final long seed;
    private final Cache cache;

    private LineTable table;
    private int[][] keyBegin;
    private int[][] keyEnd;
    private long[] sortable;

    /**
     * @param keys the keys, in order; empty to compare whole lines
     * @param tab the field separator byte, or -1 for blank-to-nonblank transitions
     * @param lastResort whether lines with equal keys are ordered by their bytes (without keys, lines always are)
     * @param reverseAll whether the last-resort comparison is reversed ({@code -r})
     * @param seed the seed of {@code -R}'s hash
     */
    LineOrder(SortKey[] keys, int tab, boolean lastResort, boolean reverseAll, long seed) {
        this.keys = keys;
        this.tab = tab;
        this.lastResort = lastResort;
        this.reverseAll = reverseAll;
        this.seed = seed;
        this.cache = chooseCache(keys);
    }

    private static Cache chooseCache(SortKey[] keys) {
        if (keys.length == 0) {
            return Cache.PREFIX;
        }
        SortKey k = keys[0];
        if (k.random) {
            return Cache.RANDOM;
        }
        if (k.ignore != SortKey.Ignore.NONE) {
            return Cache.NONE;
        }
        if (k.numeric && !k.foldCase) {
            return Cache.NUMERIC;
        }
        if (k.generalNumeric && !k.foldCase) {
            return Cache.GENERAL;
        }
        return k.isText() ? Cache.PREFIX : Cache.NONE;
    }

    /** Finds the key spans and fills the caches for every line of {@code t}. */
    void prepare(LineTable t) {
        table = t;
        int n = t.count;
        keyBegin = new int[keys.length][];
        keyEnd = new int[keys.length][];
        for (int k = 0; k < keys.length; k++) {
            int[] begin = new int[n];
            int[] end = new int[n];
            for (int i = 0; i < n; i++) {
                int b = begin(t.data, t.starts[i], t.ends[i], keys[k]);
                int e = limit(t.data, t.starts[i], t.ends[i], keys[k]);
                begin[i] = b;
                end[i] = Math.max(b, e);
            }
            keyBegin[k] = begin;
            keyEnd[k] = end;
        }
        sortable = null;
        if (cache == Cache.NONE) {
            return;
        }
        sortable = new long[n];
        double[] value = new double[1];
        for (int i = 0; i < n; i++) {
            sortable[i] = switch (cache) {
                case PREFIX ->
                    keys.length == 0
                            ? prefix(t.data, t.starts[i], t.ends[i], false)
                            : prefix(t.data, keyBegin[0][i], keyEnd[0][i], keys[0].foldCase);
                case NUMERIC -> sortableDouble(NumberOrder.approximateNumeric(t.data, keyBegin[0][i], keyEnd[0][i]));
                case GENERAL -> {
                    int rank = NumberOrder.parseGeneral(t.data, keyBegin[0][i], keyEnd[0][i], value);
                    yield rank == NumberOrder.NUMBER ? sortableDouble(value[0]) : rank;
                }
                default -> hash(t.data, keyBegin[0][i], keyEnd[0][i], keys[0]);
            };
        }
    }

    /**
     * A long whose unsigned order is the order of the doubles, with -0 equal to 0; values 0 to 2 stay free for the
     * ranks of non-numbers and NaNs, which sort first.
     */
    private static long sortableDouble(double d) {
        long bits = Double.doubleToLongBits(d == 0 ? 0.0 : d);
        return bits >= 0 ? bits ^ Long.MIN_VALUE : ~bits;
    }

    /**
     * The per-line values that order the lines by their first key (or whole line) wherever they differ, complemented
     * when that key is reversed; null when the first key has none. Lines with equal values still need {@link
     * #compare}.
     */
    long[] radixKeys() {
        if (sortable == null) {
            return null;
        }
        boolean reversed = keys.length == 0 ? reverseAll : keys[0].reverse;
        if (!reversed) {
            return sortable;
        }
        long[] complemented = new long[sortable.length];
        for (int i = 0; i < complemented.length; i++) {
            complemented[i] = ~sortable[i];
        }
        return complemented;
    }

    @Override
    public int compare(int x, int y) {
        byte[] d = table.data;
        for (int k = 0; k < keys.length; k++) {
            int diff = compareKey(k, x, y);
            if (diff != 0) {
                return keys[k].reverse ? -diff : diff;
            }
        }
        if (!lastResort && keys.length > 0) {
            return 0;
        }
        int diff;
        if (keys.length == 0) {
            diff = Long.compareUnsigned(sortable[x], sortable[y]);
            if (diff == 0) {
                diff = compareBytes(d, table.starts[x], table.ends[x], d, table.starts[y], table.ends[y]);
            }
        } else {
            diff = compareBytes(d, table.starts[x], table.ends[x], d, table.starts[y], table.ends[y]);
        }
        return reverseAll ? -diff : diff;
    }

    private int compareKey(int k, int x, int y) {
        if (k == 0 && sortable != null) {
            int diff = Long.compareUnsigned(sortable[x], sortable[y]);
            if (diff != 0 || cache == Cache.GENERAL) {
                return diff; // -g values are exact; the others only settle unequal lines
            }
        }
        byte[] d = table.data;
        return compareSpans(keys[k], d, keyBegin[k][x], keyEnd[k][x], d, keyBegin[k][y], keyEnd[k][y]);
    }

    /** Compares two key spans under {@code key}'s options. */
    private int compareSpans(SortKey key, byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
        if (key.ignore != SortKey.Ignore.NONE || (key.foldCase && !key.isText())) {
            byte[] fa = filter(key, a, aFrom, aTo);
            byte[] fb = filter(key, b, bFrom, bTo);
            if (key.isText()) {
                return compareBytes(fa, 0, fa.length, fb, 0, fb.length);
            }
            return compareTyped(key, fa, 0, fa.length, fb, 0, fb.length);
        }
        if (key.isText()) {
            return key.foldCase
                    ? compareFolded(a, aFrom, aTo, b, bFrom, bTo)
                    : compareBytes(a, aFrom, aTo, b, bFrom, bTo);
        }
        return compareTyped(key, a, aFrom, aTo, b, bFrom, bTo);
    }

    private int compareTyped(SortKey key, byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
        if (key.random) {
            int diff = Long.compareUnsigned(hash(a, aFrom, aTo, key), hash(b, bFrom, bTo, key));
            return diff != 0 ? diff : compareBytes(a, aFrom, aTo, b, bFrom, bTo);
        }
        if (key.numeric) {
            return NumberOrder.compareNumeric(a, aFrom, aTo, b, bFrom, bTo);
        }
        if (key.generalNumeric) {
            double[] va = new double[1];
            double[] vb = new double[1];
            int ra = NumberOrder.parseGeneral(a, aFrom, aTo, va);
            int rb = NumberOrder.parseGeneral(b, bFrom, bTo, vb);
            return NumberOrder.compareGeneral(ra, va[0], rb, vb[0]);
        }
        if (key.humanNumeric) {
            return NumberOrder.compareHuman(a, aFrom, aTo, b, bFrom, bTo);
        }
        if (key.month) {
            return Integer.compare(NumberOrder.month(a, aFrom, aTo), NumberOrder.month(b, bFrom, bTo));
        }
        return VersionOrder.compare(a, aFrom, aTo, b, bFrom, bTo);
    }

    /** The key's bytes without the ignored ones and with lower case folded, when asked for. */
    private static byte[] filter(SortKey key, byte[] s, int from, int to) {
        boolean[] skip = key.ignore == SortKey.Ignore.DICTIONARY
                ? NOT_DICTIONARY
                : key.ignore == SortKey.Ignore.NONPRINTING ? NOT_PRINTING : null;
        byte[] out = new byte[to - from];
        int n = 0;
        for (int i = from; i < to; i++) {
            int c = s[i] & 0xff;
            if (skip != null && skip[c]) {
                continue;
            }
            out[n++] = (byte) (key.foldCase ? upper(c) : c);
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    private static int upper(int c) {
        return c >= 'a' && c <= 'z' ? c - 32 : c;
    }

    static int compareBytes(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
        int diff = Arrays.compareUnsigned(a, aFrom, aTo, b, bFrom, bTo);
        return Integer.signum(diff);
    }

    private static int compareFolded(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
        int n = Math.min(aTo - aFrom, bTo - bFrom);
        for (int i = 0; i < n; i++) {
            int x = upper(a[aFrom + i] & 0xff);
            int y = upper(b[bFrom + i] & 0xff);
            if (x != y) {
                return x < y ? -1 : 1;
            }
        }
        return Integer.compare(aTo - aFrom, bTo - bFrom);
    }

    /** The first 8 bytes of a span, big-endian and zero-padded, so that unsigned order matches byte order. */
    private static long prefix(byte[] s, int from, int to, boolean fold) {
        long p = 0;
        int n = Math.min(8, to - from);
        for (int i = 0; i < 8; i++) {
            int c = i < n ? s[from + i] & 0xff : 0;
            p = (p << 8) | (fold ? upper(c) : c);
        }
        return p;
    }

    private long hash(byte[] s, int from, int to, SortKey key) {
        long h = seed ^ 0x9E3779B97F4A7C15L;
        for (int i = from; i < to; i++) {
            int c = s[i] & 0xff;
            h = (h ^ (key.foldCase ? upper(c) : c)) * 0x100000001B3L;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        return h ^ (h >>> 33);
    }

    /** begfield: where a key starts in the line {@code [text, lim)}. */
    private int begin(byte[] d, int text, int lim, SortKey key) {
        int ptr = text;
        if (key.startField == SortKey.NONE) {
            if (key.skipStartBlanks) {
                while (ptr < lim && BLANK[d[ptr] & 0xff]) {
                    ptr++;
                }
            }
            return (int) Math.min(lim, (long) ptr + key.startChar);
        }
        int fields = key.startField;
        if (tab >= 0) {
            while (ptr < lim && fields-- > 0) {
                while (ptr < lim && (d[ptr] & 0xff) != tab) {
                    ptr++;
                }
                if (ptr < lim) {
                    ptr++;
                }
            }
        } else {
            while (ptr < lim && fields-- > 0) {
                while (ptr < lim && BLANK[d[ptr] & 0xff]) {
                    ptr++;
                }
                while (ptr < lim && !BLANK[d[ptr] & 0xff]) {
                    ptr++;
                }
            }
        }
        if (key.skipStartBlanks) {
            while (ptr < lim && BLANK[d[ptr] & 0xff]) {
                ptr++;
            }
        }
        return (int) Math.min(lim, (long) ptr + key.startChar);
    }

    /** limfield: where a key ends in the line {@code [text, lim)}. */
    private int limit(byte[] d, int text, int lim, SortKey key) {
        if (key.endField == SortKey.NONE) {
            return lim;
        }
        long fields = key.endField;
        int chars = key.endChar;
        if (chars == 0) {
            fields++;
        }
        int ptr = text;
        if (tab >= 0) {
            while (ptr < lim && fields > 0) {
                fields--;
                while (ptr < lim && (d[ptr] & 0xff) != tab) {
                    ptr++;
                }
                if (ptr < lim && (fields != 0 || chars != 0)) {
                    ptr++;
                }
            }
        } else {
            while (ptr < lim && fields > 0) {
                fields--;
                while (ptr < lim && BLANK[d[ptr] & 0xff]) {
                    ptr++;
                }
                while (ptr < lim && !BLANK[d[ptr] & 0xff]) {
                    ptr++;
                }
            }
        }
        if (chars != 0) {
            if (key.skipEndBlanks) {
                while (ptr < lim && BLANK[d[ptr] & 0xff]) {
                    ptr++;
                }
            }
            ptr = (int) Math.min(lim, (long) ptr + chars);
        }
        return ptr;
    }
}
