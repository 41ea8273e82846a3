package dev.shellbox.vfs.repository;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shellbox.vfs.domain.Node;
import dev.shellbox.vfs.domain.NodeInfo;
import dev.shellbox.vfs.domain.NodeType;
import dev.shellbox.vfs.domain.VfsPaths;
import io.quarkus.hibernate.reactive.panache.PanacheRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * The entries of all trees. A subtree is the entry itself plus the index range of its descendants
 * ({@link VfsPaths#descendantPrefix} to {@link VfsPaths#descendantLimit}).
 */
@ApplicationScoped
public class NodeRepository implements PanacheRepository<Node> {
    private static final String SUBTREE = "tree = :tree AND (path = :path OR (path >= :lo AND path < :hi))";
    private static final String COLUMNS = "path, parent, name, type, mode, size, mtime, ctime, sha256, content_hash,"
            + " inline_data, target, version";
    /** Rows and path lists of bulk statements, as one JSON parameter (bytes as base64). */
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The entries at the given paths that exist. */
    public Uni<List<Node>> findPaths(String tree, Collection<String> paths) {
        return list("tree = ?1 and path in ?2", tree, paths);
    }

    public Uni<Node> findPath(String tree, String path) {
        return find("tree = ?1 and path = ?2", tree, path).firstResult();
    }

    /** One page of a directory's entries in name order, after {@code afterName} (exclusive; "" from the start). */
    public Uni<List<NodeInfo>> children(String tree, String directory, String afterName, int limit) {
        return find("tree = ?1 and parent = ?2 and name > ?3 order by name", tree, directory, afterName)
                .range(0, limit - 1)
                .project(NodeInfo.class)
                .list();
    }

    /** One page of the descendants of {@code path} in path order, after {@code afterPath} (exclusive). */
    public Uni<List<NodeInfo>> descendants(String tree, String path, String afterPath, int limit) {
        String lo = VfsPaths.descendantPrefix(path);
        String from = afterPath != null && afterPath.compareTo(lo) >= 0 ? afterPath : null;
        if (from == null) {
            return find(
                            "tree = ?1 and path >= ?2 and path < ?3 order by path",
                            tree,
                            lo,
                            VfsPaths.descendantLimit(path))
                    .range(0, limit - 1)
                    .project(NodeInfo.class)
                    .list();
        }
        return find("tree = ?1 and path > ?2 and path < ?3 order by path", tree, from, VfsPaths.descendantLimit(path))
                .range(0, limit - 1)
                .project(NodeInfo.class)
                .list();
    }

    /** Whole entries (with inline content) of a subtree in path order, after {@code afterPath}; for tree loads. */
    public Uni<List<Node>> subtreeNodes(String tree, String path, String afterPath, int limit) {
        String from = afterPath == null ? "" : afterPath;
        return find(
                        "tree = ?1 and (path = ?2 or (path >= ?3 and path < ?4)) and path > ?5 order by path",
                        tree,
                        path,
                        VfsPaths.descendantPrefix(path),
                        VfsPaths.descendantLimit(path),
                        from)
                .range(0, limit - 1)
                .list();
    }

    public Uni<Boolean> hasChildren(String tree, String directory) {
        return getSession()
                .flatMap(s -> s.flush()
                        .chain(() -> s.createNativeQuery(
                                        "SELECT EXISTS (SELECT 1 FROM node WHERE tree = :tree AND parent = :dir)",
                                        Boolean.class)
                                .setParameter("tree", tree)
                                .setParameter("dir", directory)
                                .getSingleResult()));
    }

    /** Entries below a path, and the bytes of the regular files among them and at the path. */
    public Uni<long[]> subtreeTotals(String tree, String path) {
        return getSession()
                .flatMap(s -> s.createNativeQuery(
                                "SELECT count(*) FILTER (WHERE path <> :path),"
                                        + " coalesce(sum(size) FILTER (WHERE type = 'f'), 0) FROM node WHERE "
                                        + SUBTREE,
                                Object[].class)
                        .setParameter("tree", tree)
                        .setParameter("path", path)
                        .setParameter("lo", VfsPaths.descendantPrefix(path))
                        .setParameter("hi", VfsPaths.descendantLimit(path))
                        .getSingleResult())
                .map(row -> new long[] {VolumeRepository.toLong(row[0]), VolumeRepository.toLong(row[1])});
    }

    /** Deletes an entry and everything below it; the number of entries deleted. */
    public Uni<Integer> deleteSubtree(String tree, String path) {
        return flushed(s -> s.createNativeQuery("DELETE FROM node WHERE " + SUBTREE)
                .setParameter("tree", tree)
                .setParameter("path", path)
                .setParameter("lo", VfsPaths.descendantPrefix(path))
                .setParameter("hi", VfsPaths.descendantLimit(path))
                .executeUpdate());
    }

    /** Deletes every entry of a tree. */
    public Uni<Integer> deleteTree(String tree) {
        return flushed(s -> s.createNativeQuery("DELETE FROM node WHERE tree = :tree")
                .setParameter("tree", tree)
                .executeUpdate());
    }

    /** Renames an entry and its subtree from {@code from} to {@code to} (whose parent exists, and which does not). */
    public Uni<Integer> moveSubtree(String tree, String from, String to, long version) {
        int cut = from.length() + 1;
        return flushed(s -> s.createNativeQuery("UPDATE node SET path = :to || substr(path, :cut),"
                        + " parent = CASE WHEN path = :path THEN :toParent ELSE :to || substr(parent, :cut) END,"
                        + " name = CASE WHEN path = :path THEN :toName ELSE name END,"
                        + " ctime = CASE WHEN path = :path THEN now() ELSE ctime END,"
                        + " version = :version WHERE " + SUBTREE)
                .setParameter("to", to)
                .setParameter("cut", cut)
                .setParameter("toParent", VfsPaths.parent(to))
                .setParameter("toName", VfsPaths.name(to))
                .setParameter("version", version)
                .setParameter("tree", tree)
                .setParameter("path", from)
                .setParameter("lo", VfsPaths.descendantPrefix(from))
                .setParameter("hi", VfsPaths.descendantLimit(from))
                .executeUpdate());
    }

    /**
     * Copies the subtree at {@code from} in {@code fromTree} to {@code to} in {@code toTree}, sharing contents (no byte
     * is copied except small inline files). {@code freshTimes} gives the copies the current time, as cp does.
     */
    public Uni<Integer> copySubtree(
            String fromTree, String from, String toTree, String to, long version, boolean freshTimes) {
        String times = freshTimes ? "now(), now()" : "mtime, ctime";
        if (from.equals(to)) {
            return flushed(s -> s.createNativeQuery("INSERT INTO node (tree, " + COLUMNS + ") SELECT :toTree,"
                            + " path, parent, name, type, mode, size, " + times + ", sha256, content_hash,"
                            + " inline_data, target, :version FROM node WHERE " + SUBTREE)
                    .setParameter("toTree", toTree)
                    .setParameter("version", version)
                    .setParameter("tree", fromTree)
                    .setParameter("path", from)
                    .setParameter("lo", VfsPaths.descendantPrefix(from))
                    .setParameter("hi", VfsPaths.descendantLimit(from))
                    .executeUpdate());
        }
        int cut = from.equals(VfsPaths.ROOT) ? 1 : from.length() + 1;
        String prefix = to;
        return flushed(s -> s.createNativeQuery("INSERT INTO node (tree, " + COLUMNS + ") SELECT :toTree,"
                        + " CASE WHEN path = :path THEN :to ELSE :prefix || substr(path, :cut) END,"
                        + " CASE WHEN path = :path THEN :toParent"
                        + " WHEN parent = :path THEN :to ELSE :prefix || substr(parent, :cut) END,"
                        + " CASE WHEN path = :path THEN :toName ELSE name END,"
                        + " type, mode, size, " + times + ", sha256, content_hash, inline_data, target, :version"
                        + " FROM node WHERE " + SUBTREE)
                .setParameter("toTree", toTree)
                .setParameter("to", to)
                .setParameter("prefix", prefix)
                .setParameter("cut", cut)
                .setParameter("toParent", VfsPaths.parent(to))
                .setParameter("toName", VfsPaths.name(to))
                .setParameter("version", version)
                .setParameter("tree", fromTree)
                .setParameter("path", from)
                .setParameter("lo", VfsPaths.descendantPrefix(from))
                .setParameter("hi", VfsPaths.descendantLimit(from))
                .executeUpdate());
    }

    /** One page of the regular files of a subtree, in path order, after {@code afterPath}. */
    public Uni<List<Node>> filesOf(String tree, String path, String afterPath, int limit) {
        return find(
                        "tree = ?1 and type = ?2 and (path = ?3 or (path >= ?4 and path < ?5)) and path > ?6"
                                + " order by path",
                        tree,
                        dev.shellbox.vfs.domain.NodeType.FILE,
                        path,
                        VfsPaths.descendantPrefix(path),
                        VfsPaths.descendantLimit(path),
                        afterPath == null ? "" : afterPath)
                .range(0, limit - 1)
                .list();
    }

    /** Whether a tree has a regular file with this content hash (so that it may read the content). */
    public Uni<Node> anyWithSha256(String tree, String sha256) {
        return find("tree = ?1 and sha256 = ?2", tree, sha256).firstResult();
    }

    /**
     * The entries at the given paths that exist, as plain objects the session does not manage (changing them changes
     * nothing), without their inline bytes. For many paths at once: the paths go as one JSON parameter.
     */
    public Uni<List<Node>> findPathsUnmanaged(String tree, Collection<String> paths) {
        return getSession()
                .flatMap(s -> s.createNativeQuery(
                                "SELECT id, path, type, mode, size, sha256, content_hash, target, version FROM node"
                                        + " WHERE tree = :tree AND path IN (SELECT jsonb_array_elements_text("
                                        + "cast(cast(:paths AS text) AS jsonb)))",
                                Object[].class)
                        .setParameter("tree", tree)
                        .setParameter("paths", json(paths))
                        .getResultList())
                .map(rows -> rows.stream().map(row -> unmanaged(tree, row)).toList());
    }

    private static Node unmanaged(String tree, Object[] row) {
        Node n = new Node();
        n.id = ((Number) row[0]).longValue();
        n.tree = tree;
        n.path = (String) row[1];
        n.parent = VfsPaths.parent(n.path);
        n.name = VfsPaths.name(n.path);
        n.type = NodeType.fromCode(String.valueOf(row[2]).trim());
        n.mode = ((Number) row[3]).intValue();
        n.size = ((Number) row[4]).longValue();
        n.sha256 = (String) row[5];
        n.contentHash = (String) row[6];
        n.target = (String) row[7];
        n.version = ((Number) row[8]).longValue();
        return n;
    }

    /** Inserts new entries (not managed by the session) of one tree in one statement; all get {@code version}. */
    public Uni<Integer> insertAll(String tree, long version, List<Node> created) {
        List<Map<String, Object>> rows = new ArrayList<>(created.size());
        for (Node n : created) {
            Map<String, Object> row = new HashMap<>();
            row.put("p", n.path);
            row.put("pa", n.parent);
            row.put("n", n.name);
            row.put("t", n.type.code());
            row.put("m", n.mode);
            row.put("s", n.size);
            row.put("mt", timestamp(n.mtime));
            row.put("ct", timestamp(n.ctime));
            row.put("h", n.sha256);
            row.put("c", n.contentHash);
            row.put("d", n.inlineData);
            row.put("g", n.target);
            rows.add(row);
        }
        return getSession()
                .flatMap(s -> s.createNativeQuery("INSERT INTO node (tree, " + COLUMNS + ") SELECT :tree, x.p, x.pa,"
                                + " x.n, x.t, x.m, x.s, x.mt, x.ct, x.h, x.c, decode(x.d, 'base64'), x.g, :version"
                                + " FROM jsonb_to_recordset(cast(cast(:rows AS text) AS jsonb)) AS x(p text, pa text,"
                                + " n text, t text, m integer, s bigint, mt timestamptz, ct timestamptz, h text,"
                                + " c text, d text, g text)")
                        .setParameter("tree", tree)
                        .setParameter("version", version)
                        .setParameter("rows", json(rows))
                        .executeUpdate());
    }

    /**
     * Writes the content and attributes (mode, size, hashes, inline bytes, times) of existing regular files, changed in
     * memory, in one statement; all get {@code version}.
     */
    public Uni<Integer> updateFiles(String tree, long version, List<Node> files) {
        List<Map<String, Object>> rows = new ArrayList<>(files.size());
        for (Node n : files) {
            Map<String, Object> row = new HashMap<>();
            row.put("i", n.id);
            row.put("m", n.mode);
            row.put("s", n.size);
            row.put("mt", timestamp(n.mtime));
            row.put("ct", timestamp(n.ctime));
            row.put("h", n.sha256);
            row.put("c", n.contentHash);
            row.put("d", n.inlineData);
            rows.add(row);
        }
        return getSession()
                .flatMap(s -> s.createNativeQuery("UPDATE node SET mode = x.m, size = x.s, mtime = x.mt, ctime = x.ct,"
                                + " sha256 = x.h, content_hash = x.c, inline_data = decode(x.d, 'base64'),"
                                + " version = :version FROM jsonb_to_recordset(cast(cast(:rows AS text) AS jsonb))"
                                + " AS x(i bigint, m integer, s bigint, mt timestamptz, ct timestamptz, h text, c text,"
                                + " d text) WHERE node.tree = :tree AND node.id = x.i")
                        .setParameter("tree", tree)
                        .setParameter("version", version)
                        .setParameter("rows", json(rows))
                        .executeUpdate());
    }

    /** A time as PostgreSQL keeps it (microseconds), in ISO-8601. */
    private static String timestamp(Instant time) {
        return time.truncatedTo(ChronoUnit.MICROS).toString();
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Runs a bulk statement: flushes pending entity changes first, and forgets the loaded entities after (the
     * statement may have changed or removed them).
     */
    private <T> Uni<T> flushed(Function<Mutiny.Session, Uni<T>> work) {
        return getSession().flatMap(s -> s.flush().chain(() -> work.apply(s)).invoke(s::clear));
    }
}
