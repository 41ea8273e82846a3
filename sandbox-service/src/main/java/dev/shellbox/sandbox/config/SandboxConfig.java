package dev.shellbox.sandbox.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of sandbox-service (prefix {@code shellbox.sandbox}). */
@ConfigMapping(prefix = "shellbox.sandbox")
public interface SandboxConfig {
    /** The provider of sandboxes created without one: in-process, local, docker or kubernetes. */
    @WithDefault("in-process")
    String defaultProvider();

    /** Seconds without activity after which a running sandbox pauses itself, unless it asks for another value. */
    @WithDefault("900")
    int defaultIdleTimeoutSeconds();

    /** The longest idle timeout a sandbox may ask for, in seconds. */
    @WithDefault("86400")
    int maxIdleTimeoutSeconds();

    /** How often running sandboxes are checked for idleness. */
    @WithDefault("15s")
    String idleCheckInterval();
}
