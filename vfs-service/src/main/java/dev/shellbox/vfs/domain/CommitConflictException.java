package dev.shellbox.vfs.domain;

import dev.shellbox.contracts.Problem;
import dev.shellbox.contracts.volume.CommitConflict;
import dev.shellbox.platform.problem.ProblemException;
import java.util.List;
import java.util.Map;

/**
 * A commit whose paths changed after the version it was based on; nothing of it was applied. Answered 409 with the
 * members of the contract's {@link CommitConflict}.
 */
public class CommitConflictException extends ProblemException {
    private final transient CommitConflict conflict;

    public CommitConflictException(List<String> paths, long baseVersion, long currentVersion, String detail) {
        this(new CommitConflict(paths, baseVersion, currentVersion), detail);
    }

    private CommitConflictException(CommitConflict conflict, String detail) {
        super(withMembers(Problem.of(409, "Commit Conflict", detail), conflict.members()));
        this.conflict = conflict;
    }

    /** What the 409 tells the committer: the conflicting paths and the versions. */
    public CommitConflict conflict() {
        return conflict;
    }

    private static Problem withMembers(Problem problem, Map<String, Object> members) {
        Problem p = problem;
        for (Map.Entry<String, Object> m : members.entrySet()) {
            p = p.with(m.getKey(), m.getValue());
        }
        return p;
    }
}
