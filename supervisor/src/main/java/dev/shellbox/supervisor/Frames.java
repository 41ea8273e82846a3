package dev.shellbox.supervisor;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The supervisor protocol's framing and field encoding (docs/supervisor-protocol.md). */
final class Frames {
    static final int VERSION = 1;
    static final int MAX_LENGTH = 1_048_576 + 64;

    // client to supervisor
    static final int HELLO = 0x01;
    static final int START = 0x02;
    static final int STDIN = 0x03;
    static final int STDIN_CLOSE = 0x04;
    static final int CREDIT = 0x05;
    static final int DROP_OUTPUT = 0x06;
    static final int SIGNAL = 0x07;
    static final int RESIZE = 0x08;
    static final int WAIT = 0x09;
    static final int LIST = 0x0A;
    static final int READ_LOG = 0x0B;
    static final int ATTACH = 0x0C;
    static final int SHUTDOWN = 0x0D;
    static final int EGRESS_LISTEN = 0x0E;
    static final int EGRESS_ATTACH = 0x0F;
    static final int DNS_REPLY = 0x10;
    static final int EGRESS_ABORT = 0x11;

    // supervisor to client
    static final int HELLO_OK = 0x81;
    static final int ERROR = 0x82;
    static final int STARTED = 0x83;
    static final int OUTPUT = 0x84;
    static final int EXITED = 0x85;
    static final int PROGRAM = 0x86;
    static final int END = 0x87;
    static final int LOG_DATA = 0x88;
    static final int OK = 0x89;
    static final int OUTPUT_END = 0x8A;
    static final int STDIN_CREDIT = 0x8B;
    static final int EGRESS_LISTENING = 0x8C;
    static final int EGRESS_CONN = 0x8D;
    static final int DNS_QUERY = 0x8E;

    private Frames() {}

    /** A frame being built: the length is filled in by {@link #bytes()}. */
    static final class Out {
        private final ByteArrayOutputStream buf = new ByteArrayOutputStream(64);

        Out(int type) {
            buf.write(0);
            buf.write(0);
            buf.write(0);
            buf.write(0);
            buf.write(type);
        }

        Out u8(int v) {
            buf.write(v);
            return this;
        }

        Out u16(int v) {
            buf.write(v >>> 8);
            buf.write(v);
            return this;
        }

        Out u32(long v) {
            return u16((int) (v >>> 16) & 0xffff).u16((int) v & 0xffff);
        }

        Out u64(long v) {
            return u32(v >>> 32).u32(v & 0xffffffffL);
        }

        Out str(String s) {
            return bytesField(s.getBytes(StandardCharsets.UTF_8));
        }

        Out bytesField(byte[] b) {
            u32(b.length);
            buf.write(b, 0, b.length);
            return this;
        }

        Out strs(List<String> values) {
            u32(values.size());
            values.forEach(this::str);
            return this;
        }

        /** An IP address and port: {@code u8} family (4 or 6), the address's 4 or 16 bytes, {@code u16} port. */
        Out address(InetSocketAddress a) {
            if (a.isUnresolved()) {
                throw new IllegalArgumentException("unresolved address " + a);
            }
            byte[] ip = a.getAddress().getAddress();
            u8(ip.length == 4 ? 4 : 6);
            buf.write(ip, 0, ip.length);
            return u16(a.getPort());
        }

        Out rest(byte[] b, int off, int len) {
            buf.write(b, off, len);
            return this;
        }

        byte[] bytes() {
            byte[] b = buf.toByteArray();
            ByteBuffer.wrap(b).putInt(0, b.length - 4);
            return b;
        }
    }

    /** A frame received: its type and a cursor over its payload. */
    static final class In {
        final int type;
        private final ByteBuffer payload;

        private In(int type, ByteBuffer payload) {
            this.type = type;
            this.payload = payload;
        }

        /** Reads one frame; null at a clean end of the stream. */
        static In read(DataInputStream in) throws IOException {
            int length;
            try {
                length = in.readInt();
            } catch (EOFException e) {
                return null;
            }
            if (length < 1 || length > MAX_LENGTH) {
                throw new IOException("supervisor sent a frame of " + length + " bytes");
            }
            int type = in.readUnsignedByte();
            byte[] payload = new byte[length - 1];
            in.readFully(payload);
            return new In(type, ByteBuffer.wrap(payload));
        }

        /**
         * Frames from {@code raw}. The buffer is small on purpose: it batches the headers, while a payload larger than
         * it is read straight into its own array instead of through the buffer.
         */
        static DataInputStream stream(InputStream raw) {
            return new DataInputStream(new java.io.BufferedInputStream(raw, 8192));
        }

        int u8() {
            return payload.get() & 0xff;
        }

        int u16() {
            return payload.getShort() & 0xffff;
        }

        long u32() {
            return payload.getInt() & 0xffffffffL;
        }

        int i32() {
            return payload.getInt();
        }

        long u64() {
            return payload.getLong();
        }

        String str() {
            byte[] b = new byte[(int) u32()];
            payload.get(b);
            return new String(b, StandardCharsets.UTF_8);
        }

        List<String> strs() {
            int n = (int) u32();
            List<String> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(str());
            }
            return out;
        }

        InetSocketAddress address() throws SupervisorException {
            int family = u8();
            if (family != 4 && family != 6) {
                throw new SupervisorException(0, "supervisor sent an address of family " + family);
            }
            byte[] ip = new byte[family == 4 ? 4 : 16];
            payload.get(ip);
            try {
                return new InetSocketAddress(InetAddress.getByAddress(ip), u16());
            } catch (UnknownHostException e) {
                throw new IllegalStateException(e); // never: the length is right
            }
        }

        /** The rest of the payload, without copying it. */
        ByteBuffer restView() {
            return payload.slice();
        }

        byte[] rest() {
            byte[] b = new byte[payload.remaining()];
            payload.get(b);
            return b;
        }

        /** The supervisor's ERROR frame as an exception; anything else unexpected as a protocol error. */
        SupervisorException unexpected(String expected) {
            if (type == ERROR) {
                int errno = i32();
                return new SupervisorException(errno, str());
            }
            return new SupervisorException(
                    0,
                    "supervisor answered frame 0x" + Integer.toHexString(type) + " where " + expected
                            + " was expected");
        }
    }
}
