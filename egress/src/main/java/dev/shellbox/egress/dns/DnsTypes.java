package dev.shellbox.egress.dns;

/** Record types and the class this module uses. */
public final class DnsTypes {
    public static final int A = 1;
    public static final int CNAME = 5;
    public static final int AAAA = 28;
    public static final int CLASS_IN = 1;

    private DnsTypes() {}
}
