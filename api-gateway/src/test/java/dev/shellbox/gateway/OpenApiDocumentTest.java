package dev.shellbox.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellbox.gateway.routing.RouteTable;
import dev.shellbox.platform.testing.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The public OpenAPI document as served at /q/openapi: valid, describing exactly the routed endpoints, and shaped so
 * that a generated client works without hand edits.
 */
@QuarkusTest
@QuarkusTestResource(PostgresTestResource.class)
class OpenApiDocumentTest {
    private OpenAPI api;

    @BeforeEach
    void parseServedDocument() {
        String json = given().get("/q/openapi?format=json")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        ParseOptions options = new ParseOptions();
        options.setResolve(false);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(json, null, options);
        assertEquals(List.of(), result.getMessages(), "the served document is not valid OpenAPI");
        api = result.getOpenAPI();
        assertNotNull(api);
    }

    @Test
    void servesYamlByDefaultAndTheSameDocumentAsJson() {
        given().get("/q/openapi")
                .then()
                .statusCode(200)
                .contentType(containsString("yaml"))
                .body(containsString("operationId: execCommandStream"));
    }

    @Test
    void describesEveryRoutedEndpointAndNothingElse() {
        Set<String> routed = new TreeSet<>();
        for (RouteTable.Endpoint e : RouteTable.ENDPOINTS) {
            routed.add(e.method() + " " + e.template());
        }
        Set<String> documented = new TreeSet<>();
        api.getPaths()
                .forEach((path, item) -> item.readOperationsMap()
                        .keySet()
                        .forEach(method -> documented.add(method.name() + " " + path)));
        Set<String> undocumented = new TreeSet<>(routed);
        undocumented.removeAll(documented);
        Set<String> notRouted = new TreeSet<>(documented);
        notRouted.removeAll(routed);
        assertEquals(Set.of(), undocumented, "routed by RouteTable but missing from META-INF/openapi.yaml");
        assertEquals(Set.of(), notRouted, "described in META-INF/openapi.yaml but not routed by RouteTable");
    }

    @Test
    void givesEveryOperationAUniqueIdATagAndTheErrorsItCanAnswer() {
        Set<String> ids = new HashSet<>();
        for (RouteTable.Endpoint e : RouteTable.ENDPOINTS) {
            Operation op = operation(e);
            String where = e.method() + " " + e.template();
            assertNotNull(op.getOperationId(), where + " has no operationId");
            assertTrue(op.getOperationId().matches("[a-z][A-Za-z]+"), where + ": operationId " + op.getOperationId());
            assertTrue(ids.add(op.getOperationId()), "operationId " + op.getOperationId() + " is used twice");
            assertTrue(op.getTags() != null && op.getTags().size() == 1, where + " needs exactly one tag");
            assertNotNull(op.getSummary(), where + " has no summary");
            Set<String> expected = new TreeSet<>(List.of("401", "429"));
            if (e.template().startsWith("/v1/sandboxes/{id}")) {
                expected.add("404");
            }
            if (e.adminOnly()) {
                expected.add("403");
            }
            if (e.downstream() != RouteTable.Downstream.LOCAL) {
                expected.addAll(List.of("502", "503", "504"));
            }
            if (op.getRequestBody() != null) {
                expected.add("413");
            }
            assertTrue(
                    op.getResponses().keySet().containsAll(expected),
                    where + " documents " + op.getResponses().keySet() + ", expected at least " + expected);
            op.getResponses().forEach((status, response) -> {
                if (status.startsWith("4") || status.startsWith("5")) {
                    assertProblem(where + " " + status, response);
                }
            });
        }
    }

    @Test
    void usesNamedSchemasForEveryJsonBody() {
        for (RouteTable.Endpoint e : RouteTable.ENDPOINTS) {
            Operation op = operation(e);
            String where = e.method() + " " + e.template();
            List<Content> bodies = new ArrayList<>();
            if (op.getRequestBody() != null) {
                bodies.add(op.getRequestBody().getContent());
            }
            op.getResponses().values().stream()
                    .filter(r -> r.get$ref() == null && r.getContent() != null)
                    .forEach(r -> bodies.add(r.getContent()));
            for (Content content : bodies) {
                content.forEach((type, media) -> {
                    if (type.contains("json")) {
                        Schema<?> schema = media.getSchema();
                        Schema<?> named = "array".equals(schema.getType()) ? schema.getItems() : schema;
                        assertNotNull(named.get$ref(), where + " has an anonymous " + type + " schema");
                    }
                });
            }
        }
    }

    @Test
    void declaresBothCredentialsAsBearerSchemesRequiredEverywhere() {
        var schemes = api.getComponents().getSecuritySchemes();
        assertEquals(Set.of("apiKey", "accessToken"), schemes.keySet());
        schemes.values().forEach(s -> assertEquals("bearer", s.getScheme()));
        assertEquals("JWT", schemes.get("accessToken").getBearerFormat());
        assertEquals(2, api.getSecurity().size());
    }

    @Test
    void servesSwaggerUi() {
        given().get("/q/swagger-ui/").then().statusCode(200).body(containsString("swagger"));
    }

    private Operation operation(RouteTable.Endpoint e) {
        PathItem item = api.getPaths().get(e.template());
        assertNotNull(item, e.template() + " is not documented");
        Operation op = item.readOperationsMap().get(PathItem.HttpMethod.valueOf(e.method()));
        assertNotNull(op, e.method() + " " + e.template() + " is not documented");
        return op;
    }

    private void assertProblem(String where, ApiResponse response) {
        ApiResponse resolved = response;
        if (response.get$ref() != null) {
            String name = response.get$ref().substring(response.get$ref().lastIndexOf('/') + 1);
            resolved = api.getComponents().getResponses().get(name);
            assertNotNull(resolved, where + ": unknown response " + response.get$ref());
        }
        Map<String, ?> content = resolved.getContent();
        assertNotNull(content, where + " has no body");
        assertEquals(Set.of("application/problem+json"), content.keySet(), where + " is not problem+json");
        assertEquals(
                "#/components/schemas/Problem",
                resolved.getContent()
                        .get("application/problem+json")
                        .getSchema()
                        .get$ref(),
                where);
    }
}
