package dev.shellbox.egress;

import java.util.Set;

/**
 * One parsed allow or deny entry.
 *
 * @param list {@code allow} or {@code deny}
 * @param index the position in its list, as written
 * @param text the entry as written
 * @param methods upper-case HTTP methods the entry is limited to; empty for any method
 * @param host the host, wildcard, address or range
 * @param ports the ports, {@link PortRange#ANY} when none were given
 * @param pathPrefix the path the request must be at or below, or null for any path
 */
public record PolicyEntry(
        String list,
        int index,
        String text,
        Set<String> methods,
        HostPattern host,
        PortRange ports,
        String pathPrefix) {
    public PolicyEntry {
        methods = Set.copyOf(methods);
    }

    /** Whether the entry can only be checked when the proxy sees the request: it names methods or a path. */
    public boolean needsRequest() {
        return !methods.isEmpty() || pathPrefix != null;
    }

    /** How decisions name the entry: {@code deny[0] "*.evil.com"}. */
    public String label() {
        return list + "[" + index + "] \"" + text + "\"";
    }
}
