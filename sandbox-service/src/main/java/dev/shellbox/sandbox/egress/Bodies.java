package dev.shellbox.sandbox.egress;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Request bodies forwarded exactly as framed: the proxy reads to the end its head declared and no further, so bytes
 * after it can never become a second request the proxy did not judge.
 */
final class Bodies {
    private static final int MAX_LINE = 4096;

    private Bodies() {}

    static void copyFixed(InputStream in, OutputStream out, long length) throws IOException {
        byte[] buffer = new byte[32 * 1024];
        long left = length;
        while (left > 0) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) {
                throw new EOFException("the request body ended early");
            }
            out.write(buffer, 0, n);
            left -= n;
        }
    }

    /** A chunked body, through its last chunk and trailers; sizes must be plain hex. */
    static void copyChunked(InputStream in, OutputStream out) throws IOException {
        while (true) {
            String line = line(in);
            out.write((line + "\r\n").getBytes(StandardCharsets.US_ASCII));
            int semicolon = line.indexOf(';');
            String size = (semicolon < 0 ? line : line.substring(0, semicolon)).strip();
            if (!size.matches("[0-9A-Fa-f]{1,15}")) {
                throw new IOException("a chunk size is not hexadecimal: '" + size + "'");
            }
            long length = Long.parseLong(size, 16);
            if (length == 0) {
                String trailer;
                do {
                    trailer = line(in);
                    out.write((trailer + "\r\n").getBytes(StandardCharsets.US_ASCII));
                } while (!trailer.isEmpty());
                return;
            }
            copyFixed(in, out, length);
            if (!line(in).isEmpty()) {
                throw new IOException("a chunk is longer than its size");
            }
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(32);
        int last = -1;
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                if (last != '\r') {
                    throw new IOException("a line of a chunked body ends without CR");
                }
                byte[] bytes = b.toByteArray();
                return new String(bytes, 0, bytes.length - 1, StandardCharsets.ISO_8859_1);
            }
            if (b.size() >= MAX_LINE) {
                throw new IOException("a line of a chunked body is too long");
            }
            b.write(c);
            last = c;
        }
        throw new EOFException("the request body ended early");
    }
}
