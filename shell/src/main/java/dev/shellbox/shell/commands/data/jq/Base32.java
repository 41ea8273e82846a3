package dev.shellbox.shell.commands.data.jq;

import java.io.ByteArrayOutputStream;
import net.thisptr.jackson.jq.exception.JsonQueryException;

/** RFC 4648 base32 with padding, for jq's @base32 and @base32d. */
final class Base32 {
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

    private Base32() {}

    static String encode(byte[] data) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < data.length; i += 5) {
            int n = Math.min(5, data.length - i);
            long buffer = 0;
            for (int k = 0; k < 5; k++) {
                buffer = (buffer << 8) | (k < n ? data[i + k] & 0xff : 0);
            }
            int chars = (n * 8 + 4) / 5;
            for (int k = 0; k < 8; k++) {
                sb.append(k < chars ? ALPHABET.charAt((int) (buffer >> (35 - 5 * k)) & 31) : '=');
            }
        }
        return sb.toString();
    }

    static byte[] decode(String s) throws JsonQueryException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long buffer = 0;
        int bits = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '=') {
                break;
            }
            int v = ALPHABET.indexOf(Character.toUpperCase(c));
            if (v < 0) {
                throw new JsonQueryException("string (\"" + s + "\") is not valid base32 data");
            }
            buffer = (buffer << 5) | v;
            bits += 5;
            if (bits >= 8) {
                out.write((int) (buffer >> (bits - 8)) & 0xff);
                bits -= 8;
            }
        }
        return out.toByteArray();
    }
}
