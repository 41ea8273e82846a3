package dev.shellbox.sandbox.provider;

import dev.shellbox.supervisor.Supervisor;
import java.io.IOException;
import java.util.Map;

/**
 * The platform's side of a proxied sandbox network: a container hands it its supervisor whenever one runs (started,
 * or found again after a restart of the service), and the supervisor's listeners in the sandbox relay every connection
 * and DNS query to it.
 */
public interface EgressAttachment {
    /** Relays the sandbox's egress through {@code supervisor}; nothing happens when it does already. */
    void attach(Supervisor supervisor) throws IOException;

    /** Stops relaying: the container stopped. */
    void detach();

    /**
     * Variables every program gets, unless it sets them itself: where proxy-aware programs find the proxy, and where
     * they find the certificates to trust.
     */
    Map<String, String> environment();

    /**
     * The files that make programs trust the sandbox's own CA (for hosts whose TLS the proxy terminates), by their
     * path inside the sandbox, given the host's system bundle: the container provides them read-only.
     */
    Map<String, byte[]> trustFiles(String systemBundlePem);
}
