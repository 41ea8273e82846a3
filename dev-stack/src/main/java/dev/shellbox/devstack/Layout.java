package dev.shellbox.devstack;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where things are: the checkout (found from the launcher jar, dev-stack/target/dev-stack.jar), the jars of Kafka and
 * S3Proxy next to it, and the state directory {@code .shellbox/} (git-ignored) for data, logs and pid files.
 */
record Layout(Path checkout, Path state) {

    static Layout fromLauncherJar() {
        // Set by builds that load the launcher from a Maven repository rather than from the checkout.
        String checkoutProperty = System.getProperty("shellbox.checkout");
        if (checkoutProperty != null && !checkoutProperty.isBlank()) {
            Path checkout = Path.of(checkoutProperty).toAbsolutePath().normalize();
            return new Layout(checkout, checkout.resolve(".shellbox"));
        }
        try {
            Path jar = Path.of(DevStack.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toAbsolutePath();
            Path checkout = jar.getParent().getParent().getParent();
            if (!Files.exists(checkout.resolve("pom.xml"))) {
                throw new StackException("cannot find the Shellbox checkout above " + jar);
            }
            return new Layout(checkout, checkout.resolve(".shellbox"));
        } catch (URISyntaxException e) {
            throw new StackException("cannot locate the launcher jar: " + e.getMessage());
        }
    }

    Path kafkaLib() {
        return checkout.resolve("dev-stack/target/kafka-lib");
    }

    Path s3proxyJar() {
        return checkout.resolve("dev-stack/target/s3proxy/s3proxy.jar");
    }

    Path serviceJar(String module) {
        return checkout.resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
    }

    Path pidFile() {
        return state.resolve("run.pid");
    }

    Path childrenFile() {
        return state.resolve("run.children");
    }

    Path localEnv() {
        return state.resolve("local.env");
    }

    Path adminKeyFile() {
        return state.resolve("admin-key");
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
