package dev.shellbox.egress.tls;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** PEM text (RFC 7468): 64-character base64 lines between BEGIN and END lines. */
final class Pem {
    private static final Pattern CERTIFICATE =
            Pattern.compile("-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\\s]*?)-----END CERTIFICATE-----");

    private Pem() {}

    static String encode(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }

    /** The DER of each CERTIFICATE block, in order; text around and between blocks is ignored. */
    static List<byte[]> certificates(String text) {
        List<byte[]> out = new ArrayList<>();
        Matcher m = CERTIFICATE.matcher(text);
        while (m.find()) {
            try {
                out.add(Base64.getMimeDecoder().decode(m.group(1)));
            } catch (IllegalArgumentException e) {
                // a damaged block in a system bundle: the others still count
            }
        }
        return out;
    }
}
