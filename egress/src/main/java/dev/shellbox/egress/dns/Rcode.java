package dev.shellbox.egress.dns;

/** DNS response codes this module sends (RFC 1035 section 4.1.1). */
public enum Rcode {
    NOERROR(0),
    FORMERR(1),
    SERVFAIL(2),
    NXDOMAIN(3),
    NOTIMP(4),
    REFUSED(5);

    private final int code;

    Rcode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
