package dev.shellbox.egress.tls;

import dev.shellbox.egress.HostLiteral;
import dev.shellbox.egress.Hostnames;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;

/** What a leaf certificate is issued for: a DNS name or an IP address, in the one spelling the cache is keyed by. */
sealed interface LeafName {
    /** The canonical text: an ASCII lowercase name ({@code xn--} for IDN), or the address as InetAddress prints it. */
    String text();

    /** The subjectAltName GeneralName. */
    byte[] generalName();

    /**
     * Reads a host as a program asked for it.
     *
     * @throws dev.shellbox.egress.InvalidHostnameException when it is neither a valid name nor an address literal
     */
    static LeafName parse(String host) {
        var address = HostLiteral.parse(host);
        if (address.isPresent()) {
            return new Ip(address.get());
        }
        return new Dns(Hostnames.normalize(host));
    }

    record Dns(String name) implements LeafName {
        private static final int DNS_NAME = 0x82; // [2] IMPLICIT IA5String

        @Override
        public String text() {
            return name;
        }

        @Override
        public byte[] generalName() {
            return Der.tlv(DNS_NAME, name.getBytes(StandardCharsets.US_ASCII));
        }
    }

    record Ip(InetAddress address) implements LeafName {
        private static final int IP_ADDRESS = 0x87; // [7] IMPLICIT OCTET STRING

        @Override
        public String text() {
            return address.getHostAddress();
        }

        @Override
        public byte[] generalName() {
            return Der.tlv(IP_ADDRESS, address.getAddress());
        }
    }
}
