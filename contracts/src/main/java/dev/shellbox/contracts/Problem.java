package dev.shellbox.contracts;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An RFC 9457 problem+json body, the shape of every error Shellbox answers.
 *
 * @param type a URI naming the kind of problem
 * @param title a short summary of the kind
 * @param status the HTTP status
 * @param detail what went wrong in this instance, for a person to act on
 * @param instance the request path, as the client sent it
 * @param errno for file system errors, the Linux errno name (ENOENT, EEXIST, ...)
 * @param limit for quota errors, the {@link Limit} key that was hit
 * @param plan for quota errors, the caller's plan
 * @param current for quota errors, the current value of the limit's counter
 * @param maximum for quota errors, the plan's maximum
 * @param extensions further members of this kind of problem, written beside the others (RFC 9457 section 3.2): for
 *     bad input {@code pointer}, {@code parameter}, {@code expected}, {@code line}, {@code column}; for a commit
 *     conflict {@code conflicts}, {@code baseVersion}, {@code currentVersion}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"type", "title", "status", "detail", "instance", "errno", "limit", "plan", "current", "maximum"})
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
        Long maximum,
        @JsonAnySetter Map<String, Object> extensions) {
    public static final String MEDIA_TYPE = "application/problem+json";

    /** The members every problem may have; an extension cannot take one of these names. */
    public static final Set<String> MEMBERS =
            Set.of("type", "title", "status", "detail", "instance", "errno", "limit", "plan", "current", "maximum");

    public Problem {
        Map<String, Object> copy = new LinkedHashMap<>();
        if (extensions != null) {
            extensions.forEach((name, value) -> {
                if (MEMBERS.contains(name)) {
                    throw new IllegalArgumentException("'" + name + "' is a member of every problem, not an extension");
                }
                if (value != null) {
                    copy.put(name, value);
                }
            });
        }
        extensions = Collections.unmodifiableMap(copy);
    }

    public Problem(
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
        this(type, title, status, detail, instance, errno, limit, plan, current, maximum, Map.of());
    }

    public static Problem of(int status, String title, String detail) {
        return new Problem(typeFor(title), title, status, detail, null, null, null, null, null, null);
    }

    /** A problem of a status with its standard reason phrase as the title. */
    public static Problem of(int status, String detail) {
        return of(status, titleFor(status), detail);
    }

    /** The further members, in the order they were added. */
    @Override
    @JsonAnyGetter
    public Map<String, Object> extensions() {
        return extensions;
    }

    public Problem withInstance(String path) {
        return new Problem(type, title, status, detail, path, errno, limit, plan, current, maximum, extensions);
    }

    public Problem withDetail(String text) {
        return new Problem(type, title, status, text, instance, errno, limit, plan, current, maximum, extensions);
    }

    public Problem withErrno(String errnoName) {
        return new Problem(type, title, status, detail, instance, errnoName, limit, plan, current, maximum, extensions);
    }

    public Problem withQuota(String limitKey, String planName, Long currentValue, Long maximumValue) {
        return new Problem(
                type,
                title,
                status,
                detail,
                instance,
                errno,
                limitKey,
                planName,
                currentValue,
                maximumValue,
                extensions);
    }

    /** This problem with one more member (or another value for it); a null value removes it. */
    public Problem with(String name, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(extensions);
        if (value == null) {
            more.remove(name);
        } else {
            more.put(name, value);
        }
        return new Problem(type, title, status, detail, instance, errno, limit, plan, current, maximum, more);
    }

    /** The extension member {@code name}, or null. */
    public Object extension(String name) {
        return extensions.get(name);
    }

    /** {@code https://shellbox.dev/problems/not-found} for title "Not Found". */
    public static String typeFor(String title) {
        return "https://shellbox.dev/problems/" + title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    /** The reason phrase of an HTTP status (RFC 9110), as the title of its problems. */
    public static String titleFor(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 406 -> "Not Acceptable";
            case 408 -> "Request Timeout";
            case 409 -> "Conflict";
            case 410 -> "Gone";
            case 411 -> "Length Required";
            case 412 -> "Precondition Failed";
            case 413 -> "Content Too Large";
            case 414 -> "URI Too Long";
            case 415 -> "Unsupported Media Type";
            case 416 -> "Range Not Satisfiable";
            case 422 -> "Unprocessable Content";
            case 429 -> "Too Many Requests";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 501 -> "Not Implemented";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> status >= 500 ? "Internal Server Error" : "Bad Request";
        };
    }
}
