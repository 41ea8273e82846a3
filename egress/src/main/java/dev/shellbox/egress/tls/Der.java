package dev.shellbox.egress.tls;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** The few DER encodings an X.509 certificate needs, and just enough reading to find a key's bits. */
final class Der {
    static final int BOOLEAN = 0x01;
    static final int INTEGER = 0x02;
    static final int BIT_STRING = 0x03;
    static final int OCTET_STRING = 0x04;
    static final int OID = 0x06;
    static final int UTF8_STRING = 0x0c;
    static final int UTC_TIME = 0x17;
    static final int GENERALIZED_TIME = 0x18;
    static final int SEQUENCE = 0x30;
    static final int SET = 0x31;

    private static final DateTimeFormatter UTC_TIME_FORMAT = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'");
    private static final DateTimeFormatter GENERALIZED_TIME_FORMAT = DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'");

    private Der() {}

    static byte[] tlv(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length + 6);
        out.write(tag);
        int length = content.length;
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = (Integer.SIZE - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(length >>> (8 * i));
            }
        }
        out.writeBytes(content);
        return out.toByteArray();
    }

    static byte[] sequence(byte[]... parts) {
        return tlv(SEQUENCE, concat(parts));
    }

    static byte[] set(byte[]... parts) {
        return tlv(SET, concat(parts));
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** An INTEGER; BigInteger already gives the shortest two's complement form that DER requires. */
    static byte[] integer(BigInteger value) {
        return tlv(INTEGER, value.toByteArray());
    }

    static byte[] bool(boolean value) {
        return tlv(BOOLEAN, new byte[] {(byte) (value ? 0xff : 0x00)});
    }

    static byte[] octets(byte[] value) {
        return tlv(OCTET_STRING, value);
    }

    static byte[] utf8(String text) {
        return tlv(UTF8_STRING, text.getBytes(StandardCharsets.UTF_8));
    }

    /** A BIT STRING of whole bytes (a signature, a key). */
    static byte[] bitString(byte[] value) {
        byte[] content = new byte[value.length + 1];
        System.arraycopy(value, 0, content, 1, value.length);
        return tlv(BIT_STRING, content);
    }

    /**
     * A named-bit BIT STRING such as KeyUsage, of at most 8 bits; bit 0 is the most significant. DER drops trailing
     * zero bits, so the unused-bits count is the number of trailing zeros.
     */
    static byte[] namedBits(int flags) {
        if (flags <= 0 || flags > 0xff) {
            throw new IllegalArgumentException("flags " + flags);
        }
        return tlv(BIT_STRING, new byte[] {(byte) Integer.numberOfTrailingZeros(flags), (byte) flags});
    }

    static byte[] oid(String dotted) {
        String[] parts = dotted.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeBase128(out, Long.parseLong(parts[0]) * 40 + Long.parseLong(parts[1]));
        for (int i = 2; i < parts.length; i++) {
            writeBase128(out, Long.parseLong(parts[i]));
        }
        return tlv(OID, out.toByteArray());
    }

    private static void writeBase128(ByteArrayOutputStream out, long value) {
        int groups = Math.max(1, (Long.SIZE - Long.numberOfLeadingZeros(value) + 6) / 7);
        for (int g = groups - 1; g >= 0; g--) {
            out.write((int) ((value >>> (7 * g)) & 0x7f) | (g > 0 ? 0x80 : 0));
        }
    }

    /** RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050, both in seconds and UTC. */
    static byte[] time(Instant instant) {
        ZonedDateTime utc = instant.atZone(ZoneOffset.UTC);
        return utc.getYear() < 2050
                ? tlv(UTC_TIME, ascii(UTC_TIME_FORMAT.format(utc)))
                : tlv(GENERALIZED_TIME, ascii(GENERALIZED_TIME_FORMAT.format(utc)));
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** Where one element lies in an encoding: its tag and its content between {@code start} and {@code end}. */
    record Element(int tag, int start, int end) {
        byte[] content(byte[] der) {
            byte[] out = new byte[end - start];
            System.arraycopy(der, start, out, 0, out.length);
            return out;
        }
    }

    /** The element at {@code offset}, with single-byte tags and definite lengths only (which is all DER has). */
    static Element read(byte[] der, int offset, int limit) {
        if (offset + 2 > limit) {
            throw new IllegalArgumentException("truncated DER");
        }
        int tag = der[offset] & 0xff;
        int first = der[offset + 1] & 0xff;
        int p = offset + 2;
        int length;
        if (first < 0x80) {
            length = first;
        } else {
            int bytes = first & 0x7f;
            if (bytes == 0 || bytes > 3 || p + bytes > limit) {
                throw new IllegalArgumentException("unsupported DER length");
            }
            length = 0;
            for (int i = 0; i < bytes; i++) {
                length = (length << 8) | (der[p++] & 0xff);
            }
        }
        if (length > limit - p) {
            throw new IllegalArgumentException("truncated DER");
        }
        return new Element(tag, p, p + length);
    }
}
