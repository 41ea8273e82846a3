package dev.shellbox.egress.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.shellbox.egress.InvalidHostnameException;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxCaTest {
    private static final Path OPENSSL = Path.of("/usr/bin/openssl");

    @TempDir
    Path dir;

    @Test
    void caCertificateIsAConstrainedSelfSignedCaForTenYears() throws Exception {
        Instant now = Instant.parse("2030-05-06T07:08:09Z");
        SandboxCa ca = SandboxCa.create("Shellbox sandbox sbx-1", Clock.fixed(now, ZoneOffset.UTC));
        X509Certificate c = ca.certificate();

        c.verify(c.getPublicKey());
        assertThat(c.getVersion()).isEqualTo(3);
        assertThat(c.getSubjectX500Principal().getName()).isEqualTo("CN=Shellbox sandbox sbx-1");
        assertThat(c.getIssuerX500Principal()).isEqualTo(c.getSubjectX500Principal());
        assertThat(c.getBasicConstraints()).isZero(); // a CA, pathLen 0
        assertThat(c.getCriticalExtensionOIDs()).contains("2.5.29.19", "2.5.29.15");
        // keyCertSign (5) and cRLSign (6) only; the JDK pads the array to nine bits
        assertThat(c.getKeyUsage()).containsExactly(false, false, false, false, false, true, true, false, false);
        assertThat(c.getNotBefore().toInstant()).isEqualTo(now.minus(Duration.ofHours(1)));
        assertThat(c.getNotAfter().toInstant()).isEqualTo(Instant.parse("2040-05-06T07:08:09Z"));
        assertThat(c.getSigAlgName()).isEqualTo("SHA256withECDSA");
        assertThat(c.getPublicKey().getAlgorithm()).isEqualTo("EC");
        assertSerialIsRandomAndPositive(c.getSerialNumber());
    }

    @Test
    void leafIsAServerCertificateForTheHostSignedByTheCa() throws Exception {
        Instant now = Instant.parse("2030-05-06T07:08:09Z");
        SandboxCa ca = SandboxCa.create("ca", Clock.fixed(now, ZoneOffset.UTC));
        LeafCertificate leaf = ca.issue("API.Example.com.");
        X509Certificate c = leaf.certificate();

        assertThat(leaf.host()).isEqualTo("api.example.com");
        assertThat(leaf.chain()).containsExactly(c, ca.certificate());
        c.verify(ca.certificate().getPublicKey());
        assertThat(c.getSubjectX500Principal().getName()).isEqualTo("CN=api.example.com");
        assertThat(c.getIssuerX500Principal()).isEqualTo(ca.certificate().getSubjectX500Principal());
        assertThat(c.getBasicConstraints()).isEqualTo(-1);
        assertThat(c.getKeyUsage()[0]).isTrue(); // digitalSignature
        assertThat(Arrays.copyOfRange(c.getKeyUsage(), 1, c.getKeyUsage().length))
                .doesNotContain(true);
        assertThat(c.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1");
        assertThat(c.getSubjectAlternativeNames()).containsExactly(List.of(2, "api.example.com"));
        assertThat(c.getNotBefore().toInstant()).isEqualTo(now.minus(Duration.ofHours(1)));
        assertThat(Duration.between(
                        c.getNotBefore().toInstant(), c.getNotAfter().toInstant()))
                .isLessThanOrEqualTo(Duration.ofDays(397));
        assertThat(leaf.privateKey().getAlgorithm()).isEqualTo("EC");
        assertSerialIsRandomAndPositive(c.getSerialNumber());
        // the authority key id repeats the CA's subject key id
        assertThat(Arrays.copyOfRange(c.getExtensionValue("2.5.29.35"), 6, 26))
                .isEqualTo(Arrays.copyOfRange(ca.certificate().getExtensionValue("2.5.29.14"), 4, 24));
    }

    @Test
    void leafVerifiesWithThePkixValidator() throws Exception {
        SandboxCa ca = SandboxCa.create("ca");
        pkixValidate(ca.issue("api.example.com").certificate(), ca.certificate());
        pkixValidate(ca.issue("192.0.2.7").certificate(), ca.certificate());
    }

    @Test
    void leafOfAnotherCaFailsThePkixValidator() {
        SandboxCa ca = SandboxCa.create("ca");
        SandboxCa other = SandboxCa.create("other");
        assertThatThrownBy(() -> pkixValidate(other.issue("api.example.com").certificate(), ca.certificate()))
                .isInstanceOf(CertPathValidatorException.class);
    }

    @Test
    void leafForAnAddressHasAnIpSubjectAltName() throws Exception {
        SandboxCa ca = SandboxCa.create("ca");
        assertThat(ca.issue("192.0.2.7").certificate().getSubjectAlternativeNames())
                .containsExactly(List.of(7, "192.0.2.7"));
        assertThat(ca.issue("[2001:db8::1]").certificate().getSubjectAlternativeNames())
                .containsExactly(List.of(7, "2001:db8:0:0:0:0:0:1"));
    }

    @Test
    void internationalizedNameIsIssuedInPunycode() throws Exception {
        SandboxCa ca = SandboxCa.create("ca");
        LeafCertificate leaf = ca.issue("bücher.example");
        assertThat(leaf.host()).isEqualTo("xn--bcher-kva.example");
        assertThat(leaf.certificate().getSubjectAlternativeNames())
                .containsExactly(List.of(2, "xn--bcher-kva.example"));
        assertThat(ca.issue("xn--bcher-kva.example")).isSameAs(leaf);
    }

    @Test
    void nameTooLongForACommonNameGetsAnEmptySubjectAndACriticalSan() throws Exception {
        SandboxCa ca = SandboxCa.create("ca");
        String host = "a".repeat(60) + ".example.com";
        X509Certificate c = ca.issue(host).certificate();
        assertThat(c.getSubjectX500Principal().getName()).isEmpty();
        assertThat(c.getCriticalExtensionOIDs()).contains("2.5.29.17");
        assertThat(c.getSubjectAlternativeNames()).containsExactly(List.of(2, host));
        pkixValidate(c, ca.certificate());
    }

    @Test
    void refusesWhatIsNotAHost() {
        SandboxCa ca = SandboxCa.create("ca");
        assertThatThrownBy(() -> ca.issue("*.example.com")).isInstanceOf(InvalidHostnameException.class);
        assertThatThrownBy(() -> ca.issue("")).isInstanceOf(InvalidHostnameException.class);
        assertThatThrownBy(() -> ca.issue("a b.example")).isInstanceOf(InvalidHostnameException.class);
        assertThatThrownBy(() -> SandboxCa.create("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void leavesAreCachedPerHostAndBounded() {
        SandboxCa ca = SandboxCa.create("ca");
        LeafCertificate first = ca.issue("a.example");
        assertThat(ca.issue("A.EXAMPLE")).isSameAs(first);
        assertThat(ca.issue("b.example")).isNotSameAs(first);
        for (int i = 0; i < SandboxCa.CACHED_LEAVES + 5; i++) {
            ca.issue("h" + i + ".example");
        }
        assertThat(ca.cachedLeaves()).isEqualTo(SandboxCa.CACHED_LEAVES);
        assertThat(ca.issue("a.example")).isNotSameAs(first); // evicted, issued anew
    }

    @Test
    void concurrentCallersForOneHostGetTheSameLeaf() throws Exception {
        SandboxCa ca = SandboxCa.create("ca");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<LeafCertificate>> futures = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                futures.add(pool.submit(() -> ca.issue("same.example")));
            }
            Set<LeafCertificate> distinct = ConcurrentHashMap.newKeySet();
            for (Future<LeafCertificate> f : futures) {
                distinct.add(f.get(30, TimeUnit.SECONDS));
            }
            assertThat(distinct).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void cachedLeafNearItsEndIsIssuedAgain() {
        MutableClock clock = new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));
        SandboxCa ca = SandboxCa.create("ca", clock);
        LeafCertificate first = ca.issue("a.example");
        clock.now = clock.now.plus(Duration.ofDays(300));
        assertThat(ca.issue("a.example")).isSameAs(first);
        clock.now = clock.now.plus(Duration.ofDays(96));
        LeafCertificate renewed = ca.issue("a.example");
        assertThat(renewed).isNotSameAs(first);
        assertThat(renewed.certificate().getNotAfter())
                .isAfter(first.certificate().getNotAfter());
    }

    @Test
    void leafNeverOutlivesTheCa() {
        MutableClock clock = new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));
        SandboxCa ca = SandboxCa.create("ca", clock);
        clock.now = Instant.parse("2039-10-01T00:00:00Z");
        assertThat(ca.issue("a.example").certificate().getNotAfter())
                .isEqualTo(ca.certificate().getNotAfter());
        clock.now = Instant.parse("2040-01-01T00:00:00Z");
        assertThatThrownBy(() -> ca.issue("b.example")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void loadRoundTripsAndIssuesLeavesTheOriginalCertificateVerifies() throws Exception {
        SandboxCa original = SandboxCa.create("persisted");
        SandboxCa loaded = SandboxCa.load(original.privateKeyPkcs8(), original.certificateDer());

        assertThat(loaded.certificate()).isEqualTo(original.certificate());
        assertThat(loaded.privateKeyPkcs8()).isEqualTo(original.privateKeyPkcs8());
        assertThat(loaded.certificatePem()).isEqualTo(original.certificatePem());
        X509Certificate fromPem = (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new java.io.ByteArrayInputStream(
                        original.certificatePem().getBytes(StandardCharsets.US_ASCII)));
        assertThat(fromPem).isEqualTo(original.certificate());
        pkixValidate(loaded.issue("api.example.com").certificate(), original.certificate());
    }

    @Test
    void loadRefusesAKeyThatIsNotTheCertificates() {
        SandboxCa a = SandboxCa.create("a");
        SandboxCa b = SandboxCa.create("b");
        assertThatThrownBy(() -> SandboxCa.load(a.privateKeyPkcs8(), b.certificateDer()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not the certificate's");
        assertThatThrownBy(() -> SandboxCa.load(
                        a.issue("x.example").privateKey().getEncoded(),
                        a.issue("x.example").certificate().getEncoded()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a CA");
        assertThatThrownBy(() -> SandboxCa.load(new byte[] {1, 2, 3}, a.certificateDer()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void opensslVerifiesLeavesStrictly() throws Exception {
        assumeTrue(Files.isExecutable(OPENSSL), "no openssl");
        SandboxCa ca = SandboxCa.create("openssl check");
        Path caPem = Files.writeString(dir.resolve("ca.pem"), ca.certificatePem());
        String longName = "b".repeat(60) + ".example.com";
        String[][] cases = {
            {"api.example.com", "-verify_hostname", "api.example.com"},
            {"192.0.2.7", "-verify_ip", "192.0.2.7"},
            {"2001:db8::5", "-verify_ip", "2001:db8::5"},
            {longName, "-verify_hostname", longName},
        };
        for (String[] c : cases) {
            Path leafPem = Files.writeString(
                    dir.resolve("leaf.pem"),
                    Pem.encode("CERTIFICATE", ca.issue(c[0]).certificate().getEncoded()));
            assertThat(openssl(
                            "verify",
                            "-x509_strict",
                            "-purpose",
                            "sslserver",
                            c[1],
                            c[2],
                            "-CAfile",
                            caPem.toString(),
                            leafPem.toString()))
                    .as(c[0])
                    .isEqualTo(leafPem + ": OK\n");
        }
        Path leafPem = Files.writeString(
                dir.resolve("leaf.pem"),
                Pem.encode(
                        "CERTIFICATE", ca.issue("api.example.com").certificate().getEncoded()));
        assertThat(openssl(
                        "verify",
                        "-verify_hostname",
                        "other.example.com",
                        "-CAfile",
                        caPem.toString(),
                        leafPem.toString()))
                .doesNotContain(": OK");
        Path otherCa = Files.writeString(
                dir.resolve("other.pem"), SandboxCa.create("other").certificatePem());
        assertThat(openssl("verify", "-CAfile", otherCa.toString(), leafPem.toString()))
                .doesNotContain(": OK");
    }

    static void pkixValidate(X509Certificate leaf, X509Certificate anchor) throws Exception {
        PKIXParameters parameters = new PKIXParameters(Set.of(new TrustAnchor(anchor, null)));
        parameters.setRevocationEnabled(false);
        CertPathValidator.getInstance("PKIX")
                .validate(CertificateFactory.getInstance("X.509").generateCertPath(List.of(leaf)), parameters);
    }

    private static void assertSerialIsRandomAndPositive(BigInteger serial) {
        assertThat(serial.signum()).isPositive();
        assertThat(serial.toByteArray().length).isLessThanOrEqualTo(16);
        assertThat(serial.bitLength()).isGreaterThan(64); // fails about once in 2^63 runs
    }

    private String openssl(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(OPENSSL.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(30, TimeUnit.SECONDS);
        return out;
    }

    private static final class MutableClock extends Clock {
        Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
