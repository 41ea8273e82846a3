package dev.shellbox.egress.tls;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a sandbox needs to trust its CA, built from the inputs alone (no I/O but {@link #readSystemBundle}): the
 * caller writes {@link #pem()} and {@link #javaTrustStore()} to the paths it chose inside the sandbox and adds
 * {@link #environment()} to the sandbox's environment.
 *
 * <p>The files hold the system's roots as well as the sandbox CA, because most variables replace the default bundle
 * rather than add to it: without the system roots, hosts the proxy does not terminate would stop verifying.
 */
public final class TrustBundle {
    /** Variables that OpenSSL, curl, Python requests and pip, Node, and git read for a PEM bundle. */
    public static final List<String> PEM_VARIABLES = List.of(
            "SSL_CERT_FILE",
            "CURL_CA_BUNDLE",
            "REQUESTS_CA_BUNDLE",
            "NODE_EXTRA_CA_CERTS",
            "GIT_SSL_CAINFO",
            "PIP_CERT");

    /** Protects the trust store's integrity only: it holds public certificates, and the sandbox sees it anyway. */
    public static final String JAVA_TRUST_STORE_PASSWORD = "shellbox-trust";

    static final String SANDBOX_CA_ALIAS = "shellbox-sandbox-ca";

    private final String pem;
    private final byte[] javaTrustStore;
    private final Map<String, String> environment;

    private TrustBundle(String pem, byte[] javaTrustStore, Map<String, String> environment) {
        this.pem = pem;
        this.javaTrustStore = javaTrustStore;
        this.environment = environment;
    }

    /**
     * Where the files go inside the sandbox: absolute paths without white space or quotes, because
     * JAVA_TOOL_OPTIONS splits on white space.
     */
    public record Paths(String pemBundle, String javaTrustStore) {
        public Paths {
            check("pemBundle", pemBundle);
            check("javaTrustStore", javaTrustStore);
        }

        private static void check(String field, String path) {
            if (path == null || !path.startsWith("/") || path.matches(".*[\\s\"'\\\\].*")) {
                throw new IllegalArgumentException(
                        field + " must be an absolute path without white space, quotes or backslashes: " + path);
            }
        }
    }

    /**
     * @param sandboxCa the sandbox CA's certificate ({@link SandboxCa#certificate()})
     * @param systemBundlePem the host's PEM bundle, possibly empty; blocks that do not parse are left out of the
     *     Java trust store but kept in the PEM bundle as they were
     */
    public static TrustBundle build(X509Certificate sandboxCa, String systemBundlePem, Paths paths) {
        String ours = encode(sandboxCa);
        StringBuilder bundle = new StringBuilder(systemBundlePem);
        if (bundle.length() > 0 && bundle.charAt(bundle.length() - 1) != '\n') {
            bundle.append('\n');
        }
        bundle.append("# Shellbox sandbox CA: ")
                .append(sandboxCa.getSubjectX500Principal().getName())
                .append('\n')
                .append(ours);

        Map<String, String> environment = new LinkedHashMap<>();
        for (String variable : PEM_VARIABLES) {
            environment.put(variable, paths.pemBundle());
        }
        environment.put("JAVA_TOOL_OPTIONS", javaToolOptions(paths));
        return new TrustBundle(
                bundle.toString(),
                trustStore(sandboxCa, systemCertificates(systemBundlePem)),
                Collections.unmodifiableMap(environment));
    }

    /** The host's bundle (e.g. {@code /etc/ssl/certs/ca-certificates.crt}); empty when the file does not exist. */
    public static String readSystemBundle(Path file) throws IOException {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            return "";
        }
    }

    /** The system's roots, then the sandbox CA, as PEM. */
    public String pem() {
        return pem;
    }

    /** A PKCS#12 trust store of the same certificates, {@link #JAVA_TRUST_STORE_PASSWORD} for its integrity. */
    public byte[] javaTrustStore() {
        return javaTrustStore.clone();
    }

    /**
     * Each of {@link #PEM_VARIABLES} pointing at the PEM bundle, and JAVA_TOOL_OPTIONS pointing the JVM at the
     * trust store (append it to a JAVA_TOOL_OPTIONS the sandbox has already).
     */
    public Map<String, String> environment() {
        return environment;
    }

    /** The JAVA_TOOL_OPTIONS fragment alone. */
    public String javaToolOptions() {
        return environment.get("JAVA_TOOL_OPTIONS");
    }

    private static String javaToolOptions(Paths paths) {
        return "-Djavax.net.ssl.trustStore=" + paths.javaTrustStore()
                + " -Djavax.net.ssl.trustStorePassword=" + JAVA_TRUST_STORE_PASSWORD
                + " -Djavax.net.ssl.trustStoreType=PKCS12";
    }

    private static String encode(X509Certificate certificate) {
        try {
            return Pem.encode("CERTIFICATE", certificate.getEncoded());
        } catch (CertificateException e) {
            throw new IllegalArgumentException("the sandbox CA certificate cannot be encoded", e);
        }
    }

    private static List<X509Certificate> systemCertificates(String pem) {
        List<X509Certificate> out = new ArrayList<>();
        try {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            for (byte[] der : Pem.certificates(pem)) {
                try {
                    out.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(der)));
                } catch (CertificateException e) {
                    // a block the JDK cannot read: programs that can still find it in the PEM bundle
                }
            }
        } catch (CertificateException e) {
            throw new IllegalStateException("the JDK has no X.509 factory", e);
        }
        return out;
    }

    private static byte[] trustStore(X509Certificate sandboxCa, List<X509Certificate> system) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            int i = 0;
            for (X509Certificate certificate : system) {
                if (!certificate.equals(sandboxCa)) {
                    store.setCertificateEntry("system-" + i++, certificate);
                }
            }
            store.setCertificateEntry(SANDBOX_CA_ALIAS, sandboxCa);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            store.store(out, JAVA_TRUST_STORE_PASSWORD.toCharArray());
            return out.toByteArray();
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot write a PKCS#12 trust store", e);
        }
    }
}
