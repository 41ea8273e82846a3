package dev.shellbox.usage;

import static dev.shellbox.usage.support.Admin.assign;
import static dev.shellbox.usage.support.Admin.check;
import static dev.shellbox.usage.support.Admin.definePlan;
import static dev.shellbox.usage.support.Events.newUser;
import static dev.shellbox.usage.support.Events.usage;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.contracts.Location;
import dev.shellbox.contracts.Operation;
import dev.shellbox.contracts.SandboxLifecycleEvent;
import dev.shellbox.platform.testing.PostgresTestResource;
import dev.shellbox.usage.config.UsageConfig;
import dev.shellbox.usage.messaging.UsageTopicsConsumer;
import dev.shellbox.usage.support.TestKafka;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** The Grafana dashboard in k8s/grafana queries only metrics, and labels, that this service exports. */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class DashboardTest {
    private static final Path GRAFANA = Path.of("..", "k8s", "grafana");
    private static final Pattern METRIC =
            Pattern.compile("\\b(shellbox_[a-z_]+|http_server_requests_seconds_[a-z]+)\\b");
    private static final Pattern BY = Pattern.compile("by \\(([a-z_, ]+)\\)");

    @Inject
    ObjectMapper json;

    @Inject
    UsageConfig config;

    @Test
    void queriesOnlyMetricsAndLabelsTheServiceExports() throws Exception {
        produceActivity();
        List<String> exprs = new ArrayList<>();
        collectExprs(
                json.readTree(GRAFANA.resolve("shellbox-usage-dashboard.json").toFile()), exprs);
        assertThat(exprs).hasSizeGreaterThan(10);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            String metrics =
                    given().get("/q/metrics").then().statusCode(200).extract().asString();
            for (String expr : exprs) {
                Matcher m = METRIC.matcher(expr);
                List<String> names = new ArrayList<>();
                while (m.find()) {
                    names.add(m.group(1));
                }
                assertThat(names).as(expr).isNotEmpty();
                for (String name : names) {
                    List<String> samples = metrics.lines()
                            .filter(l -> l.startsWith(name + "{") || l.startsWith(name + " "))
                            .toList();
                    assertThat(samples)
                            .as("samples of %s used by %s", name, expr)
                            .isNotEmpty();
                    Matcher by = BY.matcher(expr);
                    while (by.find()) {
                        for (String label : by.group(1).split(",")) {
                            String l = label.trim();
                            assertThat(samples).as("label %s of %s", l, name).anyMatch(s -> s.contains(l + "=\""));
                        }
                    }
                }
            }
            assertThat(metrics).contains("uri=\"/internal/v1/quota/check\"");
        });
    }

    @Test
    void scrapesEveryServiceAtItsMetricsPath() throws IOException {
        try (Reader r = Files.newBufferedReader(GRAFANA.resolve("prometheus-scrape.yml"))) {
            Map<String, Object> config = new Yaml().load(r);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> jobs = (List<Map<String, Object>>) config.get("scrape_configs");
            assertThat(jobs)
                    .extracting(j -> j.get("job_name"))
                    .contains("usage-service", "api-gateway", "sandbox-service", "vfs-service");
            assertThat(jobs).allSatisfy(j -> assertThat(j.get("metrics_path")).isEqualTo("/q/metrics"));
        }
    }

    private void produceActivity() {
        String user = newUser();
        assign(user, definePlan(Map.of("file_ops_per_day", 0L)));
        check(user, "execs_per_day", 1).then().statusCode(200);
        check(user, "file_ops_per_day", 1).then().statusCode(429);
        try (TestKafka kafka = new TestKafka(json)) {
            kafka.send(usage(user, Operation.EXEC, Location.CONTAINER, 1, Instant.now()));
            kafka.send(SandboxLifecycleEvent.of(SandboxLifecycleEvent.CREATED, "sbx-dash-" + user, user));
            kafka.flush();
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> kafka.caughtUp(config.consumer().groupId(), UsageTopicsConsumer.TOPICS));
        }
    }

    private static void collectExprs(JsonNode node, List<String> exprs) {
        if (node.isObject()) {
            JsonNode expr = node.get("expr");
            if (expr != null && expr.isTextual()) {
                exprs.add(expr.asText());
            }
            node.forEach(child -> collectExprs(child, exprs));
        } else if (node.isArray()) {
            node.forEach(child -> collectExprs(child, exprs));
        }
    }
}
