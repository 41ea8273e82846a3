package dev.shellbox.egress.tls;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * A server certificate issued by a {@link SandboxCa} for one host, with its private key.
 *
 * @param host the name (ASCII, lowercase) or address the certificate is for
 * @param chain the leaf first, then the sandbox CA
 */
public record LeafCertificate(String host, PrivateKey privateKey, List<X509Certificate> chain) {
    public LeafCertificate {
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("an empty chain");
        }
    }

    /** The leaf itself. */
    public X509Certificate certificate() {
        return chain.get(0);
    }

    @Override
    public String toString() {
        // never the key
        return "LeafCertificate[" + host + ", serial "
                + certificate().getSerialNumber().toString(16) + "]";
    }
}
