package dev.shellbox.contracts.volume;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a 409 of a commit adds to its problem body: the commit's paths that changed in the volume after its base
 * version (nothing of the commit was applied), the base version, and the volume's current version.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CommitConflict(List<String> conflicts, long baseVersion, long currentVersion) {
    public CommitConflict {
        conflicts = conflicts == null ? List.of() : List.copyOf(conflicts);
    }

    /** The members a 409 problem body carries, by their JSON names (those of this record's components). */
    public Map<String, Object> members() {
        Map<String, Object> members = new LinkedHashMap<>();
        members.put("conflicts", conflicts);
        members.put("baseVersion", baseVersion);
        members.put("currentVersion", currentVersion);
        return members;
    }
}
