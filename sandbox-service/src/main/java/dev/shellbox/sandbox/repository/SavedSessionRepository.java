package dev.shellbox.sandbox.repository;

import dev.shellbox.sandbox.domain.SavedSession;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

@ApplicationScoped
@WithSession
public class SavedSessionRepository implements PanacheRepositoryBase<SavedSession, String> {

    /** The saved states of a sandbox's sessions, by name. */
    public Uni<Map<String, String>> statesOf(String sandboxId) {
        return list("sandboxId", sandboxId).map(rows -> {
            Map<String, String> states = new LinkedHashMap<>();
            for (SavedSession s : rows) {
                states.put(s.name, s.state);
            }
            return states;
        });
    }

    /** Saves a session's state, replacing what was saved before; call inside a transaction. */
    public Uni<Void> save(String sandboxId, String name, String state) {
        String id = SavedSession.idOf(sandboxId, name);
        return findById(id).flatMap(existing -> {
            SavedSession s = existing == null ? new SavedSession() : existing;
            s.id = id;
            s.sandboxId = sandboxId;
            s.name = name;
            s.state = state;
            s.savedAt = Instant.now();
            return existing == null
                    ? persist(s).replaceWithVoid()
                    : Uni.createFrom().voidItem();
        });
    }

    public Uni<Boolean> forget(String sandboxId, String name) {
        return deleteById(SavedSession.idOf(sandboxId, name));
    }

    public Uni<Long> forgetAll(String sandboxId) {
        return delete("sandboxId", sandboxId);
    }
}
