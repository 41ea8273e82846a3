package dev.shellbox.egress;

import java.net.InetAddress;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** Parses one allow or deny entry, {@code [METHODS ]HOST[:PORTS][/PATH-PREFIX]}; see {@link NetworkPolicy}. */
final class EntryParser {
    private static final int MAX_METHOD_LENGTH = 20;

    private final String field;

    private EntryParser(String field) {
        this.field = field;
    }

    static PolicyEntry parse(String list, int index, String text) {
        return new EntryParser(list + "[" + index + "]").entry(list, index, text);
    }

    private PolicyEntry entry(String list, int index, String text) {
        if (text == null) {
            throw fail("an entry cannot be null");
        }
        String rest = text.strip();
        if (rest.isEmpty()) {
            throw fail("empty entry");
        }
        if (rest.contains("://")) {
            throw fail("write the host without a scheme: api.example.com:443, not https://api.example.com");
        }
        Set<String> methods = Set.of();
        int space = firstWhitespace(rest);
        if (space >= 0) {
            methods = methods(rest.substring(0, space));
            rest = rest.substring(space).strip();
            if (firstWhitespace(rest) >= 0) {
                throw fail("unexpected space in \"" + rest + "\": write METHODS HOST[:PORTS][/PATH]");
            }
        }
        HostPattern host;
        String after;
        if (rest.startsWith("[")) {
            int close = rest.indexOf(']');
            if (close < 0) {
                throw fail("'[' without a closing ']'");
            }
            host = ipv6Range(rest.substring(1, close));
            after = rest.substring(close + 1);
        } else if (rest.indexOf(':') != rest.lastIndexOf(':')) {
            // a bare IPv6 address or range: its colons leave no room for a port; brackets are needed for one
            host = ipv6Range(rest);
            after = "";
        } else {
            int end = indexOfAny(rest, ":/", 0);
            String hostText = rest.substring(0, end);
            after = rest.substring(end);
            Optional<InetAddress> literal = HostLiteral.parse(hostText);
            if (literal.isPresent()) {
                int prefixEnd = after.startsWith("/") ? indexOfAny(after, ":/", 1) : 0;
                boolean hasPrefix =
                        prefixEnd > 1 && after.substring(1, prefixEnd).chars().allMatch(c -> c >= '0' && c <= '9');
                host = ipv4Range(literal.get(), hasPrefix ? after.substring(1, prefixEnd) : null);
                after = hasPrefix ? after.substring(prefixEnd) : after;
            } else {
                host = name(hostText);
            }
        }
        PortRange ports = PortRange.ANY;
        if (after.startsWith(":")) {
            int end = indexOfAny(after, "/", 1);
            ports = ports(after.substring(1, end));
            after = after.substring(end);
        }
        String path = null;
        if (after.startsWith("/")) {
            path = path(after);
        } else if (!after.isEmpty()) {
            throw fail("unexpected \"" + after + "\" after the host");
        }
        return new PolicyEntry(list, index, text, methods, host, ports, path);
    }

    /** The methods of HTTP and WebDAV: an entry's first word must be a list of these. */
    private static final Set<String> KNOWN_METHODS = Set.of(
            "GET",
            "HEAD",
            "POST",
            "PUT",
            "DELETE",
            "PATCH",
            "OPTIONS",
            "CONNECT",
            "TRACE",
            "QUERY",
            "PROPFIND",
            "PROPPATCH",
            "MKCOL",
            "COPY",
            "MOVE",
            "LOCK",
            "UNLOCK",
            "REPORT",
            "SEARCH");

    private Set<String> methods(String text) {
        if (!text.chars().allMatch(c -> c == ',' || isAsciiLetter(c))) {
            throw fail("\"" + text + "\" before the space is not a list of HTTP methods such as GET,HEAD");
        }
        Set<String> methods = new LinkedHashSet<>();
        for (String method : text.split(",", -1)) {
            if (method.isEmpty()) {
                throw fail("empty method in \"" + text + "\"");
            }
            if (method.length() > MAX_METHOD_LENGTH) {
                throw fail("\"" + method + "\" is too long for an HTTP method");
            }
            String upper = method.toUpperCase(Locale.ROOT);
            if (!KNOWN_METHODS.contains(upper)) {
                // "bad host" is a typo far more often than a method named BAD
                throw fail("\"" + method + "\" is not an HTTP method; an entry has no space except after its methods"
                        + " (GET,HEAD api.example.com/v1/)");
            }
            methods.add(upper);
        }
        return methods;
    }

    private HostPattern name(String text) {
        if (text.isEmpty()) {
            throw fail("no host");
        }
        if (text.equals("*")) {
            throw fail("a bare * would allow every host; use mode open instead");
        }
        if (text.startsWith("*.")) {
            String suffix = text.substring(2);
            if (suffix.indexOf('*') >= 0) {
                throw fail("a wildcard can only be the whole first label, as in *.example.com");
            }
            return new HostPattern.WildcardName(normalized(suffix));
        }
        if (text.indexOf('*') >= 0) {
            throw fail("a wildcard can only be the whole first label, as in *.example.com");
        }
        return new HostPattern.ExactName(normalized(text));
    }

    private String normalized(String name) {
        try {
            return Hostnames.normalize(name);
        } catch (InvalidHostnameException e) {
            throw fail(e.getMessage());
        }
    }

    private HostPattern ipv4Range(InetAddress address, String prefixText) {
        if (!Bits.isIpv4(address)) {
            // only "::ffff:..." style text gets here, and it has colons, so this is a bug guard
            throw fail("write IPv6 addresses with their colons");
        }
        return range(address.getAddress(), prefixText, "IPv4", 32);
    }

    private HostPattern ipv6Range(String text) {
        if (text.indexOf('%') >= 0) {
            throw fail("IPv6 zone ids (%...) are not allowed");
        }
        int slash = text.indexOf('/');
        String addressText = slash < 0 ? text : text.substring(0, slash);
        byte[] bytes = HostLiteral.parseIpv6(addressText);
        if (bytes == null) {
            throw fail("\"" + addressText + "\" is not a valid IPv6 address");
        }
        HostPattern.AddressRange range = range(bytes, slash < 0 ? null : text.substring(slash + 1), "IPv6", 128);
        if (Embedding.isInside(range.cidr())) {
            throw fail(addressText + " embeds an IPv4 address and is judged as it; write the IPv4 address or range");
        }
        return range;
    }

    private HostPattern.AddressRange range(byte[] address, String prefixText, String family, int maxPrefix) {
        int prefix = maxPrefix;
        if (prefixText != null) {
            if (prefixText.isEmpty()
                    || prefixText.length() > 3
                    || !prefixText.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw fail("bad CIDR prefix \"/" + prefixText + "\"");
            }
            prefix = Integer.parseInt(prefixText);
            if (prefix > maxPrefix) {
                throw fail("bad CIDR prefix /" + prefix + ": " + family + " prefixes go from 0 to " + maxPrefix);
            }
        }
        Cidr cidr = Cidr.of(address, prefix);
        Bits bits = Bits.of(address);
        if (bits.hi() != cidr.hi() || bits.lo() != cidr.lo()) {
            throw fail("the address has bits set after the first " + prefix + "; did you mean " + cidr + "?");
        }
        return new HostPattern.AddressRange(cidr);
    }

    private PortRange ports(String text) {
        if (text.equals("*")) {
            return PortRange.ANY;
        }
        int dash = text.indexOf('-');
        int first = port(dash < 0 ? text : text.substring(0, dash));
        int last = dash < 0 ? first : port(text.substring(dash + 1));
        if (first > last) {
            throw fail("port range " + text + " ends before it starts");
        }
        return new PortRange(first, last);
    }

    private int port(String text) {
        if (text.isEmpty() || text.length() > 5 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw fail("\"" + text + "\" is not a port (1-65535, a range such as 8000-8100, or *)");
        }
        int port = Integer.parseInt(text);
        if (port < 1 || port > 65535) {
            throw fail("port " + port + " is out of range (1-65535)");
        }
        return port;
    }

    private String path(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c <= 0x20 || c >= 0x7f || c == '?' || c == '#' || c == '*') {
                throw fail("path prefix \"" + text + "\" may not hold '" + c
                        + "': it is a plain prefix of the path, without query or wildcards");
            }
        }
        return RequestPath.normalize(text);
    }

    private PolicyException fail(String problem) {
        return new PolicyException(field, problem);
    }

    private static int firstWhitespace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOfAny(String s, String chars, int from) {
        for (int i = from; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return s.length();
    }

    private static boolean isAsciiLetter(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }
}
