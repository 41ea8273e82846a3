package dev.shellbox.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class CidrTest {
    private static InetAddress ip(String text) {
        return HostLiteral.parse(text).orElseThrow();
    }

    @Test
    void containsAddressesOfItsFamilyOnly() {
        Cidr ten = Cidr.parse("10.0.0.0/8");
        assertThat(ten.contains(ip("10.200.0.1"))).isTrue();
        assertThat(ten.contains(ip("11.0.0.0"))).isFalse();
        assertThat(ten.contains(ip("::a00:1"))).isFalse();
        Cidr doc = Cidr.parse("2001:db8::/32");
        assertThat(doc.contains(ip("2001:db8:ffff::1"))).isTrue();
        assertThat(doc.contains(ip("2001:db9::"))).isFalse();
    }

    @Test
    void zeroAndFullPrefixesWork() {
        assertThat(Cidr.parse("0.0.0.0/0").contains(ip("255.1.2.3"))).isTrue();
        assertThat(Cidr.parse("::/0").contains(ip("ffff::1"))).isTrue();
        assertThat(Cidr.of(ip("2001:db8::1")).contains(ip("2001:db8::1"))).isTrue();
        assertThat(Cidr.of(ip("2001:db8::1")).contains(ip("2001:db8::2"))).isFalse();
        assertThat(Cidr.parse("2001:db8::/96").contains(ip("2001:db8::ffff:ffff")))
                .isTrue();
        assertThat(Cidr.parse("2001:db8::/64").contains(ip("2001:db8:0:1::"))).isFalse();
    }

    @Test
    void coversNarrowerRanges() {
        assertThat(Cidr.parse("10.0.0.0/8").covers(Cidr.parse("10.1.0.0/16"))).isTrue();
        assertThat(Cidr.parse("10.1.0.0/16").covers(Cidr.parse("10.0.0.0/8"))).isFalse();
    }

    @Test
    void hostBitsAreRejected() {
        assertThatThrownBy(() -> new Cidr(false, 0, 0x0a000001L, 8)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void printsCompressedIpv6() {
        assertThat(Cidr.parse("2001:db8:0:0:1:0:0:0/128")).hasToString("2001:db8:0:0:1::/128");
        assertThat(Cidr.parse("::ffff:0:0/96")).hasToString("::ffff:0:0/96");
        assertThat(Cidr.parse("1:2:3:4:5:6:7:8/128")).hasToString("1:2:3:4:5:6:7:8/128");
        assertThat(Cidr.parse("fe80::/10")).hasToString("fe80::/10");
    }
}
