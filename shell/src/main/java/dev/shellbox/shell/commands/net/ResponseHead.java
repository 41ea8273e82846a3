package dev.shellbox.shell.commands.net;

import java.util.List;

/**
 * A response's status line and header fields, as received.
 *
 * @param statusLine the first line, e.g. {@code HTTP/1.1 200 OK}
 * @param status the status code
 * @param reason the reason phrase, possibly empty
 * @param headers the header fields in order
 * @param wireText the head as received, line ends and the blank line included ({@code curl -i} prints it)
 */
record ResponseHead(String statusLine, int status, String reason, List<Header> headers, String wireText) {

    /** The value of the first field named {@code name}, or null. */
    String header(String name) {
        for (Header h : headers) {
            if (h.named(name)) {
                return h.value();
            }
        }
        return null;
    }

    boolean redirect() {
        return (status == 301 || status == 302 || status == 303 || status == 307 || status == 308)
                && header("Location") != null;
    }
}
