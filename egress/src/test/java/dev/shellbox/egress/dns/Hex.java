package dev.shellbox.egress.dns;

import java.nio.charset.StandardCharsets;

/** Test messages written as hex with spaces and 'quoted' ASCII labels, e.g. {@code 07 'example' 03 'com' 00}. */
final class Hex {
    private Hex() {}

    static byte[] bytes(String text) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '\'') {
                int end = text.indexOf('\'', i + 1);
                out.writeBytes(text.substring(i + 1, end).getBytes(StandardCharsets.US_ASCII));
                i = end + 1;
            } else {
                out.write(Integer.parseInt(text.substring(i, i + 2), 16));
                i += 2;
            }
        }
        return out.toByteArray();
    }
}
