package dev.shellbox.sandbox.egress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.Test;

class ClientHelloTest {
    /** The first record a real TLS client sends for {@code host} (null: no SNI). */
    static byte[] hello(String host) throws Exception {
        SSLEngine engine = SSLContext.getDefault().createSSLEngine(host == null ? null : host, 443);
        engine.setUseClientMode(true);
        if (host != null) {
            SSLParameters p = engine.getSSLParameters();
            p.setServerNames(List.of(new SNIHostName(host)));
            engine.setSSLParameters(p);
        }
        ByteBuffer out = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
        engine.wrap(ByteBuffer.allocate(0), out);
        out.flip();
        byte[] record = new byte[out.remaining()];
        out.get(record);
        return record;
    }

    static ClientHello read(byte[] record) throws Exception {
        ByteArrayInputStream in = new ByteArrayInputStream(record, 1, record.length - 1);
        return ClientHello.read(record[0] & 0xff, in);
    }

    @Test
    void readsTheServerNameAndKeepsTheRecordWhole() throws Exception {
        byte[] record = hello("api.example.com");
        assertThat(ClientHello.startsTls(record[0] & 0xff)).isTrue();
        ClientHello h = read(record);
        assertThat(h.serverName()).contains("api.example.com");
        assertThat(h.record()).isEqualTo(record);
    }

    @Test
    void aHelloWithoutServerNameHasNone() throws Exception {
        assertThat(read(hello(null)).serverName()).isEmpty();
    }

    @Test
    void aHelloSplitAcrossRecordsIsRefused() throws Exception {
        byte[] record = hello("api.example.com");
        // the first fragment of the handshake alone, its record length shortened to match
        int cut = 40;
        byte[] first = Arrays.copyOf(record, 5 + cut);
        first[3] = 0;
        first[4] = (byte) cut;
        assertThatThrownBy(() -> read(first)).hasMessageContaining("split");
    }

    @Test
    void truncatedGarbageNamesNoServer() throws Exception {
        byte[] junk = {22, 3, 1, 0, 4, 1, 0, 0, 0};
        assertThat(read(junk).serverName()).isEmpty();
    }
}
