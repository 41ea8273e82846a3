package dev.shellbox.sandbox.provider;

/** The host cannot run a provider's containers; the message says why and what to install. */
public class ProviderUnavailableException extends RuntimeException {
    public ProviderUnavailableException(String message) {
        super(message);
    }
}
