package dev.shellbox.shell.commands.text.sort;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Sorts large inputs on several threads, as GNU sort does: each thread sorts a contiguous slice of the indices, then
 * the slices are merged. Slices keep their input order and merging prefers the earlier slice, so the result is the
 * same stable order a single thread produces.
 */
final class ParallelSort {
    /** Below this many lines a second thread costs more than it saves. */
    static final int MIN_LINES = 100_000;

    private ParallelSort() {}

    /**
     * Sorts {@code index[0, n)} with up to {@code threads} threads; {@code radixKeys} may be null.
     *
     * @param tick called now and then by every thread, so that cancellation reaches them
     */
    static void sort(
            int[] index, int n, IndexSort.IndexComparator order, long[] radixKeys, int threads, Runnable tick) {
        int parts = Math.min(threads, Math.max(1, n / (MIN_LINES / 2)));
        if (parts <= 1) {
            sortSlice(index, 0, n, order, radixKeys, tick);
            return;
        }
        int[] starts = new int[parts];
        for (int p = 0; p < parts; p++) {
            starts[p] = (int) ((long) n * p / parts);
        }
        ExecutorService pool = Executors.newFixedThreadPool(parts - 1, r -> {
            Thread t = new Thread(r, "shellbox-sort");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int p = 1; p < parts; p++) {
                int from = starts[p];
                int to = p + 1 < parts ? starts[p + 1] : n;
                running.add(pool.submit(() -> sortSlice(index, from, to, order, radixKeys, tick)));
            }
            sortSlice(index, 0, starts[1], order, radixKeys, tick);
            for (Future<?> f : running) {
                await(f);
            }
        } finally {
            pool.shutdownNow();
        }
        new IndexSort(order, tick).mergeRuns(index, n, starts);
    }

    private static void sortSlice(
            int[] index, int from, int to, IndexSort.IndexComparator order, long[] radixKeys, Runnable tick) {
        int[] slice = java.util.Arrays.copyOfRange(index, from, to);
        IndexSort sorter = new IndexSort(order, tick);
        if (radixKeys != null) {
            sorter.sort(slice, slice.length, radixKeys);
        } else {
            sorter.sort(slice, slice.length);
        }
        System.arraycopy(slice, 0, index, from, slice.length);
    }

    private static void await(Future<?> f) {
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new dev.shellbox.shell.io.CancelledException("interrupted");
        } catch (ExecutionException e) {
            // A worker's cancellation or limit reaches the caller as itself.
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
