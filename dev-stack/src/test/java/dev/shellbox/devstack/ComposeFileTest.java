package dev.shellbox.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** docker-compose.yml cannot run here (no Docker engine), so its structure is checked instead. */
class ComposeFileTest {
    private static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();
    private static final Map<String, Integer> SERVICE_PORTS =
            Map.of("api-gateway", 8080, "sandbox-service", 8081, "vfs-service", 8082, "usage-service", 8083);

    private static Map<String, Object> services;

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void parse() throws IOException {
        try (Reader r = Files.newBufferedReader(CHECKOUT.resolve("docker-compose.yml"))) {
            Map<String, Object> compose = new Yaml().load(r);
            services = (Map<String, Object>) compose.get("services");
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> service(String name) {
        Map<String, Object> s = (Map<String, Object>) services.get(name);
        assertNotNull(s, "service " + name + " is missing");
        return s;
    }

    @Test
    void definesTheInfrastructureAndTheFourServices() {
        assertEquals(
                Set.of(
                        "postgres",
                        "kafka",
                        "minio",
                        "keycloak",
                        "api-gateway",
                        "sandbox-service",
                        "vfs-service",
                        "usage-service"),
                services.keySet());
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyServiceBuildsFromItsDockerfileAndPublishesItsPort() {
        SERVICE_PORTS.forEach((name, port) -> {
            Map<String, Object> s = service(name);
            Map<String, Object> build = (Map<String, Object>) s.get("build");
            String context = (String) build.get("context");
            assertEquals("./" + name, context);
            for (String dockerfile : List.of("Dockerfile.jvm", "Dockerfile.native")) {
                assertTrue(
                        Files.exists(CHECKOUT.resolve(name)
                                .resolve("src/main/docker")
                                .resolve(dockerfile)),
                        name + " lacks " + dockerfile);
            }
            assertEquals(List.of(port + ":" + port), s.get("ports"), name + " ports");
            assertNotNull(s.get("image"), name + " image");
        });
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyServiceIsWiredToPostgresAndKafka() {
        SERVICE_PORTS.keySet().forEach(name -> {
            Map<String, Object> env = (Map<String, Object>) service(name).get("environment");
            assertEquals("postgres", env.get("SHELLBOX_DB_HOST"), name);
            assertEquals("kafka:9092", env.get("KAFKA_BOOTSTRAP_SERVERS"), name);
            assertEquals("0.0.0.0", env.get("SHELLBOX_BIND_HOST"), name);
            Map<String, Object> deps = (Map<String, Object>) service(name).get("depends_on");
            assertTrue(deps.containsKey("postgres"), name + " must wait for postgres");
        });
        Map<String, Object> vfs = (Map<String, Object>) service("vfs-service").get("environment");
        assertEquals("http://minio:9000", vfs.get("SHELLBOX_S3_ENDPOINT"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void dependenciesNameDefinedServicesAndMountedFilesExist() {
        for (String name : services.keySet()) {
            Object deps = service(name).get("depends_on");
            if (deps instanceof Map<?, ?> map) {
                for (Object dep : map.keySet()) {
                    assertTrue(services.containsKey(dep), name + " depends on undefined " + dep);
                }
            }
            Object volumes = service(name).get("volumes");
            if (volumes instanceof List<?> list) {
                for (Object v : list) {
                    String source = v.toString().split(":")[0];
                    if (source.startsWith("./")) {
                        assertTrue(Files.exists(CHECKOUT.resolve(source)), name + " mounts missing " + source);
                    }
                }
            }
        }
        assertFalse(((List<String>) service("keycloak").get("ports")).isEmpty());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theGatewayAcceptsTheTokensKeycloakIssues() {
        Map<String, Object> gateway =
                (Map<String, Object>) service("api-gateway").get("environment");
        Map<String, Object> keycloak = (Map<String, Object>) service("keycloak").get("environment");
        assertEquals("true", String.valueOf(gateway.get("SHELLBOX_OIDC_ENABLED")));
        assertEquals(keycloak.get("KC_HOSTNAME") + "/realms/shellbox", gateway.get("QUARKUS_OIDC_TOKEN_ISSUER"));
        assertTrue(String.valueOf(gateway.get("SHELLBOX_OIDC_ISSUER")).startsWith("http://keycloak:"));
    }
}
