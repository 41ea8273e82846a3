package dev.shellbox.sandbox.egress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedactionTest {
    static final String SECRET = "sk-live-0123456789abcdef";

    /** Writes {@code text} through the redaction in pieces of {@code piece} bytes; what the program would read. */
    static String through(String text, int piece) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        Duplex program = new Duplex() {
            @Override
            public InputStream in() {
                return new ByteArrayInputStream(new byte[0]);
            }

            @Override
            public OutputStream out() {
                return got;
            }

            @Override
            public void shutdownOutput() {}

            @Override
            public void close() {}
        };
        Duplex masked = new Redaction(List.of(SECRET)).over(program);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i += piece) {
            masked.out().write(bytes, i, Math.min(piece, bytes.length - i));
            masked.out().flush();
        }
        masked.shutdownOutput();
        return got.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aSecretInTheAnswerIsMaskedWhereverTheWritesSplitIt() throws IOException {
        String answer = "{\"Authorization\":\"Bearer " + SECRET + "\"} and again " + SECRET;
        String expected = answer.replace(SECRET, "*".repeat(SECRET.length()));
        for (int piece : new int[] {1, 3, 7, 16, 1000}) {
            assertThat(through(answer, piece)).as("in pieces of " + piece).isEqualTo(expected);
        }
    }

    @Test
    void itsBase64IsMaskedTooAndTheLengthStays() throws IOException {
        String b64 = Base64.getEncoder().encodeToString(SECRET.getBytes(StandardCharsets.UTF_8));
        String answer = "Basic " + b64 + " tail";
        String out = through(answer, 5);
        assertThat(out).hasSize(answer.length()).doesNotContain(b64).endsWith(" tail");
    }

    @Test
    void anAnswerWithoutTheSecretPassesUnchanged() throws IOException {
        String answer = "sk-live-0123456789abcdeX nothing secret here";
        assertThat(through(answer, 4)).isEqualTo(answer);
    }
}
