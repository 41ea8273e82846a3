package dev.shellbox.sandbox.egress;

/** A destination the policy refuses (or that cannot be reached), with the words the program gets. */
final class Blocked extends Exception {
    /** The HTTP status a program that speaks HTTP to the proxy gets. */
    final int status;
    /** The entry or default that decided. */
    final String rule;

    Blocked(int status, String rule, String message) {
        super(message, null, false, false);
        this.status = status;
        this.rule = rule;
    }
}
