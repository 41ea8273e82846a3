package dev.shellbox.contracts.volume;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CommitConflictTest {

    @Test
    void theMembersOfAProblemBodyReadBackAsTheRecord() throws Exception {
        ObjectMapper json = new ObjectMapper();
        CommitConflict conflict = new CommitConflict(List.of("/workspace/a"), 3, 5);
        Map<String, Object> body = new java.util.LinkedHashMap<>(Map.of("type", "x", "status", 409));
        body.putAll(conflict.members());
        assertEquals(conflict, json.readValue(json.writeValueAsString(body), CommitConflict.class));
        assertEquals(
                json.readValue(json.writeValueAsString(conflict), Map.class).keySet(),
                conflict.members().keySet());
    }
}
