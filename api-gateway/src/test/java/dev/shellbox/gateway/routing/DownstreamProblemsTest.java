package dev.shellbox.gateway.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

class DownstreamProblemsTest {
    private static final String PUBLIC = "/v1/sandboxes/sb-1/files/list";

    @Test
    void rewritesTheInstanceAndInternalPathsInTheDetailAndKeepsTheOtherMembers() {
        JsonObject from = new JsonObject()
                .put("type", "https://shellbox.dev/problems/bad-request")
                .put("title", "Bad Request")
                .put("status", 400)
                .put("detail", "no such resource: GET /v1/volumes/sb-1/files/lst")
                .put("instance", "/v1/volumes/sb-1/files/list")
                .put("parameter", "limit")
                .put("conflicts", new JsonArray().add("/a"));

        JsonObject shown =
                DownstreamProblems.publicProblem(400, "application/problem+json", Buffer.buffer(from.encode()), PUBLIC);

        assertEquals(PUBLIC, shown.getString("instance"));
        assertEquals("no such resource: GET /v1/sandboxes/sb-1/files/lst", shown.getString("detail"));
        assertEquals("limit", shown.getString("parameter"));
        assertEquals(new JsonArray().add("/a"), shown.getJsonArray("conflicts"));
    }

    @Test
    void givesAnErrorWithoutAProblemBodyOne() {
        JsonObject shown = DownstreamProblems.publicProblem(414, null, Buffer.buffer(), PUBLIC);

        assertEquals(414, shown.getInteger("status"));
        assertEquals("URI Too Long", shown.getString("title"));
        assertEquals(PUBLIC, shown.getString("instance"));
    }
}
