package dev.shellbox.devstack;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A single-node Kafka broker in KRaft mode (broker and controller in one JVM), from the Kafka jars. */
final class KafkaBroker {
    private KafkaBroker() {}

    static ManagedProcess start(Layout layout, Path dataDir, int port, Path logFile) throws IOException {
        if (!Files.isDirectory(layout.kafkaLib())) {
            throw new StackException("Kafka jars missing at " + layout.kafkaLib() + "; run: mvn -pl dev-stack package");
        }
        Path logDirs = dataDir.resolve("kafka-logs");
        Files.createDirectories(logDirs);
        Path config = dataDir.resolve("server.properties");
        int controllerPort = port + 1;
        Files.writeString(config, """
                process.roles=broker,controller
                node.id=1
                controller.quorum.voters=1@127.0.0.1:%d
                listeners=PLAINTEXT://127.0.0.1:%d,CONTROLLER://127.0.0.1:%d
                advertised.listeners=PLAINTEXT://127.0.0.1:%d
                controller.listener.names=CONTROLLER
                listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
                inter.broker.listener.name=PLAINTEXT
                log.dirs=%s
                num.partitions=3
                auto.create.topics.enable=true
                offsets.topic.replication.factor=1
                transaction.state.log.replication.factor=1
                transaction.state.log.min.isr=1
                share.coordinator.state.topic.replication.factor=1
                share.coordinator.state.topic.min.isr=1
                group.initial.rebalance.delay.ms=0
                """.formatted(controllerPort, port, controllerPort, port, logDirs));
        Path log4j = dataDir.resolve("log4j2.properties");
        Files.writeString(log4j, """
                rootLogger.level=INFO
                rootLogger.appenderRef.console.ref=console
                appender.console.type=Console
                appender.console.name=console
                appender.console.layout.type=PatternLayout
                appender.console.layout.pattern=[%d] %p %m (%c)%n
                logger.kafka.name=kafka
                logger.kafka.level=WARN
                logger.apache.name=org.apache.kafka
                logger.apache.level=WARN
                """);
        String classpath = layout.kafkaLib() + "/*";
        List<String> jvm = List.of(
                Layout.java(), "-Xms128m", "-Xmx512m", "-XX:+UseSerialGC", "-Dlog4j2.configurationFile=" + log4j);
        if (!Files.exists(logDirs.resolve("meta.properties"))) {
            format(jvm, classpath, config, dataDir, logFile);
        }
        List<String> command = new java.util.ArrayList<>(jvm);
        command.addAll(List.of("-cp", classpath, "kafka.Kafka", config.toString()));
        ManagedProcess broker = ManagedProcess.start("kafka", command, dataDir, Map.of(), logFile);
        Readiness.await(
                "Kafka on 127.0.0.1:" + port,
                broker,
                Duration.ofSeconds(60),
                () -> Readiness.portOpen("127.0.0.1", port));
        return broker;
    }

    private static void format(List<String> jvm, String classpath, Path config, Path dataDir, Path logFile)
            throws IOException {
        String clusterId;
        do {
            UUID uuid = UUID.randomUUID();
            ByteBuffer bytes = ByteBuffer.allocate(16)
                    .putLong(uuid.getMostSignificantBits())
                    .putLong(uuid.getLeastSignificantBits());
            clusterId = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
            // an id that starts with '-' would be read as an option by the storage tool
        } while (clusterId.startsWith("-"));
        List<String> command = new java.util.ArrayList<>(jvm);
        command.addAll(List.of(
                "-cp", classpath, "kafka.tools.StorageTool", "format", "-t", clusterId, "-c", config.toString()));
        ManagedProcess format = ManagedProcess.start("kafka-format", command, dataDir, Map.of(), logFile);
        int status = format.waitFor(Duration.ofSeconds(60));
        if (status != 0) {
            throw new StackException("formatting Kafka storage failed (status " + status + "):\n" + format.tail(20));
        }
    }
}
