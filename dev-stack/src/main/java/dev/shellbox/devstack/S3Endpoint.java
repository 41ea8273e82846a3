package dev.shellbox.devstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** An S3-compatible endpoint: S3Proxy with its filesystem backend. */
final class S3Endpoint {
    static final String ACCESS_KEY = "shellbox";
    static final String SECRET_KEY = "shellbox-secret";

    private S3Endpoint() {}

    static ManagedProcess start(Layout layout, Path dataDir, int port, Path logFile) throws IOException {
        if (!Files.exists(layout.s3proxyJar())) {
            throw new StackException("S3Proxy missing at " + layout.s3proxyJar() + "; run: mvn -pl dev-stack package");
        }
        Path blobs = dataDir.resolve("blobs");
        Files.createDirectories(blobs);
        Path config = dataDir.resolve("s3proxy.conf");
        Files.writeString(config, """
                s3proxy.endpoint=http://127.0.0.1:%d
                s3proxy.authorization=aws-v2-or-v4
                s3proxy.identity=%s
                s3proxy.credential=%s
                jclouds.provider=filesystem
                jclouds.filesystem.basedir=%s
                """.formatted(port, ACCESS_KEY, SECRET_KEY, blobs));
        List<String> command = List.of(
                Layout.java(),
                "-Xms64m",
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-jar",
                layout.s3proxyJar().toString(),
                "--properties",
                config.toString());
        ManagedProcess s3 = ManagedProcess.start("s3proxy", command, dataDir, Map.of(), logFile);
        Readiness.await(
                "S3Proxy on 127.0.0.1:" + port,
                s3,
                Duration.ofSeconds(60),
                () -> Readiness.portOpen("127.0.0.1", port));
        return s3;
    }
}
