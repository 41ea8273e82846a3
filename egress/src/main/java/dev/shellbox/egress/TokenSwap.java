package dev.shellbox.egress;

/** Replace {@code placeholder}, a dummy token the sandbox holds, by the stored secret {@code secret}. */
public record TokenSwap(String placeholder, String secret) {}
