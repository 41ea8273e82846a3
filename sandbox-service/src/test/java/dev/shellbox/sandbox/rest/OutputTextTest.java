package dev.shellbox.sandbox.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class OutputTextTest {

    @Test
    void aSplitterNeverCutsACharacterAndLosesNoByte() {
        byte[] text = "aé€𝄞z ünïcödé ∑ 😀".repeat(50).getBytes(StandardCharsets.UTF_8);
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            OutputText.Splitter splitter = new OutputText.Splitter();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int at = 0;
            while (at < text.length) {
                int n = Math.min(text.length - at, 1 + random.nextInt(7));
                byte[] whole = splitter.take(Arrays.copyOfRange(text, at, at + n));
                assertThat(OutputText.isUtf8(whole)).isTrue();
                out.writeBytes(whole);
                at += n;
            }
            out.writeBytes(splitter.rest());
            assertThat(out.toByteArray()).isEqualTo(text);
        }
    }

    @Test
    void bytesThatAreNotUtf8TravelExactlyInBase64() {
        byte[] binary = {(byte) 0xff, (byte) 0xfe, 'a', (byte) 0xc3};
        assertThat(OutputText.base64UnlessUtf8(binary)).isEqualTo("//5hww==");
        assertThat(OutputText.chunk(binary)).containsEntry("base64", "//5hww==");
        assertThat(OutputText.chunk("é".getBytes(StandardCharsets.UTF_8))).doesNotContainKey("base64");
        OutputText.Splitter splitter = new OutputText.Splitter();
        assertThat(splitter.take(binary)).containsExactly((byte) 0xff, (byte) 0xfe, 'a');
        assertThat(splitter.rest()).containsExactly((byte) 0xc3);
    }
}
