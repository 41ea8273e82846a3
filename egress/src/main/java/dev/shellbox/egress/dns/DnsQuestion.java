package dev.shellbox.egress.dns;

/**
 * The question of a DNS message.
 *
 * @param name the name as sent, case kept (resolvers check that replies echo it), without the trailing dot; empty
 *     for the root
 * @param type the record type, e.g. {@link DnsTypes#A}
 * @param qclass the class, normally {@link DnsTypes#CLASS_IN}
 */
public record DnsQuestion(String name, int type, int qclass) {}
