package dev.shellbox.egress.dns;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Random and mutated input never crashes the parsers with anything but {@link DnsFormatException}. */
class DnsFuzzTest {
    private static final byte[] QUERY =
            Hex.bytes("1234 0100 0001 0000 0000 0000 03 'www' 07 'example' 03 'com' 00 0001 0001");
    private static final byte[] RESPONSE = Hex.bytes("1234 8180 0001 0002 0000 0000"
            + " 03 'www' 07 'example' 03 'com' 00 0001 0001"
            + " c00c 0005 0001 0000001e 0006 03 'cdn' c010"
            + " c02d 0001 0001 0000012c 0004 cb007107");

    @Test
    void randomBytesAreParsedOrRejectedNeverCrash() {
        Random random = new Random(20_240_601L);
        for (int i = 0; i < 200_000; i++) {
            byte[] data = new byte[random.nextInt(80)];
            random.nextBytes(data);
            if (i % 2 == 0 && data.length >= 6) {
                // make the header plausible so that the parsers get past it more often
                data[4] = 0;
                data[5] = 1;
            }
            tryQuery(data);
            tryResponse(data);
        }
    }

    @Test
    void mutatedValidMessagesAreParsedOrRejectedNeverCrash() {
        Random random = new Random(7L);
        int queriesParsed = 0;
        int responsesParsed = 0;
        for (int i = 0; i < 200_000; i++) {
            queriesParsed += tryQuery(mutate(QUERY, random)) ? 1 : 0;
            responsesParsed += tryResponse(mutate(RESPONSE, random)) ? 1 : 0;
        }
        // the mutations leave some messages valid, so both the success and the failure paths ran
        assertThat(queriesParsed).isBetween(1, 199_999);
        assertThat(responsesParsed).isBetween(1, 199_999);
    }

    private static byte[] mutate(byte[] original, Random random) {
        byte[] data = original.clone();
        int flips = 1 + random.nextInt(4);
        for (int f = 0; f < flips; f++) {
            data[random.nextInt(data.length)] = (byte) random.nextInt(256);
        }
        int length = random.nextInt(4) == 0 ? random.nextInt(data.length + 1) : data.length;
        return java.util.Arrays.copyOf(data, length);
    }

    private static boolean tryQuery(byte[] data) {
        try {
            DnsQuery query = DnsMessage.parseQuery(data);
            // whatever was parsed can be answered
            DnsMessage.noData(query);
            return true;
        } catch (DnsFormatException e) {
            DnsMessage.formatError(data, data.length);
            return false;
        }
    }

    private static boolean tryResponse(byte[] data) {
        try {
            DnsResolverCodec.parseResponse(data, data.length, 0x1234, "www.example.com", DnsTypes.A);
            return true;
        } catch (DnsFormatException expected) {
            return false; // the one declared failure
        }
    }
}
