package dev.shellbox.egress;

/** A secret a host rule needs is missing or cannot be sent in a header. */
public final class SecretException extends RuntimeException {
    private final String secretName;

    public SecretException(String secretName, String problem) {
        super("secret \"" + secretName + "\": " + problem);
        this.secretName = secretName;
    }

    public String secretName() {
        return secretName;
    }
}
