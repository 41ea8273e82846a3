package dev.shellbox.egress;

import java.util.Locale;

/** How much of the network a sandbox may reach. */
public enum Mode {
    /** Nothing at all. */
    NONE,
    /** Only destinations an allow entry matches. */
    ALLOWLIST,
    /** Every public destination not denied. */
    OPEN;

    /** The name used in policies: {@code none}, {@code allowlist}, {@code open}. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }
}
