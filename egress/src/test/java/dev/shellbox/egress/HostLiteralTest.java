package dev.shellbox.egress;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Inet4Address;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HostLiteralTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "127.0.0.1",
                "2130706433",
                "0x7f000001",
                "0X7F000001",
                "0177.0.0.1",
                "127.1",
                "0x7f.1",
                "127.0.1",
                "0x7f.0.0.1",
                "0177.0.0.01",
                "127.0.0.1.",
                "017700000001"
            })
    void everyInetAtonSpellingOfLoopbackIsLoopback(String text) throws Exception {
        assertThat(HostLiteral.parse(text)).contains(InetAddress.getByName("127.0.0.1"));
    }

    @ParameterizedTest
    @CsvSource({
        "1.2.3.4,1.2.3.4",
        "10.1,10.0.0.1",
        "192.168.257,192.168.1.1",
        "0,0.0.0.0",
        "4294967295,255.255.255.255",
        "0xffffffff,255.255.255.255",
        "1.0x10.0.010,1.16.0.8"
    })
    void partsFillTheRemainingBytes(String text, String expected) throws Exception {
        assertThat(HostLiteral.parse(text)).contains(InetAddress.getByName(expected));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "4294967296",
                "256.0.0.1",
                "1.2.3.256",
                "1.2.65536",
                "1.2.3.4.5",
                "08.1.1.1",
                "1..2.3",
                "0x1g",
                "example.com",
                "",
                "1.2.3.4 ",
                "١٢٧.0.0.1",
                "0x100000000",
                "99999999999999999999999"
            })
    void nonAddressesAreNotAddresses(String text) {
        assertThat(HostLiteral.parse(text)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
        "::1,::1",
        "[::1],::1",
        "2001:db8::1,2001:db8::1",
        "[2001:DB8:0:0:0:0:0:1],2001:db8::1",
        "1:2:3:4:5:6:7:8,1:2:3:4:5:6:7:8",
        "::,::",
        "1::,1::",
        "::1.2.3.4,::102:304",
        "64:ff9b::8.8.8.8,64:ff9b::808:808"
    })
    void ipv6IsRecognisedBareOrBracketed(String text, String expected) throws Exception {
        assertThat(HostLiteral.parse(text)).contains(InetAddress.getByName(expected));
    }

    @Test
    void mappedIpv6BecomesItsIpv4Address() throws Exception {
        assertThat(HostLiteral.parse("::ffff:127.0.0.1")).contains(InetAddress.getByName("127.0.0.1"));
        assertThat(HostLiteral.parse("::ffff:7f00:1")).get().isInstanceOf(Inet4Address.class);
        assertThat(HostLiteral.parse("[::ffff:7f00:1]")).contains(InetAddress.getByName("127.0.0.1"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "fe80::1%eth0",
                "[fe80::1%eth0]",
                "[fe80::1%25eth0]",
                "1:2:3:4:5:6:7:8:9",
                "1::2::3",
                ":::",
                "12345::",
                "::g",
                "[::1",
                "::1]",
                "[]",
                "[127.0.0.1]",
                "1:2:3:4:5:6:7::8",
                "::1.2.3",
                "::1.2.3.256",
                "1.2.3.4::",
                "::ffff:1.2.3.4:5"
            })
    void malformedOrZonedIpv6IsNotAnAddress(String text) {
        assertThat(HostLiteral.parse(text)).isEmpty();
    }

    @Test
    void parsingNeverResolvesANameOverTheNetwork() {
        // would take a DNS round trip (or fail) if it resolved; a literal parser returns at once
        assertThat(HostLiteral.parse("localhost")).isEmpty();
        assertThat(HostLiteral.parse("abc:def")).isEmpty();
    }
}
