package dev.shellbox.egress.dns;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Writes the parts of a DNS message in wire order. */
final class DnsWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(128);

    DnsWriter u8(int value) {
        out.write(value);
        return this;
    }

    DnsWriter u16(int value) {
        out.write(value >>> 8);
        out.write(value);
        return this;
    }

    DnsWriter u32(long value) {
        u16((int) (value >>> 16));
        return u16((int) value);
    }

    DnsWriter bytes(byte[] bytes) {
        out.write(bytes, 0, bytes.length);
        return this;
    }

    /** A name as labels, uncompressed. */
    DnsWriter name(String name) {
        if (!name.isEmpty()) {
            for (String label : name.split("\\.", -1)) {
                byte[] bytes = label.getBytes(StandardCharsets.US_ASCII);
                u8(bytes.length);
                bytes(bytes);
            }
        }
        return u8(0);
    }

    byte[] toBytes() {
        return out.toByteArray();
    }
}
