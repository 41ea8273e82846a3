package dev.shellbox.vfs.domain;

import dev.shellbox.contracts.Problem;
import dev.shellbox.platform.problem.ProblemException;
import java.util.List;

/**
 * A commit whose paths changed after the version it was based on; nothing of it was applied. Answered 409 with the
 * paths as {@code conflicts} and the two versions as {@code baseVersion} and {@code currentVersion}.
 */
public class CommitConflictException extends ProblemException {
    private final List<String> paths;
    private final long baseVersion;
    private final long currentVersion;

    public CommitConflictException(List<String> paths, long baseVersion, long currentVersion, String detail) {
        super(Problem.of(409, "Commit Conflict", detail)
                .with("conflicts", List.copyOf(paths))
                .with("baseVersion", baseVersion)
                .with("currentVersion", currentVersion));
        this.paths = List.copyOf(paths);
        this.baseVersion = baseVersion;
        this.currentVersion = currentVersion;
    }

    /** The paths of the commit that conflict. */
    public List<String> paths() {
        return paths;
    }

    public long baseVersion() {
        return baseVersion;
    }

    public long currentVersion() {
        return currentVersion;
    }
}
