package dev.shellbox.contracts;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * An RFC 9457 problem+json body, the shape of every error Shellbox answers.
 *
 * @param type a URI naming the kind of problem
 * @param title a short summary of the kind
 * @param status the HTTP status
 * @param detail what went wrong in this instance, for a person to act on
 * @param instance the request path
 * @param errno for file system errors, the Linux errno name (ENOENT, EEXIST, ...)
 * @param limit for quota errors, the {@link Limit} key that was hit
 * @param plan for quota errors, the caller's plan
 * @param current for quota errors, the current value of the limit's counter
 * @param maximum for quota errors, the plan's maximum
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(
        String type,
        String title,
        int status,
        String detail,
        String instance,
        String errno,
        String limit,
        String plan,
        Long current,
        Long maximum) {
    public static final String MEDIA_TYPE = "application/problem+json";

    public static Problem of(int status, String title, String detail) {
        return new Problem(typeFor(title), title, status, detail, null, null, null, null, null, null);
    }

    public Problem withInstance(String path) {
        return new Problem(type, title, status, detail, path, errno, limit, plan, current, maximum);
    }

    public Problem withErrno(String errnoName) {
        return new Problem(type, title, status, detail, instance, errnoName, limit, plan, current, maximum);
    }

    public Problem withQuota(String limitKey, String planName, long currentValue, long maximumValue) {
        return new Problem(
                type, title, status, detail, instance, errno, limitKey, planName, currentValue, maximumValue);
    }

    /** {@code https://shellbox.dev/problems/not-found} for title "Not Found". */
    public static String typeFor(String title) {
        return "https://shellbox.dev/problems/"
                + title.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }
}
