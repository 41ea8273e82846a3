package dev.shellbox.shell.commands.net;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * An http or https URL taken apart: scheme, optional user info, host (an IPv6 literal without its brackets), port, and
 * the request target (path and query, percent-encoded where the text had spaces or non-ASCII bytes). A URL without a
 * scheme is http, as both curl and wget guess; the fragment is dropped, since it is never sent.
 */
record Url(String scheme, String userInfo, String host, int port, String target) {

    /** Parses {@code text}; throws MALFORMED_URL or UNSUPPORTED_PROTOCOL. */
    static Url parse(String text) throws NetException {
        String s = text.strip();
        if (s.isEmpty()) {
            throw malformed("no URL specified");
        }
        String scheme = "http";
        int colon = s.indexOf("://");
        int firstSpecial = firstOf(s, "/?#");
        if (colon > 0 && (firstSpecial < 0 || colon < firstSpecial)) {
            scheme = s.substring(0, colon).toLowerCase(Locale.ROOT);
            s = s.substring(colon + 3);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw new NetException(
                        NetException.Kind.UNSUPPORTED_PROTOCOL, "Protocol \"" + scheme + "\" not supported");
            }
        }
        int hash = s.indexOf('#');
        if (hash >= 0) {
            s = s.substring(0, hash);
        }
        int end = firstOf(s, "/?");
        String authority = end < 0 ? s : s.substring(0, end);
        String target = end < 0 ? "/" : s.substring(end);
        if (target.startsWith("?")) {
            target = "/" + target;
        }
        String userInfo = null;
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            userInfo = authority.substring(0, at);
            authority = authority.substring(at + 1);
        }
        String host;
        String portText = null;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                throw malformed("unmatched bracket in host");
            }
            host = authority.substring(1, close);
            String rest = authority.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    throw malformed("bad port");
                }
                portText = rest.substring(1);
            }
            if (host.isEmpty() || !host.matches("[0-9A-Fa-f:.%a-zA-Z]+")) {
                throw malformed("bad IPv6 address");
            }
        } else {
            int c = authority.lastIndexOf(':');
            host = c < 0 ? authority : authority.substring(0, c);
            portText = c < 0 ? null : authority.substring(c + 1);
            if (host.isEmpty() || !host.matches("[A-Za-z0-9._~!$&'()*+,;=%-]+")) {
                throw malformed("bad host name");
            }
        }
        int port = scheme.equals("https") ? 443 : 80;
        if (portText != null && !portText.isEmpty()) {
            if (!portText.matches("[0-9]{1,5}")
                    || Integer.parseInt(portText) < 1
                    || Integer.parseInt(portText) > 65535) {
                throw malformed("bad port number");
            }
            port = Integer.parseInt(portText);
        }
        return new Url(scheme, userInfo, host.toLowerCase(Locale.ROOT), port, encode(target));
    }

    /** Every malformed URL gets curl's words; {@code detail} says which part was wrong, for wget. */
    private static NetException malformed(String detail) {
        return new NetException(NetException.Kind.MALFORMED_URL, detail);
    }

    private static int firstOf(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    /** Percent-encodes what may not appear raw in a request target: controls, space, {@code "<>\^`{|}} and non-ASCII. */
    static String encode(String target) {
        StringBuilder sb = new StringBuilder();
        for (byte b : target.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c <= 0x20 || c >= 0x7f || "\"<>\\^`{|}".indexOf(c) >= 0) {
                sb.append('%').append(String.format("%02X", c));
            } else {
                sb.append((char) c);
            }
        }
        return sb.toString();
    }

    boolean secure() {
        return scheme.equals("https");
    }

    int defaultPort() {
        return secure() ? 443 : 80;
    }

    /** The host as written in a URL or a Host header: IPv6 literals in brackets. */
    String hostForUrl() {
        return host.indexOf(':') >= 0 ? "[" + host + "]" : host;
    }

    /** The value of the Host header: the host, and the port when it is not the scheme's default. */
    String hostHeader() {
        return port == defaultPort() ? hostForUrl() : hostForUrl() + ":" + port;
    }

    String path() {
        int q = target.indexOf('?');
        return q < 0 ? target : target.substring(0, q);
    }

    /** The last path segment, decoded, or empty when the path ends with a slash. */
    String fileName() {
        String path = path();
        String last = path.substring(path.lastIndexOf('/') + 1);
        return percentDecode(last);
    }

    /** The same URL with {@code query} appended ({@code curl -G}). */
    Url withQuery(String query) {
        return new Url(scheme, userInfo, host, port, target + (target.indexOf('?') >= 0 ? "&" : "?") + query);
    }

    /** The URL a {@code Location} value names, relative to this one. */
    Url resolve(String location) throws NetException {
        String loc = location.strip();
        int colon = loc.indexOf("://");
        int firstSpecial = firstOf(loc, "/?#");
        if (colon > 0 && (firstSpecial < 0 || colon < firstSpecial)) {
            return parse(loc);
        }
        if (loc.startsWith("//")) {
            return parse(scheme + ":" + loc);
        }
        String base = scheme + "://" + hostHeaderWithPort();
        int hash = loc.indexOf('#');
        if (hash >= 0) {
            loc = loc.substring(0, hash);
        }
        if (loc.isEmpty()) {
            return parse(base + target);
        }
        if (loc.startsWith("?")) {
            return parse(base + path() + loc);
        }
        String path;
        String query = "";
        int q = loc.indexOf('?');
        if (q >= 0) {
            query = loc.substring(q);
            loc = loc.substring(0, q);
        }
        if (loc.startsWith("/")) {
            path = loc;
        } else {
            String dir = path().substring(0, path().lastIndexOf('/') + 1);
            path = dir + loc;
        }
        return parse(base + removeDotSegments(path) + query);
    }

    private String hostHeaderWithPort() {
        return hostForUrl() + ":" + port;
    }

    private static String removeDotSegments(String path) {
        Deque<String> out = new ArrayDeque<>();
        String[] parts = path.split("/", -1);
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i];
            boolean last = i == parts.length - 1;
            if (p.equals(".")) {
                if (last) {
                    out.addLast("");
                }
            } else if (p.equals("..")) {
                if (!out.isEmpty()) {
                    out.removeLast();
                }
                if (last) {
                    out.addLast("");
                }
            } else {
                out.addLast(p);
            }
        }
        return "/" + String.join("/", out);
    }

    static String percentDecode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        byte[] raw = s.getBytes(StandardCharsets.UTF_8);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(raw.length);
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == '%' && i + 2 < raw.length && hex(raw[i + 1]) >= 0 && hex(raw[i + 2]) >= 0) {
                out.write(hex(raw[i + 1]) * 16 + hex(raw[i + 2]));
                i += 2;
            } else {
                out.write(raw[i]);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int hex(byte b) {
        return Character.digit(b, 16);
    }

    /** Percent-encodes everything but unreserved characters, a space as {@code +} ({@code --data-urlencode}). */
    static String formEncode(String value) {
        StringBuilder sb = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~".indexOf(c) >= 0) {
                sb.append((char) c);
            } else if (c == ' ') {
                sb.append('+');
            } else {
                sb.append('%').append(String.format("%02X", c));
            }
        }
        return sb.toString();
    }

    /** The URL as text, without user info: {@code http://host[:port]/target}. */
    @Override
    public String toString() {
        return scheme + "://" + hostHeader() + target;
    }
}
