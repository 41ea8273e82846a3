package dev.shellbox.egress;

/**
 * A dummy token the sandbox holds and the name of the stored secret that replaces it on the way out.
 *
 * @param placeholder the dummy text, as it appears in the sandbox's requests
 * @param secret the stored secret's name
 */
public record TokenSwapSpec(String placeholder, String secret) {}
