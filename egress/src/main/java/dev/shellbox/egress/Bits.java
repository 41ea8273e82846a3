package dev.shellbox.egress;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** The bits of an address as two longs: IPv4 in the low 32 bits of {@code lo}, IPv6 as high and low halves. */
record Bits(long hi, long lo) {
    static Bits of(InetAddress address) {
        return of(address.getAddress());
    }

    /** An IPv4 address as an int. */
    static int ofIpv4(InetAddress address) {
        return readInt(address.getAddress(), 0);
    }

    /** Four or sixteen bytes of an address. */
    static Bits of(byte[] b) {
        if (b.length == 4) {
            return new Bits(0, readInt(b, 0) & 0xffffffffL);
        }
        return new Bits(readLong(b, 0), readLong(b, 8));
    }

    /** These bits with everything after the first {@code prefix} bits cleared. */
    Bits masked(boolean ipv6, int prefix) {
        if (!ipv6) {
            long mask = prefix == 0 ? 0 : (0xffffffffL << (32 - prefix)) & 0xffffffffL;
            return new Bits(0, lo & mask);
        }
        if (prefix >= 64) {
            return new Bits(hi, lo & topMask(prefix - 64));
        }
        return new Bits(hi & topMask(prefix), 0);
    }

    InetAddress toAddress(boolean ipv6) {
        byte[] bytes;
        if (ipv6) {
            bytes = new byte[16];
            writeLong(bytes, 0, hi);
            writeLong(bytes, 8, lo);
        } else {
            bytes = new byte[4];
            for (int i = 0; i < 4; i++) {
                bytes[i] = (byte) (lo >>> (24 - 8 * i));
            }
        }
        try {
            return ipv6 ? Inet6Address.getByAddress(null, bytes, -1) : InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // cannot happen: the length is right
        }
    }

    /** Dotted quad, or IPv6 with the longest run of two or more zero groups written as "::". */
    String format(boolean ipv6) {
        if (!ipv6) {
            return (lo >>> 24 & 0xff) + "." + (lo >>> 16 & 0xff) + "." + (lo >>> 8 & 0xff) + "." + (lo & 0xff);
        }
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            long half = i < 4 ? hi : lo;
            groups[i] = (int) (half >>> (48 - 16 * (i % 4))) & 0xffff;
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                out.append("::");
                i += bestLength - 1;
                continue;
            }
            if (out.length() > 0 && out.charAt(out.length() - 1) != ':') {
                out.append(':');
            }
            out.append(Integer.toHexString(groups[i]));
        }
        return out.toString();
    }

    static boolean isIpv4(InetAddress address) {
        return address instanceof Inet4Address;
    }

    private static long topMask(int bits) {
        return bits == 0 ? 0 : -1L << (64 - bits);
    }

    private static int readInt(byte[] b, int at) {
        return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }

    private static long readLong(byte[] b, int at) {
        return ((long) readInt(b, at) << 32) | (readInt(b, at + 4) & 0xffffffffL);
    }

    private static void writeLong(byte[] b, int at, long value) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (value >>> (56 - 8 * i));
        }
    }
}
