package dev.shellbox.sandbox.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class HttpHeadTest {
    static HttpHead read(String text) throws Exception {
        return HttpHead.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)))
                .orElseThrow();
    }

    static int refusal(String text) {
        try {
            read(text);
            return 0;
        } catch (HttpHead.Malformed e) {
            return e.status;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void readsARequestAndStopsAtItsBlankLine() throws Exception {
        InputStream in = new ByteArrayInputStream(
                "GET http://a.example/x HTTP/1.1\r\nHost: a.example\r\nX-A:  b \r\n\r\nBODY".getBytes());
        HttpHead head = HttpHead.read(in).orElseThrow();
        assertThat(head.method()).isEqualTo("GET");
        assertThat(head.target()).isEqualTo("http://a.example/x");
        assertThat(head.value("x-a")).contains("b");
        assertThat(new String(in.readAllBytes())).isEqualTo("BODY");
    }

    @Test
    void bothLengthAndChunkedAreRefusedAsSmuggling() {
        assertThat(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"))
                .isEqualTo(400);
        assertThat(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n"))
                .isEqualTo(400);
        assertThat(refusal("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"))
                .isEqualTo(400);
        assertThat(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +3\r\n\r\n"))
                .isEqualTo(400);
    }

    @Test
    void bareLineFeedsFoldsAndTwoHostsAreRefused() {
        assertThat(refusal("GET / HTTP/1.1\nHost: a\n\n")).isEqualTo(400);
        assertThat(refusal("GET / HTTP/1.1\r\nHost: a\r\nX: 1\r\n  folded\r\n\r\n"))
                .isEqualTo(400);
        assertThat(refusal("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")).isEqualTo(400);
        assertThat(refusal("GET / HTTP/1.1\r\nBad Name: a\r\n\r\n")).isEqualTo(400);
        assertThat(refusal("GET / HTTP/2.0\r\nHost: a\r\n\r\n")).isEqualTo(505);
    }

    @Test
    void oversizedHeadsAre431() {
        String big = "GET / HTTP/1.1\r\nX: " + "a".repeat(HttpHead.MAX_BYTES) + "\r\n\r\n";
        assertThat(refusal(big)).isEqualTo(431);
    }

    @Test
    void theOriginGetsOneRequestPerConnectionWithoutProxyHeaders() throws Exception {
        HttpHead head = read("GET http://a.example/x?y HTTP/1.1\r\nHost: a.example\r\nProxy-Authorization: s\r\n"
                + "Connection: keep-alive\r\nAccept: */*\r\n\r\n");
        String sent = new String(head.forOrigin("/x?y", head.headers()), StandardCharsets.ISO_8859_1);
        assertThat(sent).isEqualTo("GET /x?y HTTP/1.1\r\nHost: a.example\r\nAccept: */*\r\nConnection: close\r\n\r\n");
    }

    @Test
    void chunkedBodiesAreCopiedThroughTheirLastChunkAndNoFurther() throws Exception {
        InputStream in = new ByteArrayInputStream(
                "3\r\nabc\r\n0\r\nT: 1\r\n\r\nGET /smuggled HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Bodies.copyChunked(in, out);
        assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo("3\r\nabc\r\n0\r\nT: 1\r\n\r\n");
        assertThat(new String(in.readAllBytes())).startsWith("GET /smuggled");
        assertThatThrownBy(() ->
                        Bodies.copyChunked(new ByteArrayInputStream("-1\r\n".getBytes()), new ByteArrayOutputStream()))
                .hasMessageContaining("hexadecimal");
    }

    @Test
    void authoritiesSpellAddressesAsAddresses() {
        assertThat(Authority.parse("example.COM.:443", -1)).hasValueSatisfying(a -> {
            assertThat(a.name()).isEqualTo("example.com");
            assertThat(a.port()).isEqualTo(443);
        });
        assertThat(Authority.parse("2130706433:80", -1)).hasValueSatisfying(a -> {
            assertThat(a.name()).isNull();
            assertThat(a.address().getHostAddress()).isEqualTo("127.0.0.1");
        });
        assertThat(Authority.parse("[::ffff:127.0.0.1]:443", -1))
                .hasValueSatisfying(a -> assertThat(a.address()).isNotNull());
        assertThat(Authority.parse("example.com", -1)).isEmpty();
        assertThat(Authority.parse("example.com:99999", -1)).isEmpty();
        assertThat(Authority.parse("example.com", 80))
                .hasValueSatisfying(a -> assertThat(a.port()).isEqualTo(80));
    }

    @Test
    void policyFieldsBecomeJsonPointers() {
        assertThat(NetworkPolicies.pointer("allow[3]")).isEqualTo("/allow/3");
        assertThat(NetworkPolicies.pointer("rules[\"api.example.com\"].headers[\"Authorization\"]"))
                .isEqualTo("/rules/api.example.com/headers/Authorization");
        assertThat(NetworkPolicies.pointer("mode")).isEqualTo("/mode");
        assertThat(List.of(NetworkPolicies.pointer("rules[\"a/b\"]"))).containsExactly("/rules/a~1b");
    }
}
