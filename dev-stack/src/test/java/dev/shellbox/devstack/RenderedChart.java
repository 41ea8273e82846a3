package dev.shellbox.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/** The objects of a {@code helm template} output, looked up by kind, name and label. */
final class RenderedChart {
    static final ObjectMapper YAML = new YAMLMapper();

    private final List<JsonNode> objects;

    private RenderedChart(List<JsonNode> objects) {
        this.objects = objects;
    }

    static RenderedChart parse(String manifests) {
        try (var parser = new YAMLFactory().createParser(manifests)) {
            List<JsonNode> docs = YAML.readValues(parser, JsonNode.class).readAll().stream()
                    .filter(node -> node != null && node.has("kind"))
                    .collect(Collectors.toList());
            return new RenderedChart(docs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    List<JsonNode> ofKind(String kind) {
        return objects.stream()
                .filter(o -> kind.equals(o.path("kind").asText()))
                .collect(Collectors.toList());
    }

    Optional<JsonNode> find(String kind, String name) {
        return ofKind(kind).stream()
                .filter(o -> name.equals(o.at("/metadata/name").asText()))
                .findFirst();
    }

    /** The one object of a kind whose app.kubernetes.io/name label is {@code component}. */
    JsonNode component(String kind, String component) {
        List<JsonNode> matches = ofKind(kind).stream()
                .filter(o -> component.equals(label(o, "app.kubernetes.io/name")))
                .collect(Collectors.toList());
        assertEquals(1, matches.size(), kind + " of " + component);
        return matches.get(0);
    }

    /** The first container of a Deployment. */
    static JsonNode container(JsonNode deployment) {
        return deployment.at("/spec/template/spec/containers/0");
    }

    /** A container's env entries by name. */
    static Map<String, JsonNode> env(JsonNode container) {
        return StreamSupport.stream(container.path("env").spliterator(), false)
                .collect(Collectors.toMap(e -> e.path("name").asText(), e -> e));
    }

    static String label(JsonNode object, String label) {
        return object.path("metadata").path("labels").path(label).asText();
    }

    /** Whether every label in {@code selector} (a matchLabels map) is on {@code labels}. */
    static boolean selects(JsonNode selector, JsonNode labels) {
        var it = selector.fields();
        while (it.hasNext()) {
            var e = it.next();
            if (!e.getValue().asText().equals(labels.path(e.getKey()).asText())) {
                return false;
            }
        }
        return selector.size() > 0;
    }
}
