package dev.shellbox.egress.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrustBundleTest {
    private static final TrustBundle.Paths PATHS =
            new TrustBundle.Paths("/etc/shellbox/ca-bundle.pem", "/etc/shellbox/truststore.p12");

    @TempDir
    Path dir;

    /** Two stand-ins for system roots, with the text a real bundle has around its blocks. */
    private static final SandboxCa ROOT_A = SandboxCa.create("system root A");

    private static final SandboxCa ROOT_B = SandboxCa.create("system root B");
    private static final String SYSTEM = "# root A\n" + ROOT_A.certificatePem() + "\n# root B\n"
            + ROOT_B.certificatePem().stripTrailing();

    @Test
    void pemHoldsTheSystemRootsThenTheSandboxCa() throws Exception {
        SandboxCa ca = SandboxCa.create("sandbox");
        TrustBundle bundle = TrustBundle.build(ca.certificate(), SYSTEM, PATHS);

        assertThat(bundle.pem()).startsWith(SYSTEM + "\n");
        assertThat(parse(bundle.pem())).containsExactly(ROOT_A.certificate(), ROOT_B.certificate(), ca.certificate());
    }

    @Test
    void javaTrustStoreLoadsWithThePasswordAndHoldsEveryRoot() throws Exception {
        SandboxCa ca = SandboxCa.create("sandbox");
        TrustBundle bundle = TrustBundle.build(ca.certificate(), SYSTEM, PATHS);

        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(
                new ByteArrayInputStream(bundle.javaTrustStore()), TrustBundle.JAVA_TRUST_STORE_PASSWORD.toCharArray());
        assertThat(store.getCertificate(TrustBundle.SANDBOX_CA_ALIAS)).isEqualTo(ca.certificate());
        assertThat(store.isCertificateEntry(TrustBundle.SANDBOX_CA_ALIAS)).isTrue();
        assertThat(Collections.list(store.aliases()).stream()
                        .map(a -> {
                            try {
                                return store.getCertificate(a);
                            } catch (Exception e) {
                                throw new AssertionError(e);
                            }
                        })
                        .collect(Collectors.toList()))
                .containsExactlyInAnyOrder(ROOT_A.certificate(), ROOT_B.certificate(), ca.certificate());
        assertThatThrownBy(() -> KeyStore.getInstance("PKCS12")
                        .load(new ByteArrayInputStream(bundle.javaTrustStore()), "wrong".toCharArray()))
                .isInstanceOf(java.io.IOException.class);
    }

    @Test
    void environmentPointsEveryVariableAtTheGivenPaths() {
        TrustBundle bundle = TrustBundle.build(SandboxCa.create("sandbox").certificate(), "", PATHS);

        assertThat(bundle.environment())
                .containsEntry("SSL_CERT_FILE", "/etc/shellbox/ca-bundle.pem")
                .containsEntry("CURL_CA_BUNDLE", "/etc/shellbox/ca-bundle.pem")
                .containsEntry("REQUESTS_CA_BUNDLE", "/etc/shellbox/ca-bundle.pem")
                .containsEntry("NODE_EXTRA_CA_CERTS", "/etc/shellbox/ca-bundle.pem")
                .containsEntry("GIT_SSL_CAINFO", "/etc/shellbox/ca-bundle.pem")
                .containsEntry("PIP_CERT", "/etc/shellbox/ca-bundle.pem")
                .containsEntry(
                        "JAVA_TOOL_OPTIONS",
                        "-Djavax.net.ssl.trustStore=/etc/shellbox/truststore.p12"
                                + " -Djavax.net.ssl.trustStorePassword=" + TrustBundle.JAVA_TRUST_STORE_PASSWORD
                                + " -Djavax.net.ssl.trustStoreType=PKCS12")
                .hasSize(7);
        assertThat(bundle.javaToolOptions()).isEqualTo(bundle.environment().get("JAVA_TOOL_OPTIONS"));
    }

    @Test
    void aMissingSystemBundleLeavesOnlyTheSandboxCa() throws Exception {
        SandboxCa ca = SandboxCa.create("sandbox");
        String system = TrustBundle.readSystemBundle(dir.resolve("missing.crt"));
        TrustBundle bundle = TrustBundle.build(ca.certificate(), system, PATHS);

        assertThat(system).isEmpty();
        assertThat(parse(bundle.pem())).containsExactly(ca.certificate());
    }

    @Test
    void readsTheSystemBundleFromAFile() throws Exception {
        Path file = Files.writeString(dir.resolve("ca-certificates.crt"), SYSTEM);
        assertThat(TrustBundle.readSystemBundle(file)).isEqualTo(SYSTEM);
    }

    @Test
    void damagedSystemBlocksStayOutOfTheJavaStore() throws Exception {
        SandboxCa ca = SandboxCa.create("sandbox");
        String damaged = SYSTEM + "\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
        TrustBundle bundle = TrustBundle.build(ca.certificate(), damaged, PATHS);
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(
                new ByteArrayInputStream(bundle.javaTrustStore()), TrustBundle.JAVA_TRUST_STORE_PASSWORD.toCharArray());
        assertThat(store.size()).isEqualTo(3);
    }

    @Test
    void refusesPathsJavaToolOptionsCannotCarry() {
        assertThatThrownBy(() -> new TrustBundle.Paths("/a b/bundle.pem", "/x.p12"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TrustBundle.Paths("relative.pem", "/x.p12"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TrustBundle.Paths("/b.pem", "/x\".p12"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @SuppressWarnings("unchecked")
    private static List<X509Certificate> parse(String pem) throws Exception {
        return (List<X509Certificate>) (List<?>) List.copyOf(CertificateFactory.getInstance("X.509")
                .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII))));
    }
}
