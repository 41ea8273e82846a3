package dev.shellbox.sandbox.rest;

import dev.shellbox.platform.problem.ProblemException;

/** The caller's identity as the gateway forwards it (docs/internal-api.md). */
final class UserId {
    static final String HEADER = "X-Shellbox-User";

    private UserId() {}

    static String require(String header) {
        if (header == null || header.isBlank()) {
            throw ProblemException.unauthorized("the request carries no authenticated user");
        }
        return header;
    }
}
