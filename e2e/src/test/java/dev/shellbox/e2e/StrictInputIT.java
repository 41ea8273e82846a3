package dev.shellbox.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every public endpoint (as the gateway's OpenAPI document lists them, which is its route table: api-gateway's
 * OpenApiDocumentTest holds the two equal), sent through the gateway of a running suite what
 * a careless client sends: wrong JSON types, missing required fields, unknown fields, an array for an object, text that
 * is not JSON, and query parameters that do not parse. Each answer must be a 4xx problem+json that names the field (a
 * JSON pointer), the parameter, or for text that is not JSON the line and column, with the public path as
 * {@code instance}. An endpoint without any input a client could get wrong is sent an id that does not exist.
 */
@ExtendWith(Suite.class)
class StrictInputIT {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final List<String> HTTP_METHODS = List.of("get", "put", "post", "delete", "patch");
    private static final String MALFORMED = "{\n  \"name\": \"x\",\n  oops\n}";

    private static String userKey;
    private static String sandbox;

    /** One bad request and what the answer must name. */
    record Case(String endpoint, String what, String query, String body, String names) {
        @Override
        public String toString() {
            return endpoint + ": " + what;
        }
    }

    @BeforeAll
    static void createSandbox() {
        Api user = Suite.newUser("strict-input");
        // Refused creates are sent many times here: a plan that does not run out of sandboxes first.
        Api admin = Suite.admin();
        Api.Response plan = admin.putJson(
                "/v1/admin/plans/strict-input",
                "{\"limits\": {\"concurrent_sandboxes\": 1000, \"sandbox_creates_per_day\": 100000}}");
        assertThat(plan.status()).as(plan.text()).isIn(200, 201);
        Api.Response assigned = admin.putJson("/v1/admin/users/strict-input/plan", "{\"plan\": \"strict-input\"}");
        assertThat(assigned.status()).as(assigned.text()).isEqualTo(200);
        userKey = keyOf("strict-input");
        Api.Response created = user.post("/v1/sandboxes", "{\"name\":\"strict\"}");
        assertThat(created.status()).as(created.text()).isIn(200, 201);
        sandbox = created.json().get("id").asText();
    }

    /** The cases of each endpoint, by "METHOD template". */
    static Map<String, List<Case>> table() {
        Map<String, List<Case>> t = new LinkedHashMap<>();
        String sb = "/v1/sandboxes/{id}";
        String files = sb + "/files";
        json(
                t,
                "POST /v1/sandboxes",
                bad("name is a number", "{\"name\": 5}", "/name"),
                bad("network is a string", "{\"network\": \"yes\"}", "/network"),
                bad("idleTimeoutSeconds has a fraction", "{\"idleTimeoutSeconds\": 60.5}", "/idleTimeoutSeconds"),
                bad("env is an array", "{\"env\": [\"A=1\"]}", "/env"),
                bad("a label value is a number", "{\"labels\": {\"team\": 1}}", "/labels/team"),
                bad("provider cannot run here", "{\"provider\": \"docker\"}", "/provider"),
                bad("an unknown field", "{\"nmae\": \"x\"}", "/nmae"));
        query(t, "GET /v1/sandboxes", bad("state is not a state", "state=garbage", "state"));
        for (String exec : List.of("POST " + sb + "/exec", "POST " + sb + "/exec/stream")) {
            json(
                    t,
                    exec,
                    bad("command is a number", "{\"command\": 123}", "/command"),
                    bad("command is missing", "{\"cwd\": \"/workspace\"}", "/command"),
                    bad("timeoutMs is a string", "{\"command\": \"true\", \"timeoutMs\": \"abc\"}", "/timeoutMs"),
                    bad("timeoutMs has a fraction", "{\"command\": \"true\", \"timeoutMs\": 1.5}", "/timeoutMs"),
                    bad("an env value is a number", "{\"command\": \"true\", \"env\": {\"A\": 1}}", "/env/A"),
                    bad("stdin is an object", "{\"command\": \"true\", \"stdin\": {}}", "/stdin"),
                    bad("an unknown field", "{\"command\": \"true\", \"cmd\": \"x\"}", "/cmd"),
                    bad("cwd is relative", "{\"command\": \"true\", \"cwd\": \"src\"}", "/cwd"),
                    bad("timeoutMs is not positive", "{\"command\": \"true\", \"timeoutMs\": 0}", "/timeoutMs"),
                    bad("command is blank", "{\"command\": \"  \"}", "/command"),
                    bad("an env name is invalid", "{\"command\": \"true\", \"env\": {\"A-B\": \"1\"}}", "/env/A-B"));
        }
        json(
                t,
                "POST " + sb + "/sessions",
                bad("name is a number", "{\"name\": 5}", "/name"),
                bad("name is missing", "{}", "/name"),
                bad("an unknown field", "{\"name\": \"s\", \"shell\": \"zsh\"}", "/shell"));
        json(
                t,
                "POST " + sb + "/processes",
                bad("command is a number", "{\"command\": 123}", "/command"),
                bad("command is missing", "{\"cwd\": \"/workspace\"}", "/command"),
                bad("an env value is a number", "{\"command\": \"true\", \"env\": {\"A\": 1}}", "/env/A"),
                bad("an unknown field", "{\"command\": \"true\", \"cmd\": \"x\"}", "/cmd"),
                bad("cwd is relative", "{\"command\": \"true\", \"cwd\": \"src\"}", "/cwd"),
                bad("an env name is invalid", "{\"command\": \"true\", \"env\": {\"A-B\": \"1\"}}", "/env/A-B"));
        query(
                t,
                "GET " + sb + "/processes/{process}/logs/{stream}",
                bad("offset is not a number", "offset=abc", "offset"),
                bad("limit is not a number", "limit=abc", "limit"));
        json(
                t,
                "POST " + sb + "/processes/{process}/signal",
                bad("signal is missing", "{}", "/signal"),
                bad("signal is no signal", "{\"signal\": \"NOPE\"}", "/signal"),
                bad("an unknown field", "{\"signal\": \"TERM\", \"sig\": 1}", "/sig"));
        json(
                t,
                "PUT " + sb + "/network",
                bad("mode is not a mode", "{\"mode\": \"sometimes\"}", "/mode"),
                bad(
                        "an entry is not a host",
                        "{\"mode\": \"allowlist\", \"allow\": [\"ok.test\", \"bad host\"]}",
                        "/allow/1"),
                bad("a port is out of range", "{\"mode\": \"allowlist\", \"allow\": [\"ok.test:70000\"]}", "/allow/0"),
                bad("allow is a string", "{\"mode\": \"allowlist\", \"allow\": \"ok.test\"}", "/allow"),
                bad("an unknown field", "{\"mode\": \"open\", \"allowed\": []}", "/allowed"));
        query(t, "GET " + files, bad("path is missing", "", "path"));
        query(t, "PUT " + files, bad("mode is not octal", "path=/workspace/m.txt&mode=rw-", "mode"));
        query(t, "DELETE " + files, bad("recursive is not a boolean", "path=/workspace&recursive=maybe", "recursive"));
        query(t, "POST " + files + "/append", bad("path is missing", "", "path"));
        query(t, "GET " + files + "/info", bad("follow is not a boolean", "path=/workspace&follow=maybe", "follow"));
        query(
                t,
                "GET " + files + "/list",
                bad("limit is not a number", "path=/workspace&limit=abc", "limit"),
                bad("recursive is not a boolean", "path=/workspace&recursive=maybe", "recursive"),
                bad("cursor was never issued", "path=/workspace&cursor=garbage", "cursor"));
        query(t, "POST " + files + "/mkdir", bad("parents is not a boolean", "path=/workspace/d&parents=2", "parents"));
        query(
                t,
                "POST " + files + "/move",
                bad("overwrite is not a boolean", "from=/a&to=/b&overwrite=yes", "overwrite"));
        query(
                t,
                "POST " + files + "/copy",
                bad("overwrite is not a boolean", "from=/a&to=/b&overwrite=yes", "overwrite"));
        query(
                t,
                "GET " + files + "/search",
                bad("maxResults is not a number", "pattern=x&maxResults=many", "maxResults"),
                bad("ignoreCase is not a boolean", "pattern=x&ignoreCase=maybe", "ignoreCase"));
        t.put(
                "POST " + files + "/upload",
                List.of(new Case(
                        "POST " + files + "/upload",
                        "the body is not a tar archive",
                        "path=/workspace/u",
                        "just text",
                        "tar")));
        query(
                t,
                "GET " + files + "/download",
                bad("path does not exist", "path=/workspace/no-such-dir", "no-such-dir"));
        json(
                t,
                "PUT /v1/secrets/{name}",
                bad("value is a number", "{\"value\": 5}", "/value"),
                bad("value is missing", "{\"description\": \"d\"}", "/value"),
                bad("an unknown field", "{\"value\": \"v\", \"valeu\": \"v\"}", "/valeu"));
        query(t, "GET /v1/usage", bad("from is not a date", "from=yesterday", "from"));
        json(
                t,
                "PUT /v1/admin/plans/{plan}",
                bad("limits is missing", "{\"name\": \"strict-plan\"}", "/limits"),
                bad("a limit is a string", "{\"limits\": {\"execs_per_day\": \"10\"}}", "/limits/execs_per_day"),
                bad("a limit has a fraction", "{\"limits\": {\"execs_per_day\": 1.5}}", "/limits/execs_per_day"),
                bad("a limit is negative", "{\"limits\": {\"execs_per_day\": -1}}", "/limits/execs_per_day"),
                bad("a limit is unknown", "{\"limits\": {\"execs_per_hour\": 1}}", "/limits/execs_per_hour"),
                bad("an unknown field", "{\"limits\": {}, \"limtis\": {}}", "/limtis"));
        json(
                t,
                "PUT /v1/admin/users/{user}/plan",
                bad("plan is a number", "{\"plan\": 5}", "/plan"),
                bad("plan is missing", "{}", "/plan"),
                bad("an unknown field", "{\"plan\": \"pro\", \"until\": \"never\"}", "/until"));
        query(
                t,
                "GET /v1/admin/users/{user}/events",
                bad("limit is not a number", "limit=abc", "limit"),
                bad("to is not a date", "to=later", "to"));
        json(
                t,
                "POST /v1/admin/api-keys",
                bad("user is a number", "{\"user\": 5, \"name\": \"k\"}", "/user"),
                bad("user is missing", "{\"name\": \"k\"}", "/user"),
                bad("roles is a string", "{\"user\": \"u\", \"name\": \"k\", \"roles\": \"admin\"}", "/roles"),
                bad("an unknown field", "{\"user\": \"u\", \"name\": \"k\", \"role\": \"admin\"}", "/role"));
        // Nothing a client could send wrong but the id in the path: an id that does not exist is named.
        for (String endpoint : List.of(
                "GET " + sb,
                "DELETE " + sb,
                "POST " + sb + "/pause",
                "POST " + sb + "/resume",
                "GET " + sb + "/sessions",
                "GET " + sb + "/processes",
                "GET " + sb + "/processes/{process}",
                "GET " + sb + "/network",
                "GET " + sb + "/network/events",
                "GET /v1/admin/plans/{plan}",
                "DELETE /v1/admin/plans/{plan}")) {
            t.put(endpoint, List.of(new Case(endpoint, "an id that does not exist", "", null, "no-such")));
        }
        t.put(
                "DELETE " + sb + "/sessions/{session}",
                List.of(new Case(
                        "DELETE " + sb + "/sessions/{session}", "a session that does not exist", "", null, "no-such")));
        // a name no secret can have (checked before anything else, also where no master key is set)
        for (String endpoint : List.of("GET /v1/secrets/{name}", "DELETE /v1/secrets/{name}")) {
            t.put(endpoint, List.of(new Case(endpoint, "an invalid name", "", null, "name")));
        }
        t.put(
                "DELETE /v1/admin/api-keys/{keyId}",
                List.of(new Case(
                        "DELETE /v1/admin/api-keys/{keyId}", "a key that does not exist", "", null, "no-such")));
        return t;
    }

    /** Endpoints that take no input at all: nothing to send wrong. */
    private static final List<String> NO_INPUT = List.of(
            "GET /v1/secrets",
            "GET /v1/plans",
            "GET /v1/admin/plans",
            "GET /v1/admin/users/{user}/plan",
            "GET /v1/admin/api-keys");

    @Test
    void everyPublicEndpointHasCasesOrTakesNoInput() {
        Map<String, List<Case>> table = table();
        JsonNode paths = new Api(Suite.stack().gatewayUrl(), null)
                .get("/q/openapi?format=json")
                .json()
                .get("paths");
        List<String> endpoints = new ArrayList<>();
        paths.fields()
                .forEachRemaining(path -> path.getValue().fieldNames().forEachRemaining(method -> {
                    if (HTTP_METHODS.contains(method)) {
                        endpoints.add(method.toUpperCase(java.util.Locale.ROOT) + " " + path.getKey());
                    }
                }));
        assertThat(endpoints).as("the public endpoints").hasSizeGreaterThan(30);
        List<String> missing = endpoints.stream()
                .filter(e -> !table.containsKey(e) && !NO_INPUT.contains(e))
                .toList();
        assertThat(missing).as("endpoints without bad-input cases").isEmpty();
    }

    static Stream<Arguments> cases() {
        return table().values().stream().flatMap(List::stream).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void answersBadInputWithAProblemNamingIt(Case c) throws Exception {
        String method = c.endpoint().substring(0, c.endpoint().indexOf(' '));
        String template = c.endpoint().substring(method.length() + 1);
        String path = template.replace("{id}", c.names().equals("no-such") ? "sb-no-such-sandbox" : sandbox)
                .replace("{session}", "no-such-session")
                .replace("{process}", "00000000-1")
                .replace("{stream}", "stdout")
                .replace("{plan}", c.names().equals("no-such") ? "no-such-plan" : "strict-plan")
                .replace("{user}", "strict-user")
                .replace("{keyId}", "no-such-key")
                .replace("{name}", c.names().equals("name") ? "no~such~secret" : "no-such-secret");
        boolean admin = template.startsWith("/v1/admin/");
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(
                        Suite.stack().gatewayUrl() + path + (c.query().isEmpty() ? "" : "?" + c.query())))
                .timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + (admin ? Suite.ADMIN_KEY : userKey));
        if (c.body() != null) {
            request.header(
                    "Content-Type",
                    c.body().startsWith("{") || c.body().startsWith("[")
                            ? "application/json"
                            : "application/octet-stream");
        }
        request.method(
                method,
                c.body() == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(c.body(), StandardCharsets.UTF_8));
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());

        String seen = response.statusCode() + " " + response.body();
        assertThat(response.statusCode()).as(seen).isBetween(400, 499);
        assertThat(response.headers().firstValue("Content-Type").orElse(""))
                .as(seen)
                .startsWith("application/problem+json");
        JsonNode problem = Api.JSON.readTree(response.body());
        assertThat(problem.path("status").asInt()).as(seen).isEqualTo(response.statusCode());
        assertThat(problem.path("instance").asText()).as(seen).isEqualTo(path);
        assertThat(problem.path("detail").asText()).as(seen).doesNotContain("/v1/volumes", "java.", "Exception");
        if (c.what().equals("malformed JSON")) {
            assertThat(problem.path("line").asInt()).as(seen).isEqualTo(3);
            assertThat(problem.path("column").asInt()).as(seen).isPositive();
        } else if (c.what().equals("an array for the object")) {
            assertThat(problem.has("pointer")).as(seen).isTrue();
            assertThat(problem.path("pointer").asText()).as(seen).isEmpty();
            assertThat(problem.path("expected").asText()).as(seen).isEqualTo("an object");
        } else if (c.names().startsWith("/")) {
            assertThat(problem.path("pointer").asText()).as(seen).isEqualTo(c.names());
        } else {
            assertThat(problem.path("parameter").asText() + " "
                            + problem.path("detail").asText())
                    .as(seen)
                    .contains(c.names());
        }
    }

    /** JSON body cases, plus the two every JSON endpoint gets: text that is not JSON and an array for the object. */
    private static void json(Map<String, List<Case>> t, String endpoint, Case... cases) {
        List<Case> all = new ArrayList<>();
        for (Case c : cases) {
            all.add(new Case(endpoint, c.what(), "", c.body(), c.names()));
        }
        all.add(new Case(endpoint, "malformed JSON", "", MALFORMED, ""));
        all.add(new Case(endpoint, "an array for the object", "", "[1, 2]", ""));
        t.put(endpoint, all);
    }

    private static void query(Map<String, List<Case>> t, String endpoint, Case... cases) {
        List<Case> all = new ArrayList<>();
        for (Case c : cases) {
            all.add(new Case(
                    endpoint,
                    c.what(),
                    c.body(),
                    endpoint.startsWith("PUT") || endpoint.contains("append") ? "" : null,
                    c.names()));
        }
        t.put(endpoint, all);
    }

    /** A case before it is bound to its endpoint: for JSON endpoints {@code input} is the body, else the query. */
    private static Case bad(String what, String input, String names) {
        return new Case("", what, "", input, names);
    }

    private static String keyOf(String user) {
        Api.Response created = Suite.admin()
                .post(
                        "/v1/admin/api-keys",
                        "{\"user\":\"" + user + "\",\"name\":\"strict-" + UUID.randomUUID() + "\"}");
        return created.json().get("key").asText();
    }
}
