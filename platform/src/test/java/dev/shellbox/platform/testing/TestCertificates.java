package dev.shellbox.platform.testing;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;

/**
 * The test CA of {@link TestInternet}: an EC P-256 certificate authority that issues server certificates with the
 * names and addresses a test asks for as subject alternative names. The certificates are written in DER by hand
 * (X.509 v3: basic constraints, key usage, extended key usage, SAN, subject and authority key ids) so that only the
 * JDK is needed and a certificate for a new name takes a millisecond, which lets the in-namespace HTTPS server issue
 * one for whatever name a client asks for in its SNI.
 */
final class TestCertificates {
    private static final String SIGNATURE = "SHA256withECDSA";
    private static final byte[] ECDSA_WITH_SHA256 = oid("1.2.840.10045.4.3.2");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final KeyPair caKeys;
    private final X509Certificate caCertificate;

    private TestCertificates(KeyPair caKeys, X509Certificate caCertificate) {
        this.caKeys = caKeys;
        this.caCertificate = caCertificate;
    }

    /** A new CA with a fresh key. */
    static TestCertificates newCa(String commonName) {
        KeyPair keys = newKeyPair();
        byte[] keyId = keyId(keys.getPublic());
        byte[] extensions = seq(
                extension("2.5.29.19", true, seq(bool(true))),
                extension("2.5.29.15", true, keyUsage(0x06)), // keyCertSign, cRLSign
                extension("2.5.29.14", false, octets(keyId)));
        byte[] name = name(commonName);
        return new TestCertificates(keys, sign(keys.getPrivate(), name, name, keys.getPublic(), extensions));
    }

    /** The CA written by {@link #save}. */
    static TestCertificates load(Path certificatePem, Path keyPem) throws IOException {
        try {
            X509Certificate certificate = (X509Certificate)
                    CertificateFactory.getInstance("X.509").generateCertificate(Files.newInputStream(certificatePem));
            PrivateKey key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(fromPem(keyPem)));
            return new TestCertificates(new KeyPair(certificate.getPublicKey(), key), certificate);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot read the test CA", e);
        }
    }

    /** Writes the CA certificate and (for the in-namespace server only) its private key as PEM files. */
    void save(Path certificatePem, Path keyPem) throws IOException {
        Files.writeString(certificatePem, pem(caCertificate));
        Files.writeString(keyPem, pem("PRIVATE KEY", caKeys.getPrivate().getEncoded()));
    }

    X509Certificate caCertificate() {
        return caCertificate;
    }

    static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A server certificate for {@code subjectKey}, valid for the given DNS names and IP addresses. */
    X509Certificate issue(PublicKey subjectKey, List<String> dnsNames, List<InetAddress> addresses) {
        ByteArrayOutputStream san = new ByteArrayOutputStream();
        dnsNames.forEach(n -> san.writeBytes(tlv(0x82, n.getBytes(StandardCharsets.US_ASCII))));
        addresses.forEach(a -> san.writeBytes(tlv(0x87, a.getAddress())));
        byte[] extensions = seq(
                extension("2.5.29.19", true, seq()),
                extension("2.5.29.15", true, keyUsage(0x80)), // digitalSignature
                extension("2.5.29.37", false, seq(oid("1.3.6.1.5.5.7.3.1"))), // serverAuth
                extension("2.5.29.17", false, tlv(0x30, san.toByteArray())),
                extension("2.5.29.14", false, octets(keyId(subjectKey))),
                extension("2.5.29.35", false, seq(tlv(0x80, keyId(caKeys.getPublic())))));
        String commonName = dnsNames.isEmpty()
                ? (addresses.isEmpty() ? "test server" : addresses.get(0).getHostAddress())
                : dnsNames.get(0);
        return sign(
                caKeys.getPrivate(),
                name(caCommonName()),
                name(commonName.length() > 64 ? commonName.substring(0, 64) : commonName),
                subjectKey,
                extensions);
    }

    private String caCommonName() {
        String dn = caCertificate.getSubjectX500Principal().getName();
        return dn.startsWith("CN=") ? dn.substring(3) : dn;
    }

    static String pem(X509Certificate certificate) {
        try {
            return pem("CERTIFICATE", certificate.getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static byte[] fromPem(Path file) throws IOException {
        String body = Files.readString(file).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        return Base64.getDecoder().decode(body);
    }

    private static X509Certificate sign(
            PrivateKey issuerKey, byte[] issuer, byte[] subject, PublicKey subjectKey, byte[] extensions) {
        Instant now = Instant.now();
        byte[] algorithm = seq(ECDSA_WITH_SHA256);
        byte[] tbs = seq(
                tlv(0xa0, integer(BigInteger.TWO)), // v3
                integer(new BigInteger(64, RANDOM).add(BigInteger.ONE)),
                algorithm,
                issuer,
                seq(time(now.minus(Duration.ofHours(1))), time(now.plus(Duration.ofDays(30)))),
                subject,
                subjectKey.getEncoded(), // already a DER SubjectPublicKeyInfo
                tlv(0xa3, extensions));
        try {
            Signature signer = Signature.getInstance(SIGNATURE);
            signer.initSign(issuerKey);
            signer.update(tbs);
            byte[] certificate = seq(tbs, algorithm, bitString(signer.sign()));
            return (X509Certificate)
                    CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(certificate));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] keyId(PublicKey key) {
        try {
            return MessageDigest.getInstance("SHA-1").digest(key.getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    // --- DER ---

    private static byte[] name(String commonName) {
        byte[] cn = seq(oid("2.5.4.3"), tlv(0x0c, commonName.getBytes(StandardCharsets.UTF_8)));
        return seq(tlv(0x31, cn));
    }

    private static byte[] extension(String oid, boolean critical, byte[] value) {
        return critical ? seq(oid(oid), bool(true), octets(value)) : seq(oid(oid), octets(value));
    }

    /** A KeyUsage BIT STRING of one byte of flags, trailing zero bits dropped as DER wants. */
    private static byte[] keyUsage(int flags) {
        return tlv(0x03, new byte[] {(byte) Integer.numberOfTrailingZeros(flags), (byte) flags});
    }

    private static byte[] time(Instant instant) {
        String text = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'")
                .withZone(ZoneOffset.UTC)
                .format(instant);
        return tlv(0x17, text.getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] integer(BigInteger value) {
        return tlv(0x02, value.toByteArray());
    }

    private static byte[] bool(boolean value) {
        return tlv(0x01, new byte[] {(byte) (value ? 0xff : 0)});
    }

    private static byte[] octets(byte[] value) {
        return tlv(0x04, value);
    }

    private static byte[] bitString(byte[] value) {
        byte[] content = new byte[value.length + 1];
        System.arraycopy(value, 0, content, 1, value.length);
        return tlv(0x03, content);
    }

    private static byte[] oid(String dotted) {
        String[] parts = dotted.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(Integer.parseInt(parts[0]) * 40 + Integer.parseInt(parts[1]));
        for (int i = 2; i < parts.length; i++) {
            long value = Long.parseLong(parts[i]);
            int groups = Math.max(1, (64 - Long.numberOfLeadingZeros(value) + 6) / 7);
            for (int g = groups - 1; g >= 0; g--) {
                out.write((int) ((value >>> (7 * g)) & 0x7f) | (g > 0 ? 0x80 : 0));
            }
        }
        return tlv(0x06, out.toByteArray());
    }

    private static byte[] seq(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return tlv(0x30, out.toByteArray());
    }

    private static byte[] tlv(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length + 6);
        out.write(tag);
        int length = content.length;
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = (32 - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(length >>> (8 * i));
            }
        }
        out.writeBytes(content);
        return out.toByteArray();
    }
}
