package dev.shellbox.egress.tls;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The certificate authority of one sandbox: an EC P-256 key and a self-signed CA certificate that only that sandbox
 * trusts, from which the egress proxy issues a server certificate for each host whose requests it must read.
 * Thread-safe; leaves are cached, the last {@value #CACHED_LEAVES} hosts used.
 */
public final class SandboxCa {
    static final int CACHED_LEAVES = 1000;
    static final Duration CLOCK_SKEW = Duration.ofHours(1);
    static final int CA_YEARS = 10;
    /** Under the 398 days that browsers and Apple's TLS stack accept for a server certificate. */
    static final Duration LEAF_LIFETIME = Duration.ofDays(397);
    /** A cached leaf this close to its end is issued again, so no handshake gets one that is about to expire. */
    static final Duration LEAF_RENEWAL = Duration.ofDays(1);

    private static final int MAX_COMMON_NAME = 64; // ub-common-name, RFC 5280

    private final PrivateKey key;
    private final X509Certificate certificate;
    private final byte[] keyId;
    private final Clock clock;
    private final LeafCache leaves = new LeafCache(CACHED_LEAVES);

    private SandboxCa(PrivateKey key, X509Certificate certificate, Clock clock) {
        this.key = key;
        this.certificate = certificate;
        this.keyId = Extensions.subjectKeyId(certificate);
        this.clock = clock;
    }

    /** A new CA with a fresh key, valid from an hour ago (for clocks behind ours) for ten years. */
    public static SandboxCa create(String commonName) {
        return create(commonName, Clock.systemUTC());
    }

    static SandboxCa create(String commonName, Clock clock) {
        if (commonName == null || commonName.isBlank() || commonName.length() > MAX_COMMON_NAME) {
            throw new IllegalArgumentException("a CA common name has 1 to " + MAX_COMMON_NAME + " characters");
        }
        KeyPair keys = newKeyPair();
        byte[] name = CertificateSigner.name(commonName);
        Instant now = clock.instant();
        byte[] keyId = Extensions.keyIdentifier(keys.getPublic());
        X509Certificate certificate = CertificateSigner.sign(
                new CertificateSigner.Fields(
                        name,
                        name,
                        keys.getPublic(),
                        now.minus(CLOCK_SKEW),
                        now.atZone(ZoneOffset.UTC).plusYears(CA_YEARS).toInstant(),
                        Extensions.ca(keyId)),
                keys.getPrivate());
        return new SandboxCa(keys.getPrivate(), certificate, clock);
    }

    /**
     * A CA persisted with {@link #privateKeyPkcs8()} and {@link #certificateDer()}.
     *
     * @throws IllegalArgumentException when the bytes are not an EC key and a CA certificate for that key
     */
    public static SandboxCa load(byte[] pkcs8Key, byte[] certificateDer) {
        return load(pkcs8Key, certificateDer, Clock.systemUTC());
    }

    static SandboxCa load(byte[] pkcs8Key, byte[] certificateDer, Clock clock) {
        PrivateKey key;
        X509Certificate certificate;
        try {
            key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(pkcs8Key));
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(certificateDer));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an EC private key and an X.509 certificate", e);
        }
        if (certificate.getBasicConstraints() < 0) {
            throw new IllegalArgumentException("the certificate is not a CA's");
        }
        if (!(key instanceof ECPrivateKey) || !keyMatches(key, certificate)) {
            throw new IllegalArgumentException("the key is not the certificate's");
        }
        return new SandboxCa(key, certificate, clock);
    }

    /** The CA's private key in PKCS#8 DER: a secret, to be stored like one. */
    public byte[] privateKeyPkcs8() {
        return key.getEncoded();
    }

    public byte[] certificateDer() {
        try {
            return certificate.getEncoded();
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The CA certificate as one PEM block, what the sandbox installs to trust it. */
    public String certificatePem() {
        return Pem.encode("CERTIFICATE", certificateDer());
    }

    public X509Certificate certificate() {
        return certificate;
    }

    /**
     * A server certificate for a host: a DNS name (an IDN is issued for its {@code xn--} form) or an IP address
     * literal, from the cache when one is there and not about to expire.
     *
     * @throws dev.shellbox.egress.InvalidHostnameException when the host is neither
     * @throws IllegalStateException when the CA itself has expired
     */
    public LeafCertificate issue(String host) {
        LeafName name = LeafName.parse(host);
        return leaves.get(name.text(), clock.instant().plus(LEAF_RENEWAL), h -> sign(name));
    }

    int cachedLeaves() {
        return leaves.size();
    }

    private LeafCertificate sign(LeafName name) {
        Instant now = clock.instant();
        Instant caEnd = certificate.getNotAfter().toInstant();
        if (!caEnd.isAfter(now.plus(LEAF_RENEWAL))) {
            throw new IllegalStateException("the sandbox CA expires at " + caEnd + ": create a new one");
        }
        Instant notBefore = now.minus(CLOCK_SKEW);
        Instant notAfter = notBefore.plus(LEAF_LIFETIME);
        if (notAfter.isAfter(caEnd)) {
            notAfter = caEnd; // a leaf never outlives its issuer
        }
        boolean fitsCommonName = name.text().length() <= MAX_COMMON_NAME;
        KeyPair keys = newKeyPair();
        X509Certificate leaf = CertificateSigner.sign(
                new CertificateSigner.Fields(
                        certificate.getSubjectX500Principal().getEncoded(),
                        CertificateSigner.name(fitsCommonName ? name.text() : null),
                        keys.getPublic(),
                        notBefore,
                        notAfter,
                        Extensions.leaf(name, Extensions.keyIdentifier(keys.getPublic()), keyId, !fitsCommonName)),
                key);
        return new LeafCertificate(name.text(), keys.getPrivate(), List.of(leaf, certificate));
    }

    private static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK cannot make P-256 keys", e);
        }
    }

    private static boolean keyMatches(PrivateKey key, X509Certificate certificate) {
        try {
            byte[] probe = "sandbox CA key check".getBytes(StandardCharsets.US_ASCII);
            Signature signer = Signature.getInstance("SHA256withECDSA");
            signer.initSign(key);
            signer.update(probe);
            Signature verifier = Signature.getInstance("SHA256withECDSA");
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(probe);
            return verifier.verify(signer.sign());
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
