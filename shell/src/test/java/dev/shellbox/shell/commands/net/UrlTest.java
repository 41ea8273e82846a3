package dev.shellbox.shell.commands.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class UrlTest {

    @Test
    void takesApartHostPortAndTarget() throws NetException {
        Url u = Url.parse("https://user:pw@Example.COM:8443/a/b.txt?x=1#frag");
        assertThat(u.scheme()).isEqualTo("https");
        assertThat(u.userInfo()).isEqualTo("user:pw");
        assertThat(u.host()).isEqualTo("example.com");
        assertThat(u.port()).isEqualTo(8443);
        assertThat(u.target()).isEqualTo("/a/b.txt?x=1");
        assertThat(u.fileName()).isEqualTo("b.txt");
        assertThat(u.toString()).isEqualTo("https://example.com:8443/a/b.txt?x=1");
    }

    @Test
    void ipv6LiteralsLoseTheirBracketsButKeepThemInHostHeaders() throws NetException {
        Url u = Url.parse("http://[::1]:8080");
        assertThat(u.host()).isEqualTo("::1");
        assertThat(u.hostHeader()).isEqualTo("[::1]:8080");
        assertThat(u.target()).isEqualTo("/");
        assertThat(Url.parse("http://[fe80::1]/").hostHeader()).isEqualTo("[fe80::1]");
    }

    @Test
    void guessesHttpAndDefaultPorts() throws NetException {
        assertThat(Url.parse("example.com/x").toString()).isEqualTo("http://example.com/x");
        assertThat(Url.parse("https://example.com").port()).isEqualTo(443);
        assertThat(Url.parse("example.com?q").target()).isEqualTo("/?q");
    }

    @Test
    void percentEncodesSpacesAndNonAsciiButNotEscapes() throws NetException {
        Url u = Url.parse("http://h/a b/ü%41?q=x y");
        assertThat(u.target()).isEqualTo("/a%20b/%C3%BC%41?q=x%20y");
        assertThat(u.fileName()).isEqualTo("üA");
    }

    @Test
    void resolvesRedirectLocations() throws NetException {
        Url base = Url.parse("http://h:81/a/b/c?q");
        assertThat(base.resolve("d").toString()).isEqualTo("http://h:81/a/b/d");
        assertThat(base.resolve("../d?x").toString()).isEqualTo("http://h:81/a/d?x");
        assertThat(base.resolve("/root").toString()).isEqualTo("http://h:81/root");
        assertThat(base.resolve("//other/x").toString()).isEqualTo("http://other/x");
        assertThat(base.resolve("https://s/").toString()).isEqualTo("https://s/");
        assertThat(base.resolve("?only").toString()).isEqualTo("http://h:81/a/b/c?only");
    }

    @Test
    void refusesMalformedAndOtherSchemes() {
        assertThatThrownBy(() -> Url.parse("http://[::1/"))
                .isInstanceOfSatisfying(
                        NetException.class, e -> assertThat(e.kind()).isEqualTo(NetException.Kind.MALFORMED_URL));
        assertThatThrownBy(() -> Url.parse("http://h:0/"))
                .isInstanceOfSatisfying(
                        NetException.class, e -> assertThat(e.kind()).isEqualTo(NetException.Kind.MALFORMED_URL));
        assertThatThrownBy(() -> Url.parse("ftp://h/"))
                .isInstanceOfSatisfying(
                        NetException.class,
                        e -> assertThat(e.kind()).isEqualTo(NetException.Kind.UNSUPPORTED_PROTOCOL));
    }

    @Test
    void formEncodingKeepsOnlyUnreservedCharacters() {
        assertThat(Url.formEncode("a b&c=d/é~")).isEqualTo("a+b%26c%3Dd%2F%C3%A9~");
    }
}
