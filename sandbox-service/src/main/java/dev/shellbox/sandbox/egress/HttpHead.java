package dev.shellbox.sandbox.egress;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The head of an HTTP/1.x request as the egress proxy reads it: strictly, because a head that two parsers could read
 * differently (two lengths, a folded header, a bare LF) is how requests are smuggled past a proxy.
 */
record HttpHead(String method, String target, String version, List<Header> headers) {
    /** Heads larger than this are refused (431). */
    static final int MAX_BYTES = 64 * 1024;

    record Header(String name, String value) {}

    /** A head the proxy refuses, with the status it answers. */
    static final class Malformed extends Exception {
        final int status;

        Malformed(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    /** Reads a head up to its blank line; empty when the stream ended before any byte. */
    static Optional<HttpHead> read(InputStream in) throws IOException, Malformed {
        ByteArrayOutputStream raw = new ByteArrayOutputStream(512);
        int last = -1;
        int c;
        int lineLength = 0;
        boolean blank = false;
        while ((c = in.read()) >= 0) {
            if (raw.size() >= MAX_BYTES) {
                throw new Malformed(431, "the request head is larger than " + MAX_BYTES + " bytes");
            }
            raw.write(c);
            if (c == '\n') {
                if (last != '\r') {
                    throw new Malformed(400, "a line of the request head ends without CR");
                }
                if (lineLength == 1) {
                    blank = true;
                    break;
                }
                lineLength = 0;
            } else {
                lineLength++;
            }
            last = c;
        }
        if (!blank) {
            if (raw.size() == 0) {
                return Optional.empty();
            }
            throw new Malformed(400, "the connection ended inside the request head");
        }
        return Optional.of(parse(raw.toString(StandardCharsets.ISO_8859_1)));
    }

    private static HttpHead parse(String text) throws Malformed {
        String[] lines = text.substring(0, text.length() - 4).split("\r\n", -1);
        String[] request = lines[0].split(" ", -1);
        if (request.length != 3 || request[0].isEmpty() || request[1].isEmpty()) {
            throw new Malformed(400, "the request line is not 'METHOD TARGET VERSION'");
        }
        if (!request[2].equals("HTTP/1.1") && !request[2].equals("HTTP/1.0")) {
            throw new Malformed(505, "only HTTP/1.0 and HTTP/1.1 pass the proxy, not '" + request[2] + "'");
        }
        for (int i = 0; i < request[0].length(); i++) {
            if (!isTokenChar(request[0].charAt(i))) {
                throw new Malformed(400, "the method is not a token");
            }
        }
        List<Header> headers = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith(" ") || line.startsWith("\t")) {
                throw new Malformed(400, "folded header lines are refused");
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new Malformed(400, "a header line has no name");
            }
            String name = line.substring(0, colon);
            for (int j = 0; j < name.length(); j++) {
                if (!isTokenChar(name.charAt(j))) {
                    throw new Malformed(400, "header name '" + name + "' is not a token");
                }
            }
            String value = line.substring(colon + 1).strip();
            for (int j = 0; j < value.length(); j++) {
                char ch = value.charAt(j);
                if (ch < 0x20 && ch != '\t' || ch == 0x7f) {
                    throw new Malformed(400, "header '" + name + "' holds a control character");
                }
            }
            headers.add(new Header(name, value));
        }
        HttpHead head = new HttpHead(request[0], request[1], request[2], List.copyOf(headers));
        head.checkFraming();
        return head;
    }

    /** One way to know where the body ends, or the request is refused. */
    private void checkFraming() throws Malformed {
        List<String> lengths = values("Content-Length");
        List<String> encodings = values("Transfer-Encoding");
        if (!lengths.isEmpty() && !encodings.isEmpty()) {
            throw new Malformed(400, "a request with both Content-Length and Transfer-Encoding is refused");
        }
        if (lengths.size() > 1) {
            throw new Malformed(400, "a request with more than one Content-Length is refused");
        }
        if (lengths.size() == 1 && !lengths.get(0).matches("[0-9]{1,18}")) {
            throw new Malformed(400, "Content-Length '" + lengths.get(0) + "' is not a number");
        }
        if (!encodings.isEmpty() && (encodings.size() > 1 || !encodings.get(0).equalsIgnoreCase("chunked"))) {
            throw new Malformed(400, "only 'Transfer-Encoding: chunked' passes the proxy");
        }
        if (values("Host").size() > 1) {
            throw new Malformed(400, "a request with more than one Host is refused");
        }
    }

    private static boolean isTokenChar(char c) {
        return c > 0x20 && c < 0x7f && "()<>@,;:\\\"/[]?={}".indexOf(c) < 0;
    }

    List<String> values(String name) {
        List<String> found = new ArrayList<>();
        for (Header h : headers) {
            if (h.name.equalsIgnoreCase(name)) {
                found.add(h.value);
            }
        }
        return found;
    }

    Optional<String> value(String name) {
        List<String> found = values(name);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    /** The body's length: -1 for chunked, 0 when the head declares none. */
    long bodyLength() {
        if (value("Transfer-Encoding").isPresent()) {
            return -1;
        }
        return value("Content-Length").map(Long::parseLong).orElse(0L);
    }

    boolean isUpgrade() {
        return value("Upgrade").isPresent()
                && value("Connection")
                        .map(v -> v.toLowerCase(Locale.ROOT).contains("upgrade"))
                        .orElse(false);
    }

    /**
     * The head to send to the origin: origin-form target, the proxy's own headers removed, one request per
     * connection (an upgrade keeps its Connection header).
     */
    byte[] forOrigin(String originTarget, List<Header> replaced) {
        StringBuilder b = new StringBuilder();
        b.append(method)
                .append(' ')
                .append(originTarget)
                .append(' ')
                .append(version)
                .append("\r\n");
        boolean upgrade = isUpgrade();
        for (Header h : replaced) {
            String lower = h.name.toLowerCase(Locale.ROOT);
            if (lower.startsWith("proxy-") || lower.equals("keep-alive") || !upgrade && lower.equals("connection")) {
                continue;
            }
            b.append(h.name).append(": ").append(h.value).append("\r\n");
        }
        if (!upgrade) {
            b.append("Connection: close\r\n");
        }
        b.append("\r\n");
        return b.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}
