package dev.shellbox.egress;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SpecialRangesTest {
    private static InetAddress ip(String text) {
        return HostLiteral.parse(text).orElseThrow();
    }

    @ParameterizedTest
    @CsvSource({
        "0.1.2.3,0.0.0.0/8",
        "10.255.255.255,10.0.0.0/8",
        "100.64.0.1,100.64.0.0/10",
        "100.127.255.255,100.64.0.0/10",
        "127.0.0.1,127.0.0.0/8",
        "169.254.169.254,169.254.0.0/16",
        "172.16.0.1,172.16.0.0/12",
        "172.31.255.255,172.16.0.0/12",
        "192.0.0.8,192.0.0.0/24",
        "192.168.0.1,192.168.0.0/16",
        "198.18.0.1,198.18.0.0/15",
        "198.19.255.254,198.18.0.0/15",
        "224.0.0.1,224.0.0.0/4",
        "239.255.255.250,224.0.0.0/4",
        "240.0.0.1,240.0.0.0/4",
        "255.255.255.255,240.0.0.0/4",
        "::,::/128",
        "::1,::1/128",
        "fc00::1,fc00::/7",
        "fdff::1,fc00::/7",
        "fe80::1,fe80::/10",
        "febf::1,fe80::/10",
        "ff02::1,ff00::/8",
        "2001:0:1::1,2001::/32",
        "::ffff:10.0.0.1,10.0.0.0/8",
        "64:ff9b::7f00:1,127.0.0.0/8",
        "2002:a9fe:a9fe::,169.254.0.0/16",
        "::192.168.1.1,192.168.0.0/16"
    })
    void specialAddressesNameTheirRange(String address, String range) {
        assertThat(SpecialRanges.of(ip(address)))
                .get()
                .extracting(r -> r.cidr().toString())
                .isEqualTo(range);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "198.51.100.1",
                "203.0.113.1",
                "8.8.8.8",
                "100.63.255.255",
                "100.128.0.0",
                "172.15.255.255",
                "172.32.0.0",
                "192.0.1.1",
                "198.17.255.255",
                "198.20.0.0",
                "223.255.255.255",
                "2001:db8::1",
                "2606:4700::1",
                "fec0::1",
                "64:ff9b::8.8.8.8",
                "2002:808:808::1",
                "2001:1::1"
            })
    void publicAddressesAreNotSpecial(String address) {
        assertThat(SpecialRanges.of(ip(address))).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
        "::ffff:1.2.3.4,1.2.3.4",
        "64:ff9b::102:304,1.2.3.4",
        "2002:102:304::9,1.2.3.4",
        "::1.2.3.4,1.2.3.4",
        "::1,::1",
        "::,::",
        "2001:db8::1,2001:db8::1"
    })
    void canonicalFormIsTheEmbeddedIpv4(String address, String canonical) {
        assertThat(SpecialRanges.canonical(ip(address))).isEqualTo(ip(canonical));
    }

    @ParameterizedTest
    @CsvSource({"10.0.0.0/8,a private range", "127.0.0.0/8,the loopback range"})
    void reasonNamesTheRange(String cidr, String description) {
        assertThat(SpecialRanges.all())
                .filteredOn(r -> r.cidr().toString().equals(cidr))
                .singleElement()
                .extracting(SpecialRanges.Range::reason)
                .isEqualTo(cidr + " is " + description);
    }
}
