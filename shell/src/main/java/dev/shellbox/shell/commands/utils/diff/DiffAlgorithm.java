package dev.shellbox.shell.commands.utils.diff;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The comparison GNU diff makes (analyze.c and diffseq.h): lines matching nothing in the other file, and runs of very
 * common lines, are discarded first; Myers' O(ND) algorithm in its linear-space divide-and-conquer form, with the
 * "too expensive" cut-off, compares the rest; then runs of changes are slid to merge with neighbours and to line up
 * with the other file. Following the same steps makes the hunks the same as GNU's.
 */
final class DiffAlgorithm {
    /** Snakes longer than this mark progress worth noting (for the speed heuristic, as in diffseq.h). */
    private static final int SNAKE_LIMIT = 20;

    private final int[] xv;
    private final int[] yv;
    private final int[] xRealIndex;
    private final int[] yRealIndex;
    private final boolean[] changed0;
    private final boolean[] changed1;
    private final int[] fd;
    private final int[] bd;
    private final int diagOffset;
    private final int tooExpensive;
    private final boolean heuristic;
    private final Runnable checkpoint;

    private DiffAlgorithm(
            int[] xv,
            int[] yv,
            int[] xRealIndex,
            int[] yRealIndex,
            boolean[] changed0,
            boolean[] changed1,
            boolean heuristic,
            Runnable checkpoint) {
        this.checkpoint = checkpoint;
        this.xv = xv;
        this.yv = yv;
        this.xRealIndex = xRealIndex;
        this.yRealIndex = yRealIndex;
        this.changed0 = changed0;
        this.changed1 = changed1;
        this.heuristic = heuristic;
        int diags = xv.length + yv.length + 3;
        this.fd = new int[diags];
        this.bd = new int[diags];
        this.diagOffset = yv.length + 1;
        int expensive = 1;
        for (long d = diags; d != 0; d >>= 2) {
            expensive <<= 1;
        }
        this.tooExpensive = Math.max(4096, expensive);
    }

    /**
     * Compares two sequences of line equivalence classes (positive numbers, equal for lines that compare equal).
     *
     * @param minimal find a minimal edit script (-d): no discarding, no cut-off
     * @param speedLargeFiles use the big-snake heuristic (-H)
     * @param checkpoint called regularly during long comparisons (to honour cancellation)
     * @return for each side, which lines are changed (deleted from the first, inserted in the second)
     */
    static boolean[][] compare(
            int[] equivs0, int[] equivs1, boolean minimal, boolean speedLargeFiles, Runnable checkpoint) {
        boolean[] changed0 = new boolean[equivs0.length + 2];
        boolean[] changed1 = new boolean[equivs1.length + 2];
        int[][] kept = discardConfusingLines(equivs0, equivs1, minimal, changed0, changed1);
        DiffAlgorithm a =
                new DiffAlgorithm(kept[0], kept[1], kept[2], kept[3], changed0, changed1, speedLargeFiles, checkpoint);
        a.compareAll(minimal);
        shiftBoundaries(changed0, changed1, equivs0);
        shiftBoundaries(changed1, changed0, equivs1);
        boolean[] result0 = new boolean[equivs0.length];
        boolean[] result1 = new boolean[equivs1.length];
        System.arraycopy(changed0, 1, result0, 0, result0.length);
        System.arraycopy(changed1, 1, result1, 0, result1.length);
        return new boolean[][] {result0, result1};
    }

    /** The changed flags as a list of changes (line numbers relative to the compared ranges). */
    static List<Change> buildScript(boolean[] changed0, boolean[] changed1) {
        List<Change> script = new ArrayList<>();
        int len0 = changed0.length;
        int len1 = changed1.length;
        int i0 = 0;
        int i1 = 0;
        while (i0 < len0 || i1 < len1) {
            if ((i0 < len0 && changed0[i0]) || (i1 < len1 && changed1[i1])) {
                int line0 = i0;
                int line1 = i1;
                while (i0 < len0 && changed0[i0]) {
                    i0++;
                }
                while (i1 < len1 && changed1[i1]) {
                    i1++;
                }
                script.add(new Change(line0, line1, i0 - line0, i1 - line1));
            }
            i0++;
            i1++;
        }
        return script;
    }

    // ---- discard_confusing_lines ----

    /**
     * Marks lines that match nothing in the other file as changed, and (provisionally) lines that match very many,
     * keeping the provisional ones unless they sit inside runs of definite discards. Returns the kept classes of
     * each side and their real indexes: {xv, yv, xReal, yReal}.
     */
    private static int[][] discardConfusingLines(
            int[] equivs0, int[] equivs1, boolean minimal, boolean[] changed0, boolean[] changed1) {
        int[][] equivs = {equivs0, equivs1};
        boolean[][] changed = {changed0, changed1};
        int max = 0;
        for (int[] e : equivs) {
            for (int v : e) {
                max = Math.max(max, v);
            }
        }
        int[][] counts = new int[2][max + 1];
        for (int f = 0; f < 2; f++) {
            for (int v : equivs[f]) {
                counts[f][v]++;
            }
        }
        byte[][] discards = new byte[2][];
        for (int f = 0; f < 2; f++) {
            int end = equivs[f].length;
            byte[] d = new byte[end];
            int[] other = counts[1 - f];
            long many = 5;
            long tem = end / 64;
            while ((tem = tem >> 2) > 0) {
                many *= 2;
            }
            for (int i = 0; i < end; i++) {
                int v = equivs[f][i];
                if (v == 0) {
                    continue;
                }
                int nmatch = other[v];
                if (nmatch == 0) {
                    d[i] = 1;
                } else if (nmatch > many) {
                    d[i] = 2;
                }
            }
            discards[f] = d;
        }
        for (int f = 0; f < 2; f++) {
            cancelProvisionalDiscards(discards[f]);
        }
        int[][] result = new int[4][];
        for (int f = 0; f < 2; f++) {
            int end = equivs[f].length;
            int[] kept = new int[end];
            int[] real = new int[end];
            int j = 0;
            for (int i = 0; i < end; i++) {
                if (minimal || discards[f][i] == 0) {
                    kept[j] = equivs[f][i];
                    real[j++] = i;
                } else {
                    changed[f][i + 1] = true;
                }
            }
            result[f] = java.util.Arrays.copyOf(kept, j);
            result[f + 2] = java.util.Arrays.copyOf(real, j);
        }
        return result;
    }

    private static void cancelProvisionalDiscards(byte[] discards) {
        int end = discards.length;
        for (int i = 0; i < end; i++) {
            if (discards[i] == 2) {
                discards[i] = 0;
            } else if (discards[i] != 0) {
                int j;
                int provisional = 0;
                for (j = i; j < end; j++) {
                    if (discards[j] == 0) {
                        break;
                    }
                    if (discards[j] == 2) {
                        ++provisional;
                    }
                }
                while (j > i && discards[j - 1] == 2) {
                    discards[--j] = 0;
                    --provisional;
                }
                int length = j - i;
                if (provisional * 4 > length) {
                    while (j > i) {
                        if (discards[--j] == 2) {
                            discards[j] = 0;
                        }
                    }
                } else {
                    int minimum = 1;
                    int tem = length >> 2;
                    while (0 < (tem >>= 2)) {
                        minimum <<= 1;
                    }
                    minimum++;
                    int consec = 0;
                    for (j = 0; j < length; j++) {
                        if (discards[i + j] != 2) {
                            consec = 0;
                        } else if (minimum == ++consec) {
                            j -= consec; // back up to the start of the subrun to cancel all of it
                        } else if (minimum < consec) {
                            discards[i + j] = 0;
                        }
                    }
                    consec = 0;
                    for (j = 0; j < length; j++) {
                        if (j >= 8 && discards[i + j] == 1) {
                            break;
                        }
                        if (discards[i + j] == 2) {
                            consec = 0;
                            discards[i + j] = 0;
                        } else if (discards[i + j] == 0) {
                            consec = 0;
                        } else {
                            consec++;
                        }
                        if (consec == 3) {
                            break;
                        }
                    }
                    i += length - 1;
                    consec = 0;
                    for (j = 0; j < length; j++) {
                        if (j >= 8 && discards[i - j] == 1) {
                            break;
                        }
                        if (discards[i - j] == 2) {
                            consec = 0;
                            discards[i - j] = 0;
                        } else if (discards[i - j] == 0) {
                            consec = 0;
                        } else {
                            consec++;
                        }
                        if (consec == 3) {
                            break;
                        }
                    }
                }
            }
        }
    }

    // ---- compareseq and diag ----

    private record Range(int xoff, int xlim, int yoff, int ylim, boolean minimal) {}

    private void compareAll(boolean minimal) {
        Deque<Range> pending = new ArrayDeque<>();
        pending.push(new Range(0, xv.length, 0, yv.length, minimal));
        while (!pending.isEmpty()) {
            checkpoint.run();
            Range r = pending.pop();
            int xoff = r.xoff();
            int xlim = r.xlim();
            int yoff = r.yoff();
            int ylim = r.ylim();
            while (xoff < xlim && yoff < ylim && xv[xoff] == yv[yoff]) {
                xoff++;
                yoff++;
            }
            while (xoff < xlim && yoff < ylim && xv[xlim - 1] == yv[ylim - 1]) {
                xlim--;
                ylim--;
            }
            if (xoff == xlim) {
                for (int y = yoff; y < ylim; y++) {
                    changed1[yRealIndex[y] + 1] = true;
                }
            } else if (yoff == ylim) {
                for (int x = xoff; x < xlim; x++) {
                    changed0[xRealIndex[x] + 1] = true;
                }
            } else {
                int[] part = diag(xoff, xlim, yoff, ylim, r.minimal());
                pending.push(new Range(part[0], xlim, part[1], ylim, part[3] != 0));
                pending.push(new Range(xoff, part[0], yoff, part[1], part[2] != 0));
            }
        }
    }

    // State of the current diag() search, kept in fields so that each sweep is a small method the JIT compiles well.
    private int xoff;
    private int xlim;
    private int yoff;
    private int ylim;
    private int fmin;
    private int fmax;
    private int bmin;
    private int bmax;
    private boolean bigSnake;
    private int midX;
    private int midY;

    /** Finds the midpoint of the shortest edit script: {xmid, ymid, loMinimal, hiMinimal}. */
    private int[] diag(int xoff, int xlim, int yoff, int ylim, boolean findMinimal) {
        this.xoff = xoff;
        this.xlim = xlim;
        this.yoff = yoff;
        this.ylim = ylim;
        final int o = diagOffset;
        final int dmin = xoff - ylim;
        final int dmax = xlim - yoff;
        final int fmid = xoff - yoff;
        final int bmid = xlim - ylim;
        fmin = fmid;
        fmax = fmid;
        bmin = bmid;
        bmax = bmid;
        final boolean odd = ((fmid - bmid) & 1) != 0;
        fd[fmid + o] = xoff;
        bd[bmid + o] = xlim;
        for (int c = 1; ; ++c) {
            if ((c & 255) == 0) {
                checkpoint.run();
            }
            bigSnake = false;
            if (fmin > dmin) {
                fd[--fmin - 1 + o] = -1;
            } else {
                ++fmin;
            }
            if (fmax < dmax) {
                fd[++fmax + 1 + o] = -1;
            } else {
                --fmax;
            }
            if (forwardSweep(odd)) {
                return new int[] {midX, midY, 1, 1};
            }
            if (bmin > dmin) {
                bd[--bmin - 1 + o] = Integer.MAX_VALUE;
            } else {
                ++bmin;
            }
            if (bmax < dmax) {
                bd[++bmax + 1 + o] = Integer.MAX_VALUE;
            } else {
                --bmax;
            }
            if (backwardSweep(odd)) {
                return new int[] {midX, midY, 1, 1};
            }
            if (findMinimal) {
                continue;
            }
            if (200 < c && bigSnake && heuristic) {
                int[] found = bigSnakeHeuristic(xoff, xlim, yoff, ylim, fmin, fmax, bmin, bmax, fmid, bmid, c);
                if (found != null) {
                    return found;
                }
            }
            if (c >= tooExpensive) {
                return giveUp(xoff, xlim, yoff, ylim, fmin, fmax, bmin, bmax);
            }
        }
    }

    /** Extends the top-down search by one edit step on every diagonal; true when it meets the bottom-up one. */
    private boolean forwardSweep(boolean odd) {
        final int[] fd = this.fd;
        final int[] bd = this.bd;
        final int[] xv = this.xv;
        final int[] yv = this.yv;
        final int o = diagOffset;
        final int xlim = this.xlim;
        final int ylim = this.ylim;
        for (int d = fmax; d >= fmin; d -= 2) {
            int tlo = fd[d - 1 + o];
            int thi = fd[d + 1 + o];
            int x0 = tlo >= thi ? tlo + 1 : thi;
            int x = x0;
            int y = x0 - d;
            while (x < xlim && y < ylim && xv[x] == yv[y]) {
                x++;
                y++;
            }
            if (x - x0 > SNAKE_LIMIT) {
                bigSnake = true;
            }
            fd[d + o] = x;
            if (odd && bmin <= d && d <= bmax && bd[d + o] <= x) {
                midX = x;
                midY = y;
                return true;
            }
        }
        return false;
    }

    /** Extends the bottom-up search by one edit step on every diagonal; true when it meets the top-down one. */
    private boolean backwardSweep(boolean odd) {
        final int[] fd = this.fd;
        final int[] bd = this.bd;
        final int[] xv = this.xv;
        final int[] yv = this.yv;
        final int o = diagOffset;
        final int xoff = this.xoff;
        final int yoff = this.yoff;
        for (int d = bmax; d >= bmin; d -= 2) {
            int tlo = bd[d - 1 + o];
            int thi = bd[d + 1 + o];
            int x0 = tlo < thi ? tlo : thi - 1;
            int x = x0;
            int y = x0 - d;
            while (xoff < x && yoff < y && xv[x - 1] == yv[y - 1]) {
                x--;
                y--;
            }
            if (x0 - x > SNAKE_LIMIT) {
                bigSnake = true;
            }
            bd[d + o] = x;
            if (!odd && fmin <= d && d <= fmax && x <= fd[d + o]) {
                midX = x;
                midY = y;
                return true;
            }
        }
        return false;
    }

    /** Halfway between the best forward and backward progress, when the search has cost too much. */
    private int[] giveUp(int xoff, int xlim, int yoff, int ylim, int fmin, int fmax, int bmin, int bmax) {
        final int o = diagOffset;
        long fxybest = -1;
        int fxbest = 0;
        for (int d = fmax; d >= fmin; d -= 2) {
            int x = Math.min(fd[d + o], xlim);
            int y = x - d;
            if (ylim < y) {
                x = ylim + d;
                y = ylim;
            }
            if (fxybest < (long) x + y) {
                fxybest = (long) x + y;
                fxbest = x;
            }
        }
        long bxybest = Long.MAX_VALUE;
        int bxbest = 0;
        for (int d = bmax; d >= bmin; d -= 2) {
            int x = Math.max(xoff, bd[d + o]);
            int y = x - d;
            if (y < yoff) {
                x = yoff + d;
                y = yoff;
            }
            if ((long) x + y < bxybest) {
                bxybest = (long) x + y;
                bxbest = x;
            }
        }
        if (((long) xlim + ylim) - bxybest < fxybest - ((long) xoff + yoff)) {
            return new int[] {fxbest, (int) (fxybest - fxbest), 1, 0};
        }
        return new int[] {bxbest, (int) (bxybest - bxbest), 0, 1};
    }

    /** diffseq.h's heuristic for -H: a diagonal that made much progress compared with the cost. */
    private int[] bigSnakeHeuristic(
            int xoff, int xlim, int yoff, int ylim, int fmin, int fmax, int bmin, int bmax, int fmid, int bmid, int c) {
        final int o = diagOffset;
        int best = 0;
        int[] found = null;
        for (int d = fmax; d >= fmin; d -= 2) {
            int dd = d - fmid;
            int x = fd[d + o];
            int y = x - d;
            int v = (x - xoff) + (y - yoff) - dd;
            if (v > 12 * (c + (dd < 0 ? -dd : dd))
                    && v > best
                    && xoff + SNAKE_LIMIT <= x
                    && x < xlim
                    && yoff + SNAKE_LIMIT <= y
                    && y < ylim) {
                int k;
                for (k = 1; xv[x - k] == yv[y - k]; k++) {
                    if (k == SNAKE_LIMIT) {
                        best = v;
                        found = new int[] {x, y, 1, 0};
                        break;
                    }
                }
            }
        }
        if (found != null) {
            return found;
        }
        best = 0;
        for (int d = bmax; d >= bmin; d -= 2) {
            int dd = d - bmid;
            int x = bd[d + o];
            int y = x - d;
            int v = (xlim - x) + (ylim - y) + dd;
            if (v > 12 * (c + (dd < 0 ? -dd : dd))
                    && v > best
                    && xoff < x
                    && x <= xlim - SNAKE_LIMIT
                    && yoff < y
                    && y <= ylim - SNAKE_LIMIT) {
                int k;
                for (k = 0; xv[x + k] == yv[y + k]; k++) {
                    if (k == SNAKE_LIMIT - 1) {
                        best = v;
                        found = new int[] {x, y, 0, 1};
                        break;
                    }
                }
            }
        }
        return found;
    }

    // ---- shift_boundaries ----

    /**
     * Slides runs of changes in one file: back to merge with earlier runs, then forward as far as possible, then back
     * to line up with a run of changes in the other file. {@code changed} and {@code otherChanged} carry a false
     * sentinel at both ends (index 0 and length - 1); line i is at index i + 1.
     */
    private static void shiftBoundaries(boolean[] changed, boolean[] otherChanged, int[] equivs) {
        int iEnd = equivs.length;
        int i = 0;
        int j = 0;
        while (true) {
            while (i < iEnd && !changed[i + 1]) {
                while (otherChanged[1 + j++]) {
                    // skip
                }
                i++;
            }
            if (i == iEnd) {
                break;
            }
            int start = i;
            while (changed[1 + ++i]) {
                // find the end of the run
            }
            while (otherChanged[1 + j]) {
                j++;
            }
            int runLength;
            int corresponding;
            do {
                runLength = i - start;
                while (start != 0 && equivs[start - 1] == equivs[i - 1]) {
                    changed[1 + --start] = true;
                    changed[1 + --i] = false;
                    while (changed[1 + start - 1]) {
                        start--;
                    }
                    while (otherChanged[1 + --j]) {
                        // back up in the other file
                    }
                }
                corresponding = otherChanged[1 + j - 1] ? i : iEnd;
                while (i != iEnd && equivs[start] == equivs[i]) {
                    changed[1 + start++] = false;
                    changed[1 + i++] = true;
                    while (changed[1 + i]) {
                        i++;
                    }
                    while (otherChanged[1 + ++j]) {
                        corresponding = i;
                    }
                }
            } while (runLength != i - start);
            while (corresponding < i) {
                changed[1 + --start] = true;
                changed[1 + --i] = false;
                while (otherChanged[1 + --j]) {
                    // back up in the other file
                }
            }
        }
    }
}
