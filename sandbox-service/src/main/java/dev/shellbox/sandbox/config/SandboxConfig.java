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

    /** Threads that run scripts; execs beyond them wait in line. */
    @WithDefault("64")
    int execThreads();

    /** Execs that may wait for a thread before new ones are refused with 503. */
    @WithDefault("1000")
    int execQueue();

    /** Timeout of an exec that asks for none, in milliseconds (the plan's maximum still applies). */
    @WithDefault("60000")
    long defaultExecTimeoutMs();

    /** Bytes of clean file content a sandbox's working view keeps in memory after an exec. */
    @WithDefault("67108864")
    long viewMemoryBytes();

    /** Limits applied when usage-service cannot say what the user's plan allows. */
    FallbackLimits fallback();

    /** Plan limits used while usage-service does not answer. */
    interface FallbackLimits {
        /** Longest exec, in milliseconds. */
        @WithDefault("300000")
        long maxExecTimeoutMs();

        /** Most bytes of stdout plus stderr an exec returns. */
        @WithDefault("10485760")
        long maxOutputBytes();
    }
}
