package dev.shellbox.egress;

/** What the proxy does with a connection or request. */
public enum Verdict {
    /** Let it through. */
    ALLOW,
    /** Refuse it. */
    DENY,
    /**
     * Let it through only if the proxy can see the request (method and path) and the request then passes: the entry
     * that decides names methods or a path, and they were not given.
     */
    INSPECT
}
