package dev.shellbox.egress;

import java.util.Optional;

/** Looks up a stored secret by name; the proxy supplies it, tests use a map. */
@FunctionalInterface
public interface SecretResolver {
    Optional<String> secret(String name);
}
