package dev.shellbox.vfs.domain;

/** A write that would take a volume past one of its limits: ENOSPC (volume totals) or EFBIG (one file). */
public class QuotaExceededException extends VfsException {
    private final String limit;
    private final String plan;
    private final long current;
    private final long maximum;

    /**
     * @param limit the limit's key ({@code storage_bytes}, {@code volume_entries}, {@code file_bytes})
     * @param plan the plan the maximum comes from, or null when it is the service's default
     * @param current the value the write would have reached
     */
    public QuotaExceededException(Errno errno, String path, String limit, String plan, long current, long maximum) {
        super(
                errno,
                path,
                problem(
                                errno,
                                path,
                                errno.message() + ": the write would reach " + current + " for limit " + limit
                                        + " (maximum " + maximum + (plan == null ? "" : ", plan " + plan) + ")")
                        .withQuota(limit, plan, current, maximum));
        this.limit = limit;
        this.plan = plan;
        this.current = current;
        this.maximum = maximum;
    }

    public String limit() {
        return limit;
    }

    public String plan() {
        return plan;
    }

    public long current() {
        return current;
    }

    public long maximum() {
        return maximum;
    }
}
