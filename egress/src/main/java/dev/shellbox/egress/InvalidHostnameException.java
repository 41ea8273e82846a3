package dev.shellbox.egress;

/** A hostname that cannot be used: empty, too long, a bad label, or a character no hostname has. */
public final class InvalidHostnameException extends IllegalArgumentException {
    private final String hostname;

    public InvalidHostnameException(String hostname, String problem) {
        super("invalid hostname \"" + hostname + "\": " + problem);
        this.hostname = hostname;
    }

    /** The text as it was given. */
    public String hostname() {
        return hostname;
    }
}
