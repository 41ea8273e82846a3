package dev.shellbox.egress.tls;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.util.List;

/** The X.509 v3 extensions of the sandbox CA and of its leaves (RFC 5280 4.2.1). */
final class Extensions {
    private static final String BASIC_CONSTRAINTS = "2.5.29.19";
    private static final String KEY_USAGE = "2.5.29.15";
    private static final String EXTENDED_KEY_USAGE = "2.5.29.37";
    private static final String SUBJECT_ALT_NAME = "2.5.29.17";
    private static final String SUBJECT_KEY_ID = "2.5.29.14";
    private static final String AUTHORITY_KEY_ID = "2.5.29.35";
    private static final String SERVER_AUTH = "1.3.6.1.5.5.7.3.1";

    // KeyUsage bits, bit 0 being the most significant of the first byte
    private static final int DIGITAL_SIGNATURE = 0x80;
    private static final int KEY_CERT_SIGN = 0x04;
    private static final int CRL_SIGN = 0x02;

    private static final int KEY_ID_TAG = 0x80; // AuthorityKeyIdentifier keyIdentifier [0] IMPLICIT

    private Extensions() {}

    /** A CA that signs leaves only: no intermediate below it (pathLen 0). */
    static List<byte[]> ca(byte[] keyId) {
        return List.of(
                extension(BASIC_CONSTRAINTS, true, Der.sequence(Der.bool(true), Der.integer(BigInteger.ZERO))),
                extension(KEY_USAGE, true, Der.namedBits(KEY_CERT_SIGN | CRL_SIGN)),
                extension(SUBJECT_KEY_ID, false, Der.octets(keyId)),
                extension(AUTHORITY_KEY_ID, false, Der.sequence(Der.tlv(KEY_ID_TAG, keyId))));
    }

    /**
     * A TLS server certificate. The subjectAltName is critical when the subject is empty (a name too long for a
     * common name), as RFC 5280 4.2.1.6 requires.
     */
    static List<byte[]> leaf(LeafName name, byte[] keyId, byte[] issuerKeyId, boolean emptySubject) {
        return List.of(
                // cA FALSE is the DEFAULT, which DER leaves out
                extension(BASIC_CONSTRAINTS, true, Der.sequence()),
                extension(KEY_USAGE, true, Der.namedBits(DIGITAL_SIGNATURE)),
                extension(EXTENDED_KEY_USAGE, false, Der.sequence(Der.oid(SERVER_AUTH))),
                extension(SUBJECT_ALT_NAME, emptySubject, Der.sequence(name.generalName())),
                extension(SUBJECT_KEY_ID, false, Der.octets(keyId)),
                extension(AUTHORITY_KEY_ID, false, Der.sequence(Der.tlv(KEY_ID_TAG, issuerKeyId))));
    }

    /** RFC 5280 4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits, without tag, length or unused-bits byte. */
    static byte[] keyIdentifier(PublicKey key) {
        byte[] spki = key.getEncoded();
        Der.Element info = Der.read(spki, 0, spki.length);
        Der.Element algorithm = Der.read(spki, info.start(), info.end());
        Der.Element bits = Der.read(spki, algorithm.end(), info.end());
        if (info.tag() != Der.SEQUENCE || bits.tag() != Der.BIT_STRING || bits.end() - bits.start() < 2) {
            throw new IllegalArgumentException("not a SubjectPublicKeyInfo");
        }
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(spki, bits.start() + 1, bits.end() - bits.start() - 1);
            return sha1.digest();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-1 is missing from the JDK", e);
        }
    }

    /**
     * The key identifier a certificate gives itself, which its leaves must repeat as their authority key identifier;
     * computed from its key when it has none.
     */
    static byte[] subjectKeyId(X509Certificate certificate) {
        byte[] extension = certificate.getExtensionValue(SUBJECT_KEY_ID);
        if (extension == null) {
            return keyIdentifier(certificate.getPublicKey());
        }
        // the JDK hands out the extnValue OCTET STRING, which wraps the KeyIdentifier OCTET STRING
        Der.Element outer = Der.read(extension, 0, extension.length);
        Der.Element inner = Der.read(extension, outer.start(), outer.end());
        if (outer.tag() != Der.OCTET_STRING || inner.tag() != Der.OCTET_STRING) {
            throw new IllegalArgumentException("a malformed subject key identifier");
        }
        return inner.content(extension);
    }

    private static byte[] extension(String oid, boolean critical, byte[] value) {
        return critical
                ? Der.sequence(Der.oid(oid), Der.bool(true), Der.octets(value))
                : Der.sequence(Der.oid(oid), Der.octets(value));
    }
}
