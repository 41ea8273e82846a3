package dev.shellbox.sandbox.egress;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Masks the secrets the proxy put into a request wherever the answer carries them back (a server that echoes its
 * request headers, an error page that quotes them): each occurrence, raw or in base64, becomes as many {@code *}, so
 * the answer keeps its length and framing and the sandbox never reads the secret.
 */
final class Redaction {
    private final List<byte[]> needles = new ArrayList<>();
    private final int longest;

    Redaction(List<String> secrets) {
        int max = 0;
        for (String s : secrets) {
            byte[] raw = s.getBytes(StandardCharsets.UTF_8);
            for (byte[] n : List.of(raw, Base64.getEncoder().encode(raw))) {
                if (n.length > 0) {
                    needles.add(n);
                    max = Math.max(max, n.length);
                }
            }
        }
        this.longest = max;
    }

    boolean isEmpty() {
        return needles.isEmpty();
    }

    /** The program's side of a connection, with what is written to it masked. */
    Duplex over(Duplex program) throws IOException {
        Masking masking = new Masking(program);
        return Duplex.of(
                program.in(),
                masking,
                () -> {
                    masking.drain();
                    program.shutdownOutput();
                },
                program::close);
    }

    /** Holds back the last {@code longest - 1} bytes, which could be the start of a secret the next write ends. */
    private final class Masking extends OutputStream {
        private final Duplex program;
        private final ByteArrayOutputStream held = new ByteArrayOutputStream();

        Masking(Duplex program) {
            this.program = program;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            held.write(b, off, len);
            byte[] all = held.toByteArray();
            mask(all);
            int keep = Math.min(all.length, longest - 1);
            program.out().write(all, 0, all.length - keep);
            held.reset();
            held.write(all, all.length - keep, keep);
        }

        @Override
        public void flush() throws IOException {
            program.out().flush();
        }

        void drain() throws IOException {
            byte[] all = held.toByteArray();
            mask(all);
            program.out().write(all);
            program.out().flush();
            held.reset();
        }

        @Override
        public void close() throws IOException {
            drain();
        }
    }

    private void mask(byte[] data) {
        for (byte[] n : needles) {
            for (int i = 0; i + n.length <= data.length; i++) {
                if (matches(data, i, n)) {
                    for (int j = 0; j < n.length; j++) {
                        data[i + j] = '*';
                    }
                    i += n.length - 1;
                }
            }
        }
    }

    private static boolean matches(byte[] data, int at, byte[] n) {
        for (int j = 0; j < n.length; j++) {
            if (data[at + j] != n[j]) {
                return false;
            }
        }
        return true;
    }
}
