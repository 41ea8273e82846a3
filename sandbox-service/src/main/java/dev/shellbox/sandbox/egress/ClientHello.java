package dev.shellbox.sandbox.egress;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * The first record of a TLS connection, read so that the proxy can compare the server name the client asks for (SNI)
 * with the name it was allowed to reach, and then forwarded unchanged.
 */
record ClientHello(byte[] record, Optional<String> serverName) {
    private static final int HANDSHAKE = 22;
    private static final int CLIENT_HELLO = 1;
    private static final int SERVER_NAME = 0;

    /** Whether the first byte of a connection starts a TLS handshake record. */
    static boolean startsTls(int firstByte) {
        return firstByte == HANDSHAKE;
    }

    /** Reads the record that starts with {@code firstByte}; a record that is not a ClientHello has no server name. */
    static ClientHello read(int firstByte, InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        byte[] header = new byte[5];
        header[0] = (byte) firstByte;
        data.readFully(header, 1, 4);
        int length = ((header[3] & 0xff) << 8) | (header[4] & 0xff);
        if (length > 16384 + 2048) {
            throw new IOException("a TLS record of " + length + " bytes");
        }
        byte[] all = Arrays.copyOf(header, 5 + length);
        data.readFully(all, 5, length);
        if (length >= 4 && (all[5] & 0xff) == CLIENT_HELLO) {
            int helloLength = ((all[6] & 0xff) << 16) | ((all[7] & 0xff) << 8) | (all[8] & 0xff);
            if (helloLength > length - 4) {
                // its server name could hide in a later record, where the proxy would not look
                throw new IOException("a ClientHello split across TLS records is refused");
            }
        }
        return new ClientHello(all, serverName(all));
    }

    private static Optional<String> serverName(byte[] r) {
        try {
            int p = 5;
            if ((r[0] & 0xff) != HANDSHAKE || (r[p] & 0xff) != CLIENT_HELLO) {
                return Optional.empty();
            }
            p += 4; // handshake type and length
            p += 2 + 32; // version and random
            p += 1 + (r[p] & 0xff); // session id
            p += 2 + u16(r, p); // cipher suites
            p += 1 + (r[p] & 0xff); // compression methods
            int end = p + 2 + u16(r, p);
            p += 2;
            while (p + 4 <= end && p + 4 <= r.length) {
                int type = u16(r, p);
                int len = u16(r, p + 2);
                p += 4;
                if (type == SERVER_NAME) {
                    int q = p + 2; // list length
                    if ((r[q] & 0xff) == 0) { // host_name
                        int nameLength = u16(r, q + 1);
                        return Optional.of(new String(r, q + 3, nameLength, StandardCharsets.US_ASCII));
                    }
                    return Optional.empty();
                }
                p += len;
            }
            return Optional.empty();
        } catch (ArrayIndexOutOfBoundsException | StringIndexOutOfBoundsException e) {
            // a truncated hello names no server: judged like one without SNI, by the name the client was given
            return Optional.empty();
        }
    }

    private static int u16(byte[] b, int p) {
        return ((b[p] & 0xff) << 8) | (b[p + 1] & 0xff);
    }
}
