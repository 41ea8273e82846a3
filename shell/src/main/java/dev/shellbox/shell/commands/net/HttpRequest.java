package dev.shellbox.shell.commands.net;

import java.util.ArrayList;
import java.util.List;

/**
 * One request: the client adds {@code Host} (unless {@code headers} has one) and {@code Content-Length} for a body.
 *
 * @param body null for none
 */
record HttpRequest(String method, Url url, List<Header> headers, RequestBody body) {
    HttpRequest {
        headers = List.copyOf(headers);
    }

    /**
     * The request that follows {@code head}'s redirect, or null when it is none: 303 turns any method but HEAD into
     * GET and 301 and 302 turn POST into GET (dropping the body), as curl and wget do unless {@code keepMethod}; the
     * credentials go only to the same host and port.
     */
    HttpRequest redirectedBy(ResponseHead head, boolean keepMethod) throws NetException {
        if (!head.redirect()) {
            return null;
        }
        Url next = url.resolve(head.header("Location"));
        String nextMethod = method;
        RequestBody nextBody = body;
        boolean toGet = !keepMethod
                && ((head.status() == 303 && !method.equals("HEAD"))
                        || ((head.status() == 301 || head.status() == 302) && method.equals("POST")));
        if (toGet) {
            nextMethod = "GET";
            nextBody = null;
        }
        boolean sameOrigin = next.host().equals(url.host()) && next.port() == url.port();
        List<Header> nextHeaders = new ArrayList<>();
        for (Header h : headers) {
            if (toGet && (h.named("Content-Type") || h.named("Content-Length"))) {
                continue;
            }
            if (!sameOrigin && (h.named("Authorization") || h.named("Cookie") || h.named("Host"))) {
                continue;
            }
            nextHeaders.add(h);
        }
        return new HttpRequest(nextMethod, next, nextHeaders, nextBody);
    }
}
