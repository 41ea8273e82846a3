package dev.shellbox.egress.tls;

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** Writes and signs an X.509 v3 certificate with ECDSA P-256 and SHA-256. */
final class CertificateSigner {
    private static final byte[] ECDSA_WITH_SHA256 = Der.sequence(Der.oid("1.2.840.10045.4.3.2")); // no parameters
    private static final byte[] VERSION_3 = Der.tlv(0xa0, Der.integer(BigInteger.TWO));
    private static final int SERIAL_BYTES = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    private CertificateSigner() {}

    /**
     * The fields that differ between certificates.
     *
     * @param issuer the issuer's Name, DER, exactly as in the issuer's certificate
     * @param subject the subject's Name, DER
     */
    record Fields(
            byte[] issuer,
            byte[] subject,
            PublicKey subjectKey,
            Instant notBefore,
            Instant notAfter,
            List<byte[]> extensions) {}

    static X509Certificate sign(Fields fields, PrivateKey issuerKey) {
        byte[] tbs = Der.sequence(
                VERSION_3,
                Der.integer(serial()),
                ECDSA_WITH_SHA256,
                fields.issuer(),
                Der.sequence(
                        Der.time(fields.notBefore().truncatedTo(ChronoUnit.SECONDS)),
                        Der.time(fields.notAfter().truncatedTo(ChronoUnit.SECONDS))),
                fields.subject(),
                fields.subjectKey().getEncoded(), // the JDK encodes public keys as SubjectPublicKeyInfo
                Der.tlv(0xa3, Der.sequence(fields.extensions().toArray(byte[][]::new))));
        try {
            Signature signer = Signature.getInstance("SHA256withECDSA");
            signer.initSign(issuerKey);
            signer.update(tbs);
            byte[] der = Der.sequence(tbs, ECDSA_WITH_SHA256, Der.bitString(signer.sign()));
            return (X509Certificate)
                    CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign a certificate", e);
        }
    }

    /** A Name with one common name; an empty Name when {@code commonName} is null. */
    static byte[] name(String commonName) {
        if (commonName == null) {
            return Der.sequence();
        }
        return Der.sequence(Der.set(Der.sequence(Der.oid("2.5.4.3"), Der.utf8(commonName))));
    }

    /** 127 random bits: positive, non-zero, and at most 16 bytes in DER (RFC 5280 allows 20). */
    private static BigInteger serial() {
        byte[] bytes = new byte[SERIAL_BYTES];
        BigInteger serial;
        do {
            RANDOM.nextBytes(bytes);
            bytes[0] &= 0x7f;
            serial = new BigInteger(bytes);
        } while (serial.signum() == 0);
        return serial;
    }
}
