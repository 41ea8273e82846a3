package dev.shellbox.egress.dns;

/** A DNS message that is malformed, too large, or not what was expected; the only failure parsing reports. */
public final class DnsFormatException extends Exception {
    public DnsFormatException(String message) {
        super(message);
    }
}
