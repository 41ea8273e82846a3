package dev.shellbox.egress;

/** Ports from {@code first} to {@code last}, both included. */
public record PortRange(int first, int last) {
    /** Every port. */
    public static final PortRange ANY = new PortRange(1, 65535);

    public PortRange {
        if (first < 1 || last > 65535 || first > last) {
            throw new IllegalArgumentException("bad port range " + first + "-" + last);
        }
    }

    public boolean contains(int port) {
        return port >= first && port <= last;
    }

    public boolean isAny() {
        return first == 1 && last == 65535;
    }
}
