package dev.shellbox.shell.commands.search;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte scanning eight bytes at a time (SWAR): finding a byte and counting its occurrences, the inner loops of grep's
 * search over whole buffers.
 */
final class ByteSearch {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long LOWS = 0x7F7F7F7F7F7F7F7FL;

    private ByteSearch() {}

    /** The first index in {@code [from, to)} holding {@code b}, or -1. */
    static int indexOf(byte[] a, int from, int to, byte b) {
        long pattern = (b & 0xFFL) * ONES;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long v = (long) LONGS.get(a, i) ^ pattern;
            long zero = (v - ONES) & ~v & HIGHS;
            if (zero != 0) {
                return i + (Long.numberOfTrailingZeros(zero) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (a[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** The first index in {@code [from, to)} holding {@code b1} or {@code b2}, or -1. */
    static int indexOfEither(byte[] a, int from, int to, byte b1, byte b2) {
        long p1 = (b1 & 0xFFL) * ONES;
        long p2 = (b2 & 0xFFL) * ONES;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(a, i);
            long v1 = w ^ p1;
            long v2 = w ^ p2;
            long zero = ((v1 - ONES) & ~v1 | (v2 - ONES) & ~v2) & HIGHS;
            if (zero != 0) {
                int k = i + (Long.numberOfTrailingZeros(zero) >>> 3);
                // a borrow can flag a byte after a real hit, never before it: rescan the word exactly
                for (int j = i; j < i + 8; j++) {
                    if (a[j] == b1 || a[j] == b2) {
                        return j;
                    }
                }
                return k;
            }
        }
        for (; i < to; i++) {
            if (a[i] == b1 || a[i] == b2) {
                return i;
            }
        }
        return -1;
    }

    /** How many bytes in {@code [from, to)} equal {@code b}. */
    static int count(byte[] a, int from, int to, byte b) {
        long pattern = (b & 0xFFL) * ONES;
        int n = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(a, i) ^ pattern;
            long y = ((x & LOWS) + LOWS) | x;
            n += Long.bitCount(~y & HIGHS);
        }
        for (; i < to; i++) {
            if (a[i] == b) {
                n++;
            }
        }
        return n;
    }

    /** The last index in {@code [from, to)} holding {@code b}, or -1. */
    static int lastIndexOf(byte[] a, int from, int to, byte b) {
        for (int i = to - 1; i >= from; i--) {
            if (a[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
