package dev.shellbox.shell.commands.net;

import dev.shellbox.shell.command.CommandContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Whom a TLS connection trusts: the JVM's default trust store plus certificates from a PEM bundle ({@code --cacert},
 * {@code CURL_CA_BUNDLE}, {@code SSL_CERT_FILE}, {@code --ca-certificate}), or nobody is checked ({@code -k}).
 */
final class TlsTrust {
    private final SSLSocketFactory factory;
    private final boolean verify;

    private TlsTrust(SSLSocketFactory factory, boolean verify) {
        this.factory = factory;
        this.verify = verify;
    }

    /** The JVM's trust store plus the certificates of {@code pem} (null for none). */
    static TlsTrust verifying(byte[] pem) throws GeneralSecurityException, IOException {
        List<X509TrustManager> managers = new ArrayList<>();
        managers.add(managerFor(null));
        if (pem != null) {
            Collection<? extends Certificate> certs =
                    CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(pem));
            if (certs.isEmpty()) {
                throw new CertificateException("no certificate in the CA bundle");
            }
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (Certificate c : certs) {
                store.setCertificateEntry("ca" + i++, c);
            }
            managers.add(managerFor(store));
        }
        return new TlsTrust(context(new AnyOf(managers)).getSocketFactory(), true);
    }

    /** Trusts every certificate and every host name ({@code -k}, {@code --no-check-certificate}). */
    static TlsTrust insecure() throws GeneralSecurityException {
        return new TlsTrust(context(new AnyOf(List.of())).getSocketFactory(), false);
    }

    /**
     * The trust a command asks for, loaded on first use: none checked when {@code insecure}, else the JVM's trust
     * store plus the PEM file {@code caFile} of the sandbox's files (when not null).
     */
    static HttpClient.TrustLoader loader(CommandContext ctx, boolean insecure, String caFile) {
        TlsTrust[] loaded = new TlsTrust[1];
        return () -> {
            if (loaded[0] == null) {
                try {
                    byte[] pem = null;
                    if (caFile != null) {
                        try (InputStream in = ctx.openInput(caFile)) {
                            pem = in.readAllBytes();
                        }
                    }
                    loaded[0] = insecure ? insecure() : verifying(pem);
                } catch (IOException | GeneralSecurityException e) {
                    throw new NetException(NetException.Kind.CA_FILE, "error setting certificate file: " + caFile, e);
                }
            }
            return loaded[0];
        };
    }

    SSLSocketFactory factory() {
        return factory;
    }

    boolean verify() {
        return verify;
    }

    private static SSLContext context(TrustManager manager) throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {manager}, null);
        return context;
    }

    private static X509TrustManager managerFor(KeyStore store) throws GeneralSecurityException {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(store);
        for (TrustManager m : tmf.getTrustManagers()) {
            if (m instanceof X509TrustManager x) {
                return x;
            }
        }
        throw new GeneralSecurityException("no X509 trust manager");
    }

    /**
     * Trusts a server chain when any delegate does; with no delegates, trusts every chain.
     */
    private static final class AnyOf extends X509ExtendedTrustManager {
        private final List<X509TrustManager> delegates;

        AnyOf(List<X509TrustManager> delegates) {
            this.delegates = delegates;
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain, authType, null);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            check(chain, authType, socket);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            check(chain, authType, null);
        }

        /** The JDK's managers check the host name too when given the socket (its endpoint identification). */
        private void check(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            CertificateException first = null;
            for (X509TrustManager m : delegates) {
                try {
                    if (socket != null && m instanceof X509ExtendedTrustManager x) {
                        x.checkServerTrusted(chain, authType, socket);
                    } else {
                        m.checkServerTrusted(chain, authType);
                    }
                    return;
                } catch (CertificateException e) {
                    if (first == null) {
                        first = e;
                    }
                }
            }
            if (first != null) {
                throw first;
            }
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("a client does not check clients");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            checkClientTrusted(chain, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            checkClientTrusted(chain, authType);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            List<X509Certificate> all = new ArrayList<>();
            for (X509TrustManager m : delegates) {
                all.addAll(List.of(m.getAcceptedIssuers()));
            }
            return all.toArray(new X509Certificate[0]);
        }
    }
}
