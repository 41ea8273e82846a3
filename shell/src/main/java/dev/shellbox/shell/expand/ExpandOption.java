package dev.shellbox.shell.expand;

/** The shell options that change how words expand. */
public enum ExpandOption {
    /** {@code set -u}. */
    NOUNSET,
    /** {@code set -f}. */
    NOGLOB,
    NULLGLOB,
    FAILGLOB,
    DOTGLOB,
    EXTGLOB,
    GLOBSTAR,
    NOCASEGLOB,
    NOCASEMATCH,
    /** bash 5.2's {@code patsub_replacement}: {@code &} in a replacement is the match. */
    PATSUB_REPLACEMENT,
    /** {@code globskipdots}: {@code .*} never matches {@code .} and {@code ..}. */
    GLOBSKIPDOTS
}
