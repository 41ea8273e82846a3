package dev.shellbox.contracts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProblemTest {
    private final ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    @Test
    void writesExtensionsBesideTheStandardMembers() throws Exception {
        Problem p = Problem.of(409, "Commit Conflict", "2 paths changed")
                .withInstance("/internal/v1/volumes/v/commit")
                .with("conflicts", List.of("/a", "/b"))
                .with("baseVersion", 3L);

        assertEquals(
                "{\"type\":\"https://shellbox.dev/problems/commit-conflict\",\"title\":\"Commit Conflict\","
                        + "\"status\":409,\"detail\":\"2 paths changed\",\"instance\":\"/internal/v1/volumes/v/commit\","
                        + "\"conflicts\":[\"/a\",\"/b\"],\"baseVersion\":3}",
                json.writeValueAsString(p));
    }

    @Test
    void readsBackWhatItWrote() throws Exception {
        Problem p = Problem.of(400, "timeoutMs: expected an integer")
                .withErrno("EINVAL")
                .with("pointer", "/timeoutMs")
                .with("line", 1);

        Problem read = json.readValue(json.writeValueAsString(p), Problem.class);

        assertEquals(p, read);
        assertEquals("/timeoutMs", read.extension("pointer"));
    }

    @Test
    void refusesAnExtensionNamedLikeAStandardMember() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new Problem("t", "T", 400, "d", null, null, null, null, null, null, Map.of("status", 1)));
    }
}
