package dev.shellbox.egress.dns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class DnsResolverCodecTest {
    private static final String QUESTION_A = "03 'www' 07 'example' 03 'com' 00 0001 0001";

    @Test
    void buildsAQueryByteForByte() {
        assertThat(DnsResolverCodec.query(0x4242, "www.example.com", DnsTypes.AAAA))
                .isEqualTo(Hex.bytes("4242 0100 0001 0000 0000 0000 03 'www' 07 'example' 03 'com' 00 001c 0001"));
    }

    @Test
    void rejectsNamesThatCannotGoOnTheWire() {
        assertThatThrownBy(() -> DnsResolverCodec.query(1, "a..b", DnsTypes.A))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DnsResolverCodec.query(1, "a".repeat(64) + ".com", DnsTypes.A))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DnsResolverCodec.query(70_000, "a.com", DnsTypes.A))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void readsAddressesAndTheSmallestTtl() throws Exception {
        byte[] response = Hex.bytes("4242 8180 0001 0002 0000 0000 " + QUESTION_A
                + " c00c 0001 0001 0000012c 0004 cb00710a"
                + " c00c 0001 0001 0000003c 0004 c6336401");
        DnsAnswer answer = DnsResolverCodec.parseResponse(response, response.length, 0x4242, "www.example.com", 1);
        assertThat(answer.rcode()).isZero();
        assertThat(answer.addresses())
                .containsExactly(InetAddress.getByName("203.0.113.10"), InetAddress.getByName("198.51.100.1"));
        assertThat(answer.ttlSeconds()).isEqualTo(60);
        assertThat(answer.truncated()).isFalse();
    }

    @Test
    void followsACnameChainWithinTheMessage() throws Exception {
        // www.example.com CNAME cdn.example.net (ttl 30); cdn.example.net CNAME edge.example.net (ttl 600);
        // edge.example.net A 203.0.113.7 (ttl 300); names compressed against each other
        byte[] response = Hex.bytes("4242 8180 0001 0003 0000 0000 " + QUESTION_A // question at 12..32
                + " c00c 0005 0001 0000001e 0011 03 'cdn' 07 'example' 03 'net' 00" // cdn... at 45
                + " c02d 0005 0001 00000258 0007 04 'edge' c031" // edge at 74, c031 -> example.net
                + " c04a 0001 0001 0000012c 0004 cb007107");
        DnsAnswer answer = DnsResolverCodec.parseResponse(response, response.length, 0x4242, "WWW.example.com", 1);
        assertThat(answer.addresses()).containsExactly(InetAddress.getByName("203.0.113.7"));
        assertThat(answer.ttlSeconds()).isEqualTo(30);
        assertThat(answer.aliases()).containsExactly("cdn.example.net", "edge.example.net");
    }

    @Test
    void readsAaaaRecords() throws Exception {
        byte[] response = Hex.bytes("0007 8180 0001 0001 0000 0000 03 'www' 07 'example' 03 'com' 00 001c 0001"
                + " c00c 001c 0001 00000e10 0010 20010db8000000000000000000000001");
        DnsAnswer answer = DnsResolverCodec.parseResponse(response, response.length, 7, "www.example.com", 28);
        assertThat(answer.addresses()).containsExactly(InetAddress.getByName("2001:db8::1"));
        assertThat(answer.ttlSeconds()).isEqualTo(3600);
    }

    @Test
    void nxdomainAndTruncationAreReported() throws Exception {
        byte[] nx = Hex.bytes("4242 8183 0001 0000 0000 0000 " + QUESTION_A);
        DnsAnswer answer = DnsResolverCodec.parseResponse(nx, nx.length, 0x4242, "www.example.com", 1);
        assertThat(answer.rcode()).isEqualTo(Rcode.NXDOMAIN.code());
        assertThat(answer.addresses()).isEmpty();
        byte[] truncated = Hex.bytes("4242 8380 0001 0000 0000 0000 " + QUESTION_A);
        assertThat(DnsResolverCodec.parseResponse(truncated, truncated.length, 0x4242, "www.example.com", 1)
                        .truncated())
                .isTrue();
    }

    @Test
    void recordsForOtherNamesAreIgnored() throws Exception {
        byte[] response = Hex.bytes(
                "4242 8180 0001 0001 0000 0000 " + QUESTION_A + " 05 'other' 00 0001 0001 0000003c 0004 0a000001");
        DnsAnswer answer = DnsResolverCodec.parseResponse(response, response.length, 0x4242, "www.example.com", 1);
        assertThat(answer.addresses()).isEmpty();
        assertThat(answer.ttlSeconds()).isZero();
    }

    @Test
    void ttlWithTheTopBitSetCountsAsZero() throws Exception {
        byte[] response =
                Hex.bytes("4242 8180 0001 0001 0000 0000 " + QUESTION_A + " c00c 0001 0001 80000000 0004 cb00710a");
        assertThat(DnsResolverCodec.parseResponse(response, response.length, 0x4242, "www.example.com", 1)
                        .ttlSeconds())
                .isZero();
    }

    @Test
    void rejectsStrayOrSpoofedResponses() {
        byte[] ok = Hex.bytes("4242 8180 0001 0000 0000 0000 " + QUESTION_A);
        assertRejected(ok, 0x4243, "www.example.com", 1, "id does not match");
        assertRejected(ok, 0x4242, "www.example.org", 1, "another question");
        assertRejected(ok, 0x4242, "www.example.com", 28, "another question");
        assertRejected(
                Hex.bytes("4242 0100 0001 0000 0000 0000 " + QUESTION_A),
                0x4242,
                "www.example.com",
                1,
                "a query, not a response");
    }

    @Test
    void rejectsBadRecords() {
        assertRejected(
                Hex.bytes("4242 8180 0001 0001 0000 0000 " + QUESTION_A + " c00c 0001 0001 0000003c 0005 cb00710a00"),
                0x4242,
                "www.example.com",
                1,
                "address record of 5 bytes");
        assertRejected(
                Hex.bytes("4242 8180 0001 0001 0000 0000 " + QUESTION_A + " c00c 0001 0001 0000003c 0004 cb00"),
                0x4242,
                "www.example.com",
                1,
                "cut off");
        // a CNAME whose name runs past its declared length
        assertRejected(
                Hex.bytes("4242 8180 0001 0001 0000 0000 " + QUESTION_A + " c00c 0005 0001 0000003c 0002 03 'abc' 00"),
                0x4242,
                "www.example.com",
                1,
                "runs past its record");
    }

    @Test
    void rejectsCnameLoops() {
        // www.example.com CNAME a.example.com; a.example.com CNAME www.example.com
        byte[] response = Hex.bytes("4242 8180 0001 0002 0000 0000 " + QUESTION_A
                + " c00c 0005 0001 0000003c 0004 01 'a' c010" // a.example.com, at 45
                + " c02d 0005 0001 0000003c 0002 c00c");
        assertRejected(response, 0x4242, "www.example.com", 1, "CNAMEs in a chain");
    }

    private static void assertRejected(byte[] message, int id, String name, int type, String problem) {
        assertThatThrownBy(() -> DnsResolverCodec.parseResponse(message, message.length, id, name, type))
                .isInstanceOf(DnsFormatException.class)
                .hasMessageContaining(problem);
    }
}
