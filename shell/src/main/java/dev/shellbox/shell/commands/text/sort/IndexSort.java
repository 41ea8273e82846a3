package dev.shellbox.shell.commands.text.sort;

/** A stable merge sort of int indices under a comparator, so that lines are sorted without boxing. */
final class IndexSort {
    /** Compares two line indices. */
    interface IndexComparator {
        int compare(int a, int b);
    }

    private static final int INSERTION_LIMIT = 24;

    private final IndexComparator comparator;
    private final Runnable tick;
    private int[] aux;

    IndexSort(IndexComparator comparator, Runnable tick) {
        this.comparator = comparator;
        this.tick = tick;
    }

    /** Sorts {@code a[0, n)}. */
    void sort(int[] a, int n) {
        aux = new int[n];
        sort(a, 0, n);
    }

    /**
     * Sorts {@code a[0, n)} whose order is settled by {@code radixKeys[a[i]]} (unsigned) wherever those differ: a
     * stable LSD radix sort on the keys, then the comparator only within runs of equal keys.
     */
    void sort(int[] a, int n, long[] radixKeys) {
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = radixKeys[a[i]];
        }
        int[][] counts = new int[8][256];
        for (int i = 0; i < n; i++) {
            long k = keys[i];
            for (int b = 0; b < 8; b++) {
                counts[b][(int) (k >>> (8 * b)) & 0xff]++;
            }
        }
        long[] keysTmp = new long[n];
        int[] indexTmp = new int[n];
        for (int b = 0; b < 8; b++) {
            int[] count = counts[b];
            int first = (int) (keys.length == 0 ? 0 : (keys[0] >>> (8 * b)) & 0xff);
            if (count[first] == n) {
                continue; // every key has the same byte here
            }
            tick.run();
            int[] offsets = new int[256];
            for (int v = 1; v < 256; v++) {
                offsets[v] = offsets[v - 1] + count[v - 1];
            }
            int shift = 8 * b;
            for (int i = 0; i < n; i++) {
                int slot = offsets[(int) (keys[i] >>> shift) & 0xff]++;
                keysTmp[slot] = keys[i];
                indexTmp[slot] = a[i];
            }
            long[] kt = keys;
            keys = keysTmp;
            keysTmp = kt;
            System.arraycopy(indexTmp, 0, a, 0, n);
        }
        aux = new int[n];
        int start = 0;
        for (int i = 1; i <= n; i++) {
            if (i == n || keys[i] != keys[start]) {
                if (i - start > 1) {
                    sort(a, start, i);
                }
                start = i;
            }
        }
    }

    /** Merges the consecutive sorted runs of {@code a} that start at {@code runStarts} (and end at {@code n}). */
    void mergeRuns(int[] a, int n, int[] runStarts) {
        aux = new int[n];
        int[] bounds = new int[runStarts.length + 1];
        System.arraycopy(runStarts, 0, bounds, 0, runStarts.length);
        bounds[runStarts.length] = n;
        int runs = runStarts.length;
        while (runs > 1) {
            int merged = 0;
            for (int r = 0; r < runs; r += 2) {
                if (r + 1 < runs) {
                    merge(a, bounds[r], bounds[r + 1], bounds[r + 2]);
                }
                bounds[merged++] = bounds[r];
            }
            bounds[merged] = n;
            runs = merged;
        }
    }

    private void sort(int[] a, int lo, int hi) {
        if (hi - lo <= INSERTION_LIMIT) {
            insertionSort(a, lo, hi);
            return;
        }
        int mid = (lo + hi) >>> 1;
        sort(a, lo, mid);
        sort(a, mid, hi);
        merge(a, lo, mid, hi);
    }

    private void insertionSort(int[] a, int lo, int hi) {
        for (int i = lo + 1; i < hi; i++) {
            int v = a[i];
            int j = i - 1;
            while (j >= lo && comparator.compare(a[j], v) > 0) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private void merge(int[] a, int lo, int mid, int hi) {
        if (mid <= lo || mid >= hi || comparator.compare(a[mid - 1], a[mid]) <= 0) {
            return; // already in order, as in presorted input
        }
        if (hi - lo > 1 << 16) {
            tick.run();
        }
        System.arraycopy(a, lo, aux, lo, hi - lo);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
            a[k++] = comparator.compare(aux[j], aux[i]) < 0 ? aux[j++] : aux[i++];
        }
        while (i < mid) {
            a[k++] = aux[i++];
        }
        while (j < hi) {
            a[k++] = aux[j++];
        }
    }
}
