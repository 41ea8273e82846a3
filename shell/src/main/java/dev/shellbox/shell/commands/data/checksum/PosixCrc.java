package dev.shellbox.shell.commands.data.checksum;

/** The CRC of POSIX cksum: polynomial 0x04C11DB7, most significant bit first, the length appended, complemented. */
final class PosixCrc {
    private static final int[] TABLE = new int[256];

    static {
        for (int i = 0; i < 256; i++) {
            int crc = i << 24;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x80000000) != 0 ? (crc << 1) ^ 0x04C11DB7 : crc << 1;
            }
            TABLE[i] = crc;
        }
    }

    private int crc;
    private long length;

    void update(byte[] b, int off, int len) {
        int c = crc;
        for (int i = off; i < off + len; i++) {
            c = (c << 8) ^ TABLE[((c >>> 24) ^ b[i]) & 0xff];
        }
        crc = c;
        length += len;
    }

    long length() {
        return length;
    }

    /** The checksum as an unsigned 32-bit value. */
    long value() {
        int c = crc;
        for (long n = length; n != 0; n >>>= 8) {
            c = (c << 8) ^ TABLE[((c >>> 24) ^ (int) n) & 0xff];
        }
        return ~c & 0xffffffffL;
    }
}
