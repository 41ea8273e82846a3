package dev.shellbox.shell.commands.data.archive;

import dev.shellbox.shell.command.CommandContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The gzip file format (RFC 1952) over java.util.zip's deflate: streaming compression with gzip's header fields, and
 * decompression of every member of a file, checking CRC and length, noticing trailing garbage as GNU gzip does.
 */
public final class GzipFormat {
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    private GzipFormat() {}

    /** Why a gzip stream could not be decompressed; the message is GNU gzip's wording. */
    public static final class FormatException extends IOException {
        FormatException(String message) {
            super(message, null);
        }
    }

    /** What decompression found besides the data. */
    public record Result(
            long compressedBytes, long uncompressedBytes, boolean trailingGarbage, String name, long mtime) {}

    /** Compresses {@code in} to {@code out} as one gzip member. */
    public static long compress(
            CommandContext ctx, InputStream in, OutputStream out, int level, String name, long mtimeSeconds)
            throws IOException {
        byte[] header = new byte[10];
        header[0] = 0x1f;
        header[1] = (byte) 0x8b;
        header[2] = 8;
        header[3] = (byte) (name != null ? FNAME : 0);
        writeInt(header, 4, (int) mtimeSeconds);
        header[8] = (byte) (level == 9 ? 2 : level == 1 ? 4 : 0);
        header[9] = 3; // Unix
        out.write(header);
        long written = header.length;
        if (name != null) {
            byte[] bytes = name.getBytes(StandardCharsets.ISO_8859_1);
            out.write(bytes);
            out.write(0);
            written += bytes.length + 1;
        }
        Deflater deflater = new Deflater(level, true);
        CRC32 crc = new CRC32();
        byte[] input = new byte[65536];
        byte[] output = new byte[65536];
        long total = 0;
        try {
            int n;
            while ((n = in.read(input)) > 0) {
                ctx.checkCancelled();
                crc.update(input, 0, n);
                total += n;
                deflater.setInput(input, 0, n);
                while (!deflater.needsInput()) {
                    int m = deflater.deflate(output);
                    out.write(output, 0, m);
                    written += m;
                }
            }
            deflater.finish();
            while (!deflater.finished()) {
                int m = deflater.deflate(output);
                out.write(output, 0, m);
                written += m;
            }
        } finally {
            deflater.end();
        }
        byte[] trailer = new byte[8];
        writeInt(trailer, 0, (int) crc.getValue());
        writeInt(trailer, 4, (int) total);
        out.write(trailer);
        return written + 8;
    }

    private static void writeInt(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) (v >>> 16);
        b[off + 3] = (byte) (v >>> 24);
    }

    /**
     * Decompresses every member of {@code in} into {@code out} (which may be null, to test). Throws {@link
     * FormatException} when the input is not gzip or is damaged.
     */
    public static Result decompress(CommandContext ctx, InputStream in, OutputStream out) throws IOException {
        Source src = new Source(in);
        long uncompressed = 0;
        String name = null;
        long mtime = 0;
        boolean first = true;
        while (true) {
            int b0 = src.read();
            if (b0 < 0) {
                if (first) {
                    throw new FormatException("unexpected end of file");
                }
                return new Result(src.consumed, uncompressed, false, name, mtime);
            }
            int b1 = src.read();
            if (b1 < 0) {
                throw new FormatException("unexpected end of file");
            }
            if (b0 != 0x1f || b1 != 0x8b) {
                if (first) {
                    throw new FormatException("not in gzip format");
                }
                return new Result(src.consumed, uncompressed, true, name, mtime);
            }
            if (src.read() != 8) {
                throw new FormatException("unknown method -- not supported");
            }
            int flags = src.read();
            long headerTime = src.readInt() & 0xffffffffL;
            src.read();
            src.read();
            if ((flags & FEXTRA) != 0) {
                int length = src.read() | (src.read() << 8);
                src.skip(length);
            }
            String memberName = (flags & FNAME) != 0 ? src.readZeroTerminated() : null;
            if ((flags & FCOMMENT) != 0) {
                src.readZeroTerminated();
            }
            if ((flags & FHCRC) != 0) {
                src.read();
                src.read();
            }
            if (src.eof) {
                throw new FormatException("unexpected end of file");
            }
            if (first) {
                name = memberName;
                mtime = headerTime;
            }
            first = false;
            long[] member = src.inflate(ctx, out);
            int expectedCrc = src.readInt();
            int expectedSize = src.readInt();
            if (src.eof) {
                throw new FormatException("unexpected end of file");
            }
            if ((int) member[0] != expectedCrc) {
                throw new FormatException("invalid compressed data--crc error");
            }
            if ((int) member[1] != expectedSize) {
                throw new FormatException("invalid compressed data--length error");
            }
            uncompressed += member[1];
        }
    }

    /** A buffered reader of the compressed stream that hands its buffer to the Inflater. */
    private static final class Source {
        private final InputStream in;
        private final byte[] buf = new byte[65536];
        private int pos;
        private int limit;
        boolean eof;
        long consumed;

        Source(InputStream in) {
            this.in = in;
        }

        private boolean fill() throws IOException {
            if (pos < limit) {
                return true;
            }
            int n = in.read(buf, 0, buf.length);
            if (n <= 0) {
                eof = true;
                return false;
            }
            pos = 0;
            limit = n;
            return true;
        }

        int read() throws IOException {
            if (!fill()) {
                return -1;
            }
            consumed++;
            return buf[pos++] & 0xff;
        }

        int readInt() throws IOException {
            return read() | (read() << 8) | (read() << 16) | (read() << 24);
        }

        void skip(int n) throws IOException {
            for (int i = 0; i < n && read() >= 0; i++) {
                // header bytes nobody needs
            }
        }

        String readZeroTerminated() throws IOException {
            StringBuilder sb = new StringBuilder();
            int c;
            while ((c = read()) > 0) {
                sb.append((char) c);
            }
            return sb.toString();
        }

        /** Inflates one deflate stream; returns {crc, size}. */
        long[] inflate(CommandContext ctx, OutputStream out) throws IOException {
            Inflater inflater = new Inflater(true);
            CRC32 crc = new CRC32();
            byte[] output = new byte[65536];
            long size = 0;
            try {
                while (!inflater.finished()) {
                    ctx.checkCancelled();
                    if (inflater.needsInput()) {
                        if (!fill()) {
                            throw new FormatException("unexpected end of file");
                        }
                        inflater.setInput(buf, pos, limit - pos);
                        consumed += limit - pos;
                        pos = limit;
                    }
                    int n;
                    try {
                        n = inflater.inflate(output);
                    } catch (DataFormatException e) {
                        throw new FormatException("invalid compressed data--format violated");
                    }
                    if (n > 0) {
                        crc.update(output, 0, n);
                        size += n;
                        if (out != null) {
                            out.write(output, 0, n);
                        }
                    } else if (inflater.needsDictionary()) {
                        throw new FormatException("invalid compressed data--format violated");
                    }
                }
                // Give back what the inflater did not use: the trailer and any next member.
                int unused = inflater.getRemaining();
                pos -= unused;
                consumed -= unused;
            } finally {
                inflater.end();
            }
            return new long[] {crc.getValue(), size};
        }
    }
}
