package dev.shellbox.vfs.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.vfs.domain.Change;
import dev.shellbox.vfs.domain.ChangeKind;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The change log: which paths each volume version touched. */
@ApplicationScoped
public class ChangeRepository implements PanacheRepositoryBase<Change, Change.Key> {
    private final ObjectMapper json;

    public ChangeRepository(ObjectMapper json) {
        this.json = json;
    }

    /** One logged change. */
    public record Entry(long version, String path, ChangeKind kind) {}

    /** Logs the paths one version touched. */
    public Uni<Void> record(String volumeId, long version, Map<String, ChangeKind> paths) {
        if (paths.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        List<Map<String, String>> rows = new ArrayList<>(paths.size());
        paths.forEach((path, kind) -> rows.add(Map.of("p", path, "k", kind.code())));
        String payload;
        try {
            payload = json.writeValueAsString(rows);
        } catch (JsonProcessingException e) {
            return Uni.createFrom().failure(e);
        }
        return getSession()
                .flatMap(s -> s.createNativeQuery("INSERT INTO change (volume_id, version, path, kind)"
                                + " SELECT :v, :version, x.p, x.k FROM jsonb_to_recordset(cast(cast(:rows AS text) AS jsonb))"
                                + " AS x(p text, k text)")
                        .setParameter("v", volumeId)
                        .setParameter("version", version)
                        .setParameter("rows", payload)
                        .executeUpdate())
                .replaceWithVoid();
    }

    /** Up to {@code limit} changes after {@code version}, oldest first. */
    public Uni<List<Entry>> since(String volumeId, long version, int limit) {
        return getSession()
                .flatMap(s -> s.createNativeQuery(
                                "SELECT version, path, kind FROM change WHERE volume_id = :v AND version > :since"
                                        + " ORDER BY version, path LIMIT :limit",
                                Object[].class)
                        .setParameter("v", volumeId)
                        .setParameter("since", version)
                        .setParameter("limit", limit)
                        .getResultList())
                .map(rows -> rows.stream()
                        .map(r -> new Entry(
                                VolumeRepository.toLong(r[0]),
                                (String) r[1],
                                ChangeKind.fromCode(String.valueOf(r[2]))))
                        .toList());
    }

    /** Forgets the changes up to and including {@code floor}. */
    public Uni<Integer> trim(String volumeId, long floor) {
        return getSession()
                .flatMap(s -> s.createNativeQuery("DELETE FROM change WHERE volume_id = :v AND version <= :floor")
                        .setParameter("v", volumeId)
                        .setParameter("floor", floor)
                        .executeUpdate());
    }

    public Uni<Integer> deleteVolume(String volumeId) {
        return getSession()
                .flatMap(s -> s.createNativeQuery("DELETE FROM change WHERE volume_id = :v")
                        .setParameter("v", volumeId)
                        .executeUpdate());
    }
}
