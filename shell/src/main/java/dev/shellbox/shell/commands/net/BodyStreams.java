package dev.shellbox.shell.commands.net;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/** The ways a response body is framed on the connection, and the content codings {@code --compressed} undoes. */
final class BodyStreams {
    private BodyStreams() {}

    /** Exactly {@code length} bytes; fewer is a PARTIAL failure. */
    static final class FixedLength extends InputStream {
        private final InputStream in;
        private long left;

        FixedLength(InputStream in, long length) {
            this.in = in;
            this.left = length;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left == 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n < 0) {
                throw new NetException(
                        NetException.Kind.PARTIAL, "transfer closed with " + left + " bytes remaining to read");
            }
            left -= n;
            return n;
        }
    }

    /** Chunked transfer coding: size lines in hex, data, and trailers after the last, empty chunk. */
    static final class Chunked extends InputStream {
        private final InputStream in;
        private long left;
        private boolean done;

        Chunked(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (done) {
                return -1;
            }
            if (left == 0) {
                String size = line();
                int semi = size.indexOf(';');
                String hex = (semi < 0 ? size : size.substring(0, semi)).strip();
                try {
                    left = Long.parseLong(hex, 16);
                } catch (NumberFormatException e) {
                    throw new NetException(
                            NetException.Kind.RECEIVE, "Illegal or missing hexadecimal sequence in chunked-encoding");
                }
                if (left == 0) {
                    while (!line().isEmpty()) {
                        // trailer fields are not kept
                    }
                    done = true;
                    return -1;
                }
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n < 0) {
                throw partial();
            }
            left -= n;
            if (left == 0) {
                line();
            }
            return n;
        }

        private String line() throws IOException {
            ByteArrayOutputStream sb = new ByteArrayOutputStream();
            int c;
            while ((c = in.read()) != '\n') {
                if (c < 0) {
                    throw partial();
                }
                if (sb.size() > 4096) {
                    throw new NetException(NetException.Kind.RECEIVE, "chunk size line too long");
                }
                sb.write(c);
            }
            String s = sb.toString(StandardCharsets.ISO_8859_1);
            return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
        }

        private static NetException partial() {
            return new NetException(NetException.Kind.PARTIAL, "transfer closed with outstanding read data remaining");
        }
    }

    /** {@code body} with the response's Content-Encoding (gzip, x-gzip, deflate) undone; others pass through. */
    static InputStream decode(InputStream body, String contentEncoding) throws IOException {
        if (contentEncoding == null) {
            return body;
        }
        String coding = contentEncoding.strip().toLowerCase(Locale.ROOT);
        if (coding.equals("gzip") || coding.equals("x-gzip")) {
            java.io.PushbackInputStream peek = new java.io.PushbackInputStream(body, 1);
            int first = peek.read();
            if (first < 0) {
                return InputStream.nullInputStream();
            }
            peek.unread(first);
            return new GZIPInputStream(peek, 64 * 1024);
        }
        if (coding.equals("deflate")) {
            java.io.PushbackInputStream peek = new java.io.PushbackInputStream(body, 1);
            int first = peek.read();
            if (first < 0) {
                return InputStream.nullInputStream();
            }
            peek.unread(first);
            // zlib-wrapped as the RFC says, or raw deflate as some servers send
            boolean zlib = (first & 0x0f) == 8;
            return new InflaterInputStream(peek, new Inflater(!zlib), 64 * 1024);
        }
        return body;
    }
}
