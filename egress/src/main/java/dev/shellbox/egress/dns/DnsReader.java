package dev.shellbox.egress.dns;

import java.util.Arrays;

/** Reads a DNS message with bounds checks on every read; every failure is a {@link DnsFormatException}. */
final class DnsReader {
    /** A name's wire form is at most 255 bytes (RFC 1035 section 3.1). */
    private static final int MAX_NAME_WIRE = 255;
    /** More pointers than labels a name can have means a loop. */
    private static final int MAX_POINTERS = 127;

    private final byte[] data;
    private final int length;
    private int position;

    DnsReader(byte[] data, int length) {
        this.data = data;
        this.length = length;
    }

    int position() {
        return position;
    }

    int u8() throws DnsFormatException {
        need(1);
        return data[position++] & 0xff;
    }

    int u16() throws DnsFormatException {
        need(2);
        int value = ((data[position] & 0xff) << 8) | (data[position + 1] & 0xff);
        position += 2;
        return value;
    }

    long u32() throws DnsFormatException {
        need(4);
        long value = ((long) u16() << 16) | u16();
        return value;
    }

    byte[] bytes(int count) throws DnsFormatException {
        need(count);
        byte[] out = Arrays.copyOfRange(data, position, position + count);
        position += count;
        return out;
    }

    void skip(int count) throws DnsFormatException {
        need(count);
        position += count;
    }

    /** Reads a name at the current position and moves past it. */
    String name() throws DnsFormatException {
        int[] end = new int[1];
        String name = nameAt(position, end);
        position = end[0];
        return name;
    }

    /**
     * Reads a name starting at {@code start}, following compression pointers. A pointer must point before itself and
     * the number of pointers is bounded, so a loop ends in an exception rather than running forever.
     *
     * @param end receives the position just after the name where it started (after the first pointer, if any)
     */
    String nameAt(int start, int[] end) throws DnsFormatException {
        StringBuilder name = new StringBuilder();
        int at = start;
        int wire = 1;
        int pointers = 0;
        end[0] = -1;
        while (true) {
            if (at >= length) {
                throw new DnsFormatException("name runs past the end of the message");
            }
            int len = data[at] & 0xff;
            if ((len & 0xc0) == 0xc0) {
                if (at + 1 >= length) {
                    throw new DnsFormatException("compression pointer cut off");
                }
                int target = ((len & 0x3f) << 8) | (data[at + 1] & 0xff);
                if (target >= at) {
                    throw new DnsFormatException("compression pointer does not point backwards");
                }
                if (++pointers > MAX_POINTERS) {
                    throw new DnsFormatException("too many compression pointers");
                }
                if (end[0] < 0) {
                    end[0] = at + 2;
                }
                at = target;
                continue;
            }
            if ((len & 0xc0) != 0) {
                throw new DnsFormatException("unsupported label type");
            }
            if (len == 0) {
                if (end[0] < 0) {
                    end[0] = at + 1;
                }
                return name.toString();
            }
            wire += len + 1;
            if (wire > MAX_NAME_WIRE) {
                throw new DnsFormatException("name longer than " + MAX_NAME_WIRE + " bytes");
            }
            if (at + 1 + len > length) {
                throw new DnsFormatException("label runs past the end of the message");
            }
            if (name.length() > 0) {
                name.append('.');
            }
            for (int i = at + 1; i <= at + len; i++) {
                int c = data[i] & 0xff;
                // printable ASCII without the dot keeps the text form unambiguous
                if (c <= 0x20 || c >= 0x7f || c == '.') {
                    throw new DnsFormatException("label byte 0x" + Integer.toHexString(c) + " is not allowed");
                }
                name.append((char) c);
            }
            at += 1 + len;
        }
    }

    private void need(int count) throws DnsFormatException {
        if (count < 0 || position + count > length) {
            throw new DnsFormatException("message cut off at byte " + position);
        }
    }
}
