package dev.shellbox.egress;

/** The host part of a policy entry. */
public sealed interface HostPattern {
    /** One hostname, normalized (see {@link Hostnames#normalize}). */
    record ExactName(String name) implements HostPattern {}

    /** Any name at any depth below {@code suffix}, but not {@code suffix} itself: {@code *.example.com}. */
    record WildcardName(String suffix) implements HostPattern {}

    /** An address ({@code /32} or {@code /128}) or a CIDR range. */
    record AddressRange(Cidr cidr) implements HostPattern {}
}
