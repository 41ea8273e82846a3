package dev.shellbox.egress.dns;

/**
 * A query as the sandbox's DNS stub receives it.
 *
 * @param id the id to echo
 * @param opcode 0 for a standard query
 * @param recursionDesired the RD flag, echoed
 * @param question the one question
 */
public record DnsQuery(int id, int opcode, boolean recursionDesired, DnsQuestion question) {}
