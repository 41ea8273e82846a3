package dev.shellbox.vfs.repository;

import dev.shellbox.vfs.domain.Volume;
import dev.shellbox.vfs.domain.VolumeState;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

@ApplicationScoped
public class VolumeRepository implements PanacheRepositoryBase<Volume, String> {

    /** Creates an empty volume row unless one exists; true when this call created it. */
    public Uni<Boolean> insertIfAbsent(String id, String userId, long version) {
        return getSession()
                .flatMap(s -> s.createNativeQuery(
                                "INSERT INTO volume (id, user_id, version, changes_floor) VALUES (:id, :user, :v, :v)"
                                        + " ON CONFLICT (id) DO NOTHING")
                        .setParameter("id", id)
                        .setParameter("user", userId)
                        .setParameter("v", version)
                        .executeUpdate())
                .map(n -> n > 0);
    }

    /**
     * Locks a volume for a change and gives it its next version (writers of one volume are serialized here); null when
     * the volume does not exist.
     */
    public Uni<VolumeState> lockForChange(String id) {
        return getSession()
                .flatMap(s -> s.createNativeQuery(
                                "UPDATE volume SET version = version + 1 WHERE id = :id"
                                        + " RETURNING id, user_id, version, entries, bytes, changes_floor",
                                Object[].class)
                        .setParameter("id", id)
                        .getResultList())
                .map(rows -> rows.isEmpty() ? null : state(rows.get(0)));
    }

    /** Locks a volume without changing it (a fork reads a consistent source); null when it does not exist. */
    public Uni<VolumeState> lockForRead(String id) {
        return getSession()
                .flatMap(s -> s.createNativeQuery(
                                "SELECT id, user_id, version, entries, bytes, changes_floor FROM volume WHERE id = :id"
                                        + " FOR SHARE",
                                Object[].class)
                        .setParameter("id", id)
                        .getResultList())
                .map(rows -> rows.isEmpty() ? null : state(rows.get(0)));
    }

    /** The current entries and bytes of a volume (after the triggers of this transaction's statements). */
    public Uni<long[]> totals(String id) {
        return getSession()
                .flatMap(s -> s.flush()
                        .chain(() -> s.createNativeQuery(
                                        "SELECT entries, bytes FROM volume WHERE id = :id", Object[].class)
                                .setParameter("id", id)
                                .getSingleResult()))
                .map(row -> new long[] {toLong(row[0]), toLong(row[1])});
    }

    /** Moves the change log floor of volumes whose log grew past {@code retain} versions; their ids. */
    public Uni<List<Object[]>> raiseChangeFloors(long retain, int limit) {
        return getSession()
                .flatMap(s -> s.createNativeQuery(
                                "UPDATE volume SET changes_floor = version - :retain WHERE id IN (SELECT id FROM volume"
                                        + " WHERE version - changes_floor > 2 * :retain LIMIT :limit)"
                                        + " RETURNING id, changes_floor",
                                Object[].class)
                        .setParameter("retain", retain)
                        .setParameter("limit", limit)
                        .getResultList());
    }

    static VolumeState state(Object[] row) {
        return new VolumeState(
                (String) row[0], (String) row[1], toLong(row[2]), toLong(row[3]), toLong(row[4]), toLong(row[5]));
    }

    static long toLong(Object value) {
        return value == null ? 0 : ((Number) value).longValue();
    }
}
