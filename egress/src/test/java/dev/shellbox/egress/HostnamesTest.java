package dev.shellbox.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HostnamesTest {
    @Test
    void lowercasesAndDropsTheTrailingDot() {
        assertThat(Hostnames.normalize("API.Example.COM.")).isEqualTo("api.example.com");
    }

    @Test
    void internationalNamesBecomePunycode() {
        assertThat(Hostnames.normalize("bücher.example")).isEqualTo("xn--bcher-kva.example");
        assertThat(Hostnames.normalize("BÜCHER.example")).isEqualTo("xn--bcher-kva.example");
    }

    @Test
    void underscoresAndHyphensAreAllowed() {
        assertThat(Hostnames.normalize("_dmarc.my-host.example")).isEqualTo("_dmarc.my-host.example");
    }

    @Test
    void labelOf63CharactersIsAllowedAnd64IsNot() {
        String label63 = "a".repeat(63);
        assertThat(Hostnames.normalize(label63 + ".com")).isEqualTo(label63 + ".com");
        assertThatThrownBy(() -> Hostnames.normalize("a" + label63 + ".com"))
                .isInstanceOf(InvalidHostnameException.class)
                .hasMessageContaining("label longer than 63");
    }

    @Test
    void nameLongerThan253CharactersIsRejected() {
        String name = ("a".repeat(49) + ".").repeat(5) + "com"; // 253
        assertThat(Hostnames.normalize(name)).hasSize(253);
        assertThatThrownBy(() -> Hostnames.normalize("x" + name)).hasMessageContaining("longer than 253");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                ".",
                "a..b",
                ".a.com",
                "a b.com",
                "a%b.com",
                "fe80::1%eth0",
                "*.example.com",
                "exa$mple.com",
                "a/b",
                "a:80",
                "example.com..",
                "[::1]"
            })
    void invalidNamesAreRejected(String name) {
        assertThatThrownBy(() -> Hostnames.normalize(name)).isInstanceOf(InvalidHostnameException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "1.2.3.4.5", "example.123", "foo.0x7f", "999999999999"})
    void nameEndingInANumberIsRejectedAsAnAddressSpelling(String name) {
        assertThatThrownBy(() -> Hostnames.normalize(name)).hasMessageContaining("ends in a number");
    }

    @Test
    void numberInsideANameIsFine() {
        assertThat(Hostnames.normalize("123.example.com")).isEqualTo("123.example.com");
        assertThat(Hostnames.normalize("0x7f.example")).isEqualTo("0x7f.example");
    }

    @Test
    void nullIsRejected() {
        assertThatThrownBy(() -> Hostnames.normalize(null)).isInstanceOf(InvalidHostnameException.class);
    }
}
