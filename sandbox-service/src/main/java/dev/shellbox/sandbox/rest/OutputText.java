package dev.shellbox.sandbox.rest;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Output bytes on the wire: as text when they are valid UTF-8, else as text with replacement characters plus the exact
 * bytes in base64, so that no byte is lost and JSON clients that only read text still get something readable.
 */
final class OutputText {
    private OutputText() {}

    /** Whether {@code bytes} are valid UTF-8. */
    static boolean isUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** The exact bytes in base64 when they are not valid UTF-8, else null. */
    static String base64UnlessUtf8(byte[] bytes) {
        return isUtf8(bytes) ? null : Base64.getEncoder().encodeToString(bytes);
    }

    /** An SSE chunk: {@code {"text": ...}}, with {@code "base64"} when the bytes are not valid UTF-8. */
    static Map<String, String> chunk(byte[] bytes) {
        Map<String, String> data = new LinkedHashMap<>();
        data.put("text", text(bytes));
        String base64 = base64UnlessUtf8(bytes);
        if (base64 != null) {
            data.put("base64", base64);
        }
        return data;
    }

    /**
     * Cuts a stream of chunks at character boundaries: a multi-byte character split across two writes is held back
     * until its last byte comes, so that no event ends in half a character.
     */
    static final class Splitter {
        private byte[] pending = new byte[0];

        /** The complete characters so far (possibly empty); an unfinished last character waits for the next chunk. */
        synchronized byte[] take(byte[] chunk) {
            byte[] all = pending.length == 0 ? chunk : concat(pending, chunk);
            int cut = all.length - unfinishedTail(all);
            pending = Arrays.copyOfRange(all, cut, all.length);
            return cut == all.length ? all : Arrays.copyOf(all, cut);
        }

        /** What is held back at the end of the stream: an unfinished character, sent as it is. */
        synchronized byte[] rest() {
            byte[] rest = pending;
            pending = new byte[0];
            return rest;
        }

        /** How many bytes at the end start a UTF-8 sequence that needs more bytes than it has (0 to 3). */
        private static int unfinishedTail(byte[] b) {
            for (int back = 1; back <= Math.min(3, b.length); back++) {
                int lead = b[b.length - back] & 0xFF;
                if ((lead & 0xC0) == 0x80) {
                    continue; // a continuation byte: look further back for the lead byte
                }
                int needed = lead >= 0xF8 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
                return needed > back ? back : 0;
            }
            return 0;
        }

        private static byte[] concat(byte[] a, byte[] b) {
            byte[] all = Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, all, a.length, b.length);
            return all;
        }
    }
}
