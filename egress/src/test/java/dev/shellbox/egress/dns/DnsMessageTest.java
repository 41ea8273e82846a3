package dev.shellbox.egress.dns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class DnsMessageTest {
    private static final String QUESTION = "07 'example' 03 'com' 00 0001 0001";
    private static final byte[] QUERY = Hex.bytes("1234 0100 0001 0000 0000 0000 " + QUESTION);

    private static Inet4Address v4(String text) throws Exception {
        return (Inet4Address) InetAddress.getByName(text);
    }

    @Test
    void parsesAQueryWithOneQuestion() throws Exception {
        DnsQuery query = DnsMessage.parseQuery(QUERY);
        assertThat(query.id()).isEqualTo(0x1234);
        assertThat(query.opcode()).isZero();
        assertThat(query.recursionDesired()).isTrue();
        assertThat(query.question()).isEqualTo(new DnsQuestion("example.com", DnsTypes.A, DnsTypes.CLASS_IN));
    }

    @Test
    void keepsTheCaseOfTheNameForTheEcho() throws Exception {
        byte[] mixed = Hex.bytes("0001 0000 0001 0000 0000 0000 07 'ExAmPlE' 03 'cOm' 00 001c 0001");
        DnsQuery query = DnsMessage.parseQuery(mixed);
        assertThat(query.question().name()).isEqualTo("ExAmPlE.cOm");
        assertThat(query.recursionDesired()).isFalse();
        assertThat(DnsMessage.noData(query))
                .isEqualTo(Hex.bytes("0001 8080 0001 0000 0000 0000 07 'ExAmPlE' 03 'cOm' 00 001c 0001"));
    }

    @Test
    void acceptsAnEdnsOptRecordInTheAdditionalSection() throws Exception {
        byte[] withOpt = Hex.bytes("1234 0120 0001 0000 0000 0001 " + QUESTION + " 00 0029 1000 00000000 0000");
        assertThat(DnsMessage.parseQuery(withOpt).question().name()).isEqualTo("example.com");
    }

    @Test
    void buildsAnAAnswerByteForByte() throws Exception {
        DnsQuery query = DnsMessage.parseQuery(QUERY);
        byte[] reply = DnsMessage.answerA(query, List.of(v4("198.18.0.1"), v4("203.0.113.10")), 60);
        assertThat(reply)
                .isEqualTo(Hex.bytes("1234 8180 0001 0002 0000 0000 " + QUESTION
                        + " c00c 0001 0001 0000003c 0004 c6120001"
                        + " c00c 0001 0001 0000003c 0004 cb00710a"));
    }

    @Test
    void buildsErrorRepliesByteForByte() throws Exception {
        DnsQuery query = DnsMessage.parseQuery(QUERY);
        String header = "1234 818%s 0001 0000 0000 0000 " + QUESTION;
        assertThat(DnsMessage.error(query, Rcode.NXDOMAIN)).isEqualTo(Hex.bytes(String.format(header, "3")));
        assertThat(DnsMessage.error(query, Rcode.REFUSED)).isEqualTo(Hex.bytes(String.format(header, "5")));
        assertThat(DnsMessage.error(query, Rcode.SERVFAIL)).isEqualTo(Hex.bytes(String.format(header, "2")));
        assertThat(DnsMessage.error(query, Rcode.FORMERR)).isEqualTo(Hex.bytes(String.format(header, "1")));
        assertThat(DnsMessage.noData(query)).isEqualTo(Hex.bytes(String.format(header, "0")));
    }

    @Test
    void copiesTheOpcode() throws Exception {
        byte[] status = Hex.bytes("abcd 1100 0001 0000 0000 0000 " + QUESTION); // opcode 2, RD
        DnsQuery query = DnsMessage.parseQuery(status);
        assertThat(query.opcode()).isEqualTo(2);
        assertThat(DnsMessage.error(query, Rcode.NOTIMP))
                .isEqualTo(Hex.bytes("abcd 9184 0001 0000 0000 0000 " + QUESTION));
    }

    @Test
    void formatErrorCopiesWhatItCanOfAnUnparsableDatagram() {
        assertThat(DnsMessage.formatError(Hex.bytes("beef 01"), 3))
                .isEqualTo(Hex.bytes("beef 8181 0000 0000 0000 0000"));
        assertThat(DnsMessage.formatError(new byte[0], 0)).isEqualTo(Hex.bytes("0000 8081 0000 0000 0000 0000"));
    }

    @Test
    void rootNameIsAnEmptyName() throws Exception {
        DnsQuery query = DnsMessage.parseQuery(Hex.bytes("0001 0000 0001 0000 0000 0000 00 0002 0001"));
        assertThat(query.question().name()).isEmpty();
        assertThat(DnsMessage.error(query, Rcode.REFUSED))
                .isEqualTo(Hex.bytes("0001 8085 0001 0000 0000 0000 00 0002 0001"));
    }

    @Test
    void compressionLoopIsRejected() {
        // the label "a", then a pointer back to that label: each pointer points backwards, yet the name never ends
        byte[] message = Hex.bytes("0001 0000 0001 0000 0000 0000 01 'a' c0 0c 0001 0001");
        assertThatThrownBy(() -> DnsMessage.parseQuery(message))
                .isInstanceOf(DnsFormatException.class)
                .hasMessageMatching(".*(too many compression pointers|longer than 255 bytes).*");
    }

    @Test
    void rejectsMalformedQueries() {
        String header = "1234 0100 %s 0000 0000 0000 ";
        assertRejected(Hex.bytes("1234 0100 0001"), "shorter than a DNS header");
        assertRejected(Hex.bytes(String.format(header, "0002") + QUESTION + QUESTION), "exactly one question");
        assertRejected(Hex.bytes(String.format(header, "0000")), "exactly one question");
        assertRejected(Hex.bytes("1234 8100 0001 0000 0000 0000 " + QUESTION), "a response");
        assertRejected(Hex.bytes("1234 0100 0001 0001 0000 0000 " + QUESTION), "no answer or authority");
        assertRejected(Hex.bytes(String.format(header, "0001") + "07 'example' 03 'com' 00 0001"), "cut off");
        assertRejected(Hex.bytes(String.format(header, "0001") + "07 'exam'"), "past the end");
        assertRejected(Hex.bytes(String.format(header, "0001") + "c0 0c 0001 0001"), "does not point backwards");
        assertRejected(Hex.bytes(String.format(header, "0001") + "80 00 0001 0001"), "unsupported label type");
        assertRejected(Hex.bytes(String.format(header, "0001") + "03 'a.b' 00 0001 0001"), "not allowed");
        assertRejected(Hex.bytes(String.format(header, "0001") + "03 61 00 62 00 0001 0001"), "not allowed");
        assertRejected(new byte[DnsMessage.MAX_QUERY_LENGTH + 1], "longer than");
    }

    @Test
    void rejectsNamesLongerThan255Bytes() {
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            name.append("3f '").append("a".repeat(63)).append("' ");
        }
        assertRejected(Hex.bytes("1234 0100 0001 0000 0000 0000 " + name + "00 0001 0001"), "longer than 255");
    }

    private static void assertRejected(byte[] message, String problem) {
        assertThatThrownBy(() -> DnsMessage.parseQuery(message))
                .isInstanceOf(DnsFormatException.class)
                .hasMessageContaining(problem);
    }
}
