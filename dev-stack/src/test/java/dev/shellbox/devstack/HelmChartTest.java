package dev.shellbox.devstack;

import static dev.shellbox.devstack.RenderedChart.container;
import static dev.shellbox.devstack.RenderedChart.env;
import static dev.shellbox.devstack.RenderedChart.label;
import static dev.shellbox.devstack.RenderedChart.selects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Renders the Helm chart under k8s/helm with the real Helm engine (no cluster runs here) and checks what Kubernetes
 * would be asked to run, against what the services really read.
 */
class HelmChartTest {
    private static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();
    private static final Path CHART = CHECKOUT.resolve("k8s/helm/shellbox");
    private static final Path PRODUCTION_VALUES = CHECKOUT.resolve("k8s/helm/production-values.yaml");
    private static final Map<String, Integer> SERVICE_PORTS =
            Map.of("api-gateway", 8080, "sandbox-service", 8081, "vfs-service", 8082, "usage-service", 8083);
    /** Where each service serves health and metrics: the gateway on its management port, not its public one. */
    private static final Map<String, Integer> MANAGEMENT_PORTS =
            Map.of("api-gateway", 8084, "sandbox-service", 8081, "vfs-service", 8082, "usage-service", 8083);

    private static final Map<String, String> URL_VARIABLES = Map.of(
            "SHELLBOX_SANDBOX_URL", "sandbox-service",
            "SHELLBOX_VFS_URL", "vfs-service",
            "SHELLBOX_USAGE_URL", "usage-service");
    /** Read by a service but left to its default by the chart: tuning, settable through extraEnv. */
    private static final Set<String> TUNING_ONLY = Set.of("SHELLBOX_VFS_DB_POOL", "SHELLBOX_SECRETS_PREVIOUS_KEYS");
    /** Set only when configured: the OIDC details (ignored while OIDC is off), the bootstrap admin key, the secrets key. */
    private static final Set<String> OPTIONAL = Set.of(
            "SHELLBOX_BOOTSTRAP_ADMIN_KEY",
            "SHELLBOX_SECRETS_MASTER_KEY",
            "SHELLBOX_OIDC_ISSUER",
            "SHELLBOX_OIDC_CLIENT_ID",
            "SHELLBOX_OIDC_AUDIENCE",
            "SHELLBOX_OIDC_PRINCIPAL_CLAIM",
            "SHELLBOX_OIDC_ROLES_CLAIM");

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*):");
    private static final Pattern CREDENTIAL = Pattern.compile("PASSWORD|SECRET|ACCESS_KEY|ADMIN_KEY");

    private static RenderedChart defaults;
    private static RenderedChart production;

    @BeforeAll
    static void render() {
        defaults = RenderedChart.parse(template().call());
        production =
                RenderedChart.parse(template().withValuesFile(PRODUCTION_VALUES).call());
    }

    private static TemplateCommand template() {
        return new Helm(CHART).template().withName("shellbox").withNamespace("shellbox");
    }

    private static List<RenderedChart> bothRenders() {
        return List.of(defaults, production);
    }

    @Test
    void lintFindsNothingToWarnAbout() {
        LintResult lint = new Helm(CHART).lint().strict().call();
        assertFalse(lint.isFailed(), String.join("\n", lint.getMessages()));
        for (String message : lint.getMessages()) {
            assertFalse(message.contains("[WARNING]") || message.contains("[ERROR]"), message);
        }
    }

    @Test
    void everyServiceHasADeploymentAServiceOnItsPortAndADisruptionBudget() {
        for (RenderedChart chart : bothRenders()) {
            SERVICE_PORTS.forEach((name, port) -> {
                JsonNode deployment = chart.component("Deployment", name);
                JsonNode containerPort = container(deployment).at("/ports/0");
                assertEquals("http", containerPort.path("name").asText(), name);
                assertEquals(port, containerPort.path("containerPort").asInt(), name);

                JsonNode service = chart.component("Service", name);
                assertEquals(port, service.at("/spec/ports/0/port").asInt(), name);
                assertEquals("http", service.at("/spec/ports/0/targetPort").asText(), name);
                assertTrue(
                        selects(service.at("/spec/selector"), deployment.at("/spec/template/metadata/labels")),
                        name + " Service selects its pods");
                JsonNode budget = chart.component("PodDisruptionBudget", name);
                assertTrue(
                        selects(
                                budget.at("/spec/selector/matchLabels"),
                                deployment.at("/spec/template/metadata/labels")),
                        name + " PodDisruptionBudget selects its pods");
            });
        }
    }

    @Test
    void probesUseTheQuarkusHealthEndpoints() {
        for (String name : SERVICE_PORTS.keySet()) {
            JsonNode container = container(defaults.component("Deployment", name));
            assertEquals(
                    "/q/health/live",
                    container.at("/livenessProbe/httpGet/path").asText(),
                    name);
            assertEquals(
                    "/q/health/ready",
                    container.at("/readinessProbe/httpGet/path").asText(),
                    name);
            String port = managementPortName(name);
            assertEquals(port, container.at("/startupProbe/httpGet/port").asText(), name);
            assertEquals(port, container.at("/livenessProbe/httpGet/port").asText(), name);
            assertEquals(port, container.at("/readinessProbe/httpGet/port").asText(), name);
        }
    }

    @Test
    void theGatewayServesHealthAndMetricsOnItsManagementPortOnly() {
        for (RenderedChart chart : bothRenders()) {
            JsonNode container = container(chart.component("Deployment", "api-gateway"));
            JsonNode management = container.at("/ports/1");
            assertEquals("management", management.path("name").asText());
            assertEquals(8084, management.path("containerPort").asInt());
            assertEquals("8084", value(env(container), "SHELLBOX_GATEWAY_MANAGEMENT_PORT"));

            JsonNode service = chart.component("Service", "api-gateway");
            assertEquals("management", service.at("/spec/ports/1/name").asText());
            assertEquals(8084, service.at("/spec/ports/1/port").asInt());
            assertEquals("management", service.at("/spec/ports/1/targetPort").asText());

            // Callers reach the public port; only the metrics scrapers reach the management port.
            for (JsonNode rule : chart.component("NetworkPolicy", "api-gateway").at("/spec/ingress")) {
                boolean scrapers = rule.toString().contains("prometheus");
                assertEquals(
                        scrapers ? "management" : "http",
                        rule.at("/ports/0/port").asText(),
                        rule.toString());
            }
        }
    }

    private static String managementPortName(String service) {
        return service.equals("api-gateway") ? "management" : "http";
    }

    @Test
    void metricsAreAnnotatedForScraping() {
        MANAGEMENT_PORTS.forEach((name, port) -> {
            JsonNode annotations = defaults.component("Deployment", name).at("/spec/template/metadata/annotations");
            assertEquals("true", annotations.path("prometheus.io/scrape").asText(), name);
            assertEquals("/q/metrics", annotations.path("prometheus.io/path").asText(), name);
            assertEquals(
                    String.valueOf(port), annotations.path("prometheus.io/port").asText(), name);
        });
    }

    @Test
    void everyServiceGetsTheVariablesItsApplicationPropertiesReadsAndNoOthers() throws IOException {
        for (String name : SERVICE_PORTS.keySet()) {
            Set<String> read = variablesRead(name);
            Set<String> expected = new TreeSet<>(read);
            expected.removeAll(TUNING_ONLY);
            Set<String> productionEnv =
                    env(container(production.component("Deployment", name))).keySet();
            assertTrue(productionEnv.containsAll(expected), name + " lacks " + missing(expected, productionEnv));

            expected.removeAll(OPTIONAL);
            Set<String> defaultEnv =
                    env(container(defaults.component("Deployment", name))).keySet();
            assertTrue(defaultEnv.containsAll(expected), name + " lacks " + missing(expected, defaultEnv));

            for (Set<String> set : List.of(defaultEnv, productionEnv)) {
                assertTrue(read.containsAll(set), name + " is given variables it never reads: " + missing(set, read));
            }
        }
    }

    @Test
    void databaseKafkaAndS3ComeFromTheValues() throws IOException {
        for (String name : SERVICE_PORTS.keySet()) {
            Map<String, JsonNode> env = env(container(production.component("Deployment", name)));
            assertEquals("postgres.databases.svc.cluster.local", value(env, "SHELLBOX_DB_HOST"), name);
            assertEquals("5432", value(env, "SHELLBOX_DB_PORT"), name);
            assertEquals("shellbox", value(env, "SHELLBOX_DB_USER"), name);
            assertEquals("0.0.0.0", value(env, "SHELLBOX_BIND_HOST"), name + " must listen beyond loopback");
            if (variablesRead(name).contains("KAFKA_BOOTSTRAP_SERVERS")) {
                assertEquals(
                        "kafka-0.kafka.svc.cluster.local:9092,kafka-1.kafka.svc.cluster.local:9092",
                        value(env, "KAFKA_BOOTSTRAP_SERVERS"),
                        name);
            }
        }
        Map<String, JsonNode> vfs = env(container(production.component("Deployment", "vfs-service")));
        assertEquals("https://s3.eu-west-1.amazonaws.com", value(vfs, "SHELLBOX_S3_ENDPOINT"));
        assertEquals("eu-west-1", value(vfs, "SHELLBOX_S3_REGION"));
        assertEquals("acme-shellbox-vfs", value(vfs, "SHELLBOX_S3_BUCKET"));
        assertEquals("40", value(vfs, "SHELLBOX_VFS_DB_POOL"), "extraEnv is passed on");
        Map<String, JsonNode> gateway = env(container(production.component("Deployment", "api-gateway")));
        assertEquals("true", value(gateway, "SHELLBOX_OIDC_ENABLED"));
        assertEquals("https://login.example.com/realms/shellbox", value(gateway, "SHELLBOX_OIDC_ISSUER"));
        assertEquals(
                "false",
                value(env(container(defaults.component("Deployment", "api-gateway"))), "SHELLBOX_OIDC_ENABLED"));
    }

    @Test
    void serviceUrlsNameTheRenderedServicesAndPorts() {
        for (RenderedChart chart : bothRenders()) {
            for (String caller : SERVICE_PORTS.keySet()) {
                env(container(chart.component("Deployment", caller))).forEach((variable, entry) -> {
                    String callee = URL_VARIABLES.get(variable);
                    if (callee == null) {
                        return;
                    }
                    URI url = URI.create(entry.path("value").asText());
                    JsonNode service = chart.component("Service", callee);
                    assertEquals(service.at("/metadata/name").asText(), url.getHost(), caller + " " + variable);
                    assertEquals(SERVICE_PORTS.get(callee), url.getPort(), caller + " " + variable);
                });
            }
        }
    }

    @Test
    void credentialsReachDeploymentsOnlyAsSecretReferences() {
        String password = "db-pw-" + System.nanoTime();
        String s3Secret = "s3-secret-" + System.nanoTime();
        String adminKey = "sbx_TestAdminKey" + System.nanoTime();
        String secretsKey = "c2VjcmV0cy1tYXN0ZXIta2V5LWZvci10ZXN0cy0wMDE=";
        RenderedChart withValues = RenderedChart.parse(template()
                .set("database.password", password)
                .set("s3.accessKey", "s3-access")
                .set("s3.secretKey", s3Secret)
                .set("services.api-gateway.bootstrapAdminKey.value", adminKey)
                .set("services.sandbox-service.secretsMasterKey.value", secretsKey)
                .call());

        JsonNode secret = withValues.component("Secret", "shellbox");
        assertEquals(password, decoded(secret, "database-password"));
        assertEquals(s3Secret, decoded(secret, "s3-secret-key"));
        assertEquals(adminKey, decoded(secret, "bootstrap-admin-key"));
        assertEquals(secretsKey, decoded(secret, "secrets-master-key"));
        for (JsonNode deployment : withValues.ofKind("Deployment")) {
            String text = deployment.toString();
            for (String plaintext : List.of(password, s3Secret, adminKey, secretsKey)) {
                assertFalse(text.contains(plaintext), "plaintext credential in " + deployment.at("/metadata/name"));
            }
        }
        assertCredentialsAreSecretRefs(withValues, Set.of("shellbox"));
        assertTrue(env(container(withValues.component("Deployment", "api-gateway")))
                .containsKey("SHELLBOX_BOOTSTRAP_ADMIN_KEY"));
        assertTrue(env(container(withValues.component("Deployment", "sandbox-service")))
                .containsKey("SHELLBOX_SECRETS_MASTER_KEY"));

        assertCredentialsAreSecretRefs(
                production, Set.of("shellbox-db", "shellbox-s3", "shellbox-admin", "shellbox-secrets"));
        assertTrue(production.ofKind("Secret").isEmpty(), "existing Secrets replace the chart's own");
    }

    /** Every credential variable is a secretKeyRef to one of {@code secrets}, and a rendered Secret has its key. */
    private static void assertCredentialsAreSecretRefs(RenderedChart chart, Set<String> secrets) {
        for (JsonNode deployment : chart.ofKind("Deployment")) {
            env(container(deployment)).forEach((variable, entry) -> {
                if (!CREDENTIAL.matcher(variable).find()) {
                    return;
                }
                assertFalse(entry.has("value"), variable + " is a plain value");
                JsonNode ref = entry.at("/valueFrom/secretKeyRef");
                String secretName = ref.path("name").asText();
                assertTrue(secrets.contains(secretName), variable + " reads " + secretName);
                chart.find("Secret", secretName)
                        .ifPresent(secret -> assertTrue(
                                secret.path("data").has(ref.path("key").asText()),
                                variable + ": " + secretName + " lacks " + ref.path("key")));
            });
        }
    }

    @Test
    void serviceNetworkPoliciesAdmitOnlyTheServicesThatCallThem() {
        for (RenderedChart chart : bothRenders()) {
            for (String callee : SERVICE_PORTS.keySet()) {
                Set<String> callers = SERVICE_PORTS.keySet().stream()
                        .filter(caller -> calls(chart, caller, callee))
                        .collect(Collectors.toCollection(TreeSet::new));
                JsonNode policy = chart.component("NetworkPolicy", callee);
                assertEquals(List.of("Ingress"), texts(policy.at("/spec/policyTypes")));
                Set<String> admitted = new TreeSet<>();
                for (JsonNode rule : policy.at("/spec/ingress")) {
                    for (JsonNode peer : rule.path("from")) {
                        String component = peer.at("/podSelector/matchLabels/app.kubernetes.io~1name")
                                .asText();
                        if (SERVICE_PORTS.containsKey(component)) {
                            admitted.add(component);
                        }
                    }
                }
                assertEquals(callers, admitted, callee);
            }
        }
        JsonNode gateway = production.component("NetworkPolicy", "api-gateway");
        assertEquals(
                "ingress-nginx",
                gateway.at("/spec/ingress/0/from/0/namespaceSelector/matchLabels/kubernetes.io~1metadata.name")
                        .asText());
    }

    private static boolean calls(RenderedChart chart, String caller, String callee) {
        return env(container(chart.component("Deployment", caller))).keySet().stream()
                .anyMatch(variable -> callee.equals(URL_VARIABLES.get(variable)));
    }

    @Test
    void sandboxPodsGetNoEgressButTheAllowList() {
        JsonNode policy = defaults.find("NetworkPolicy", "shellbox-sandboxes").orElseThrow();
        assertEquals(List.of("Ingress", "Egress"), texts(policy.at("/spec/policyTypes")));
        assertEquals(0, policy.at("/spec/egress").size(), "egress is deny-all by default");
        assertTrue(selects(
                policy.at("/spec/podSelector/matchLabels"), sandboxPod(defaults).at("/metadata/labels")));
        assertEquals(
                "sandbox-service",
                policy.at("/spec/ingress/0/from/0/podSelector/matchLabels/app.kubernetes.io~1name")
                        .asText());

        JsonNode allowed =
                production.find("NetworkPolicy", "shellbox-sandboxes").orElseThrow();
        assertEquals("shellbox-sandboxes", allowed.at("/metadata/namespace").asText());
        String egress = allowed.at("/spec/egress").toString();
        assertTrue(egress.contains("203.0.113.10/32"), egress);
        assertTrue(egress.contains("kube-dns"), egress);
    }

    @Test
    void sandboxPodTemplateIsNonRootReadOnlyAndTokenless() {
        for (RenderedChart chart : bothRenders()) {
            JsonNode pod = sandboxPod(chart);
            assertEquals("Pod", pod.path("kind").asText());
            JsonNode spec = pod.path("spec");
            assertFalse(spec.path("automountServiceAccountToken").asBoolean(true));
            assertTrue(spec.at("/securityContext/runAsNonRoot").asBoolean());
            assertNotEquals(0, spec.at("/securityContext/runAsUser").asInt(0));
            JsonNode container = spec.at("/containers/0");
            assertTrue(container.at("/securityContext/readOnlyRootFilesystem").asBoolean());
            assertFalse(
                    container.at("/securityContext/allowPrivilegeEscalation").asBoolean(true));
            assertEquals(List.of("ALL"), texts(container.at("/securityContext/capabilities/drop")));
            assertFalse(container.at("/resources/limits/cpu").isMissingNode());
            assertFalse(container.at("/resources/limits/memory").isMissingNode());
            Set<String> mounts = StreamSupport.stream(
                            container.path("volumeMounts").spliterator(), false)
                    .map(m -> m.path("mountPath").asText())
                    .collect(Collectors.toSet());
            assertEquals(Set.of("/workspace", "/home/user", "/tmp"), mounts);
        }
        assertEquals(
                "gvisor", sandboxPod(production).at("/spec/runtimeClassName").asText());
    }

    private static JsonNode sandboxPod(RenderedChart chart) {
        JsonNode configMap =
                chart.find("ConfigMap", "shellbox-sandbox-pod-template").orElseThrow();
        try {
            return RenderedChart.YAML.readTree(configMap.at("/data/pod.yaml").asText());
        } catch (IOException e) {
            throw new AssertionError("pod.yaml does not parse", e);
        }
    }

    @Test
    void servicesRunNonRootWithReadOnlyRootAndNoCapabilities() {
        for (String name : SERVICE_PORTS.keySet()) {
            JsonNode pod = defaults.component("Deployment", name).at("/spec/template/spec");
            assertTrue(pod.at("/securityContext/runAsNonRoot").asBoolean(), name);
            JsonNode container = pod.at("/containers/0");
            assertTrue(container.at("/securityContext/readOnlyRootFilesystem").asBoolean(), name);
            assertFalse(
                    container.at("/securityContext/allowPrivilegeEscalation").asBoolean(true), name);
            assertEquals(List.of("ALL"), texts(container.at("/securityContext/capabilities/drop")), name);
            assertTrue(container.path("volumeMounts").toString().contains("\"/tmp\""), name + " has a writable /tmp");
            assertEquals(
                    name.equals("sandbox-service"),
                    pod.path("automountServiceAccountToken").asBoolean(),
                    name + ": only sandbox-service talks to the Kubernetes API");
        }
    }

    @Test
    void sandboxServiceMayManagePodsInTheSandboxNamespace() {
        JsonNode deployment = production.component("Deployment", "sandbox-service");
        String account = deployment.at("/spec/template/spec/serviceAccountName").asText();
        JsonNode binding = production.component("RoleBinding", "sandbox-service");
        assertEquals("shellbox-sandboxes", binding.at("/metadata/namespace").asText());
        assertEquals(account, binding.at("/subjects/0/name").asText());
        assertEquals("shellbox", binding.at("/subjects/0/namespace").asText());
        JsonNode role =
                production.find("Role", binding.at("/roleRef/name").asText()).orElseThrow();
        assertEquals("shellbox-sandboxes", role.at("/metadata/namespace").asText());
        Map<String, List<String>> verbs = new HashMap<>();
        for (JsonNode rule : role.path("rules")) {
            for (JsonNode resource : rule.path("resources")) {
                verbs.put(resource.asText(), texts(rule.path("verbs")));
            }
        }
        assertTrue(verbs.get("pods").containsAll(List.of("create", "delete", "watch")), verbs.toString());
        assertTrue(verbs.get("pods/exec").contains("create"), verbs.toString());
        assertFalse(verbs.containsKey("secrets"), "no access to Secrets");
    }

    @Test
    void grafanaDashboardsShipAsALabelledConfigMap() throws IOException {
        JsonNode configMap = defaults.component("ConfigMap", "grafana-dashboards");
        assertEquals("1", label(configMap, "grafana_dashboard"));
        try (Stream<Path> files = Files.list(CHECKOUT.resolve("k8s/grafana"))) {
            List<Path> dashboards =
                    files.filter(f -> f.toString().endsWith(".json")).collect(Collectors.toList());
            assertFalse(dashboards.isEmpty());
            for (Path dashboard : dashboards) {
                assertEquals(
                        Files.readString(dashboard),
                        configMap
                                .path("data")
                                .path(dashboard.getFileName().toString())
                                .asText(),
                        dashboard.getFileName().toString());
            }
        }
    }

    @Test
    void productionValuesAddIngressServiceMonitorAndImagesFromTheRegistry() {
        JsonNode ingress = production.component("Ingress", "api-gateway");
        assertEquals(
                production
                        .component("Service", "api-gateway")
                        .at("/metadata/name")
                        .asText(),
                ingress.at("/spec/rules/0/http/paths/0/backend/service/name").asText());
        assertEquals("sandbox.example.com", ingress.at("/spec/rules/0/host").asText());
        assertEquals("shellbox-tls", ingress.at("/spec/tls/0/secretName").asText());

        for (String name : SERVICE_PORTS.keySet()) {
            JsonNode monitor = production.component("ServiceMonitor", name);
            assertEquals("/q/metrics", monitor.at("/spec/endpoints/0/path").asText(), name);
            assertEquals(
                    managementPortName(name),
                    monitor.at("/spec/endpoints/0/port").asText(),
                    name);
            assertEquals("app.kubernetes.io/name", monitor.at("/spec/jobLabel").asText(), name);
            assertTrue(
                    selects(
                            monitor.at("/spec/selector/matchLabels"),
                            production.component("Service", name).at("/metadata/labels")),
                    name + " ServiceMonitor selects its Service");
        }
        assertTrue(defaults.ofKind("Ingress").isEmpty());
        assertTrue(defaults.ofKind("ServiceMonitor").isEmpty());

        for (String name : SERVICE_PORTS.keySet()) {
            assertEquals(
                    "registry.example.com/shellbox/" + name + ":0.1.0",
                    container(production.component("Deployment", name))
                            .path("image")
                            .asText());
        }
        assertEquals(
                3,
                production
                        .component("Deployment", "api-gateway")
                        .at("/spec/replicas")
                        .asInt());
    }

    @Test
    void schemaRejectsValuesTheServicesCannotUse() {
        Map<String, String> invalid = Map.of(
                "kafka.bootstrapServers", "kafka",
                "services.api-gateway.bootstrapAdminKey.value", "not-an-api-key",
                "services.sandbox-service.defaultProvider", "firecracker",
                "databse.host", "typo");
        invalid.forEach((key, value) -> {
            Exception e = assertThrows(
                    Exception.class, () -> template().set(key, value).call(), key);
            assertTrue(e.getMessage().contains("schema"), key + ": " + e.getMessage());
        });
    }

    /** The environment variables a service's application.properties reads, outside the test profile. */
    private static Set<String> variablesRead(String service) throws IOException {
        Set<String> names = new HashSet<>();
        for (String line :
                Files.readAllLines(CHECKOUT.resolve(service).resolve("src/main/resources/application.properties"))) {
            if (line.startsWith("#") || line.startsWith("%")) {
                continue;
            }
            Matcher m = PLACEHOLDER.matcher(line);
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    private static Set<String> missing(Set<String> wanted, Set<String> present) {
        Set<String> missing = new TreeSet<>(wanted);
        missing.removeAll(present);
        return missing;
    }

    private static String value(Map<String, JsonNode> env, String name) {
        JsonNode entry = env.get(name);
        assertTrue(entry != null, name + " is not set");
        return entry.path("value").asText();
    }

    private static String decoded(JsonNode secret, String key) {
        return new String(Base64.getDecoder().decode(secret.at("/data/" + key).asText()), StandardCharsets.UTF_8);
    }

    private static List<String> texts(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false)
                .map(JsonNode::asText)
                .collect(Collectors.toList());
    }
}
