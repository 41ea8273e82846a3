package dev.shellbox.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** What an SDK user does: HTTP calls to the gateway with a bearer credential. */
final class Api {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String base;
    private final String credential;

    Api(String base, String credential) {
        this.base = base;
        this.credential = credential;
    }

    /** A response: status, body bytes, and the body as text or JSON. */
    record Response(int status, byte[] body, java.net.http.HttpHeaders headers) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON (" + status + "): " + text());
            }
        }

        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }

    /** One Server-Sent Event. */
    record Event(String name, String data) {
        JsonNode json() {
            try {
                return JSON.readTree(data);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + data);
            }
        }
    }

    Response get(String path) {
        return send(request(path).GET());
    }

    Response delete(String path) {
        return send(request(path).DELETE());
    }

    Response post(String path, String json) {
        return send(request(path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    Response putJson(String path, String json) {
        return send(request(path)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    Response put(String path, byte[] body) {
        return send(request(path)
                .header("Content-Type", "application/octet-stream")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    /** Runs a command through POST /exec and returns the JSON result. */
    JsonNode exec(String sandboxId, String command) {
        Response r = post(
                "/v1/sandboxes/" + sandboxId + "/exec",
                JSON.createObjectNode().put("command", command).toString());
        if (r.status() != 200) {
            throw new AssertionError("exec answered " + r.status() + ": " + r.text());
        }
        return r.json();
    }

    /** Posts and reads the SSE stream to its end. */
    List<Event> stream(String path, String json) {
        try {
            HttpResponse<InputStream> response = HTTP.send(
                    request(path)
                            .header("Content-Type", "application/json")
                            .header("Accept", "text/event-stream")
                            .POST(HttpRequest.BodyPublishers.ofString(json))
                            .build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            List<Event> events = new ArrayList<>();
            try (BufferedReader reader =
                    new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                String name = "message";
                StringBuilder data = new StringBuilder();
                String line;
                while ((line = reader.readLine()) != null) {
                    if (line.isEmpty()) {
                        if (data.length() > 0) {
                            events.add(new Event(name, data.toString()));
                        }
                        name = "message";
                        data.setLength(0);
                    } else if (line.startsWith("event:")) {
                        name = line.substring(6).trim();
                    } else if (line.startsWith("data:")) {
                        if (data.length() > 0) {
                            data.append('\n');
                        }
                        data.append(line.substring(5).startsWith(" ") ? line.substring(6) : line.substring(5));
                    }
                }
            }
            return events;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(120));
        if (credential != null) {
            b.header("Authorization", "Bearer " + credential);
        }
        return b;
    }

    /**
     * Sends a request; a 429 of the per-second request rate (not a plan's quota) is waited out as its Retry-After asks
     * and sent again, as a client SDK does, so that tests that send many requests test what they are about.
     */
    private static Response send(HttpRequest.Builder request) {
        try {
            HttpRequest built = request.build();
            for (int attempt = 0; ; attempt++) {
                HttpResponse<byte[]> r = HTTP.send(built, HttpResponse.BodyHandlers.ofByteArray());
                Response response = new Response(r.statusCode(), r.body(), r.headers());
                if (r.statusCode() != 429 || attempt >= 30 || !isRateLimit(response)) {
                    return response;
                }
                String retryAfter = response.header("Retry-After");
                Thread.sleep(retryAfter == null ? 1000 : Long.parseLong(retryAfter) * 1000);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static boolean isRateLimit(Response response) {
        try {
            return "requests_per_second".equals(response.json().path("limit").asText());
        } catch (RuntimeException notJson) {
            return false;
        }
    }
}
