package dev.shellbox.egress;

/**
 * The path of a request as servers are likely to read it, so that a path prefix cannot be dodged by spelling: the
 * query and fragment dropped, percent-encoded unreserved characters and slashes decoded, backslashes read as
 * slashes, repeated slashes collapsed, and {@code .} and {@code ..} segments resolved.
 */
public final class RequestPath {
    private RequestPath() {}

    /** The normalized path; always starts with {@code /}. */
    public static String normalize(String path) {
        String raw = path;
        int cut = indexOfAny(raw, "?#");
        if (cut >= 0) {
            raw = raw.substring(0, cut);
        }
        String decoded = decode(raw);
        StringBuilder out = new StringBuilder();
        for (String segment : decoded.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                int last = out.lastIndexOf("/");
                out.setLength(Math.max(last, 0));
                continue;
            }
            out.append('/').append(segment);
        }
        boolean trailingSlash = decoded.endsWith("/") || decoded.endsWith("/.") || decoded.endsWith("/..");
        if (out.length() == 0 || trailingSlash) {
            out.append('/');
        }
        return out.toString();
    }

    /**
     * Whether a {@link #normalize normalized} path is the prefix itself or below it, on a segment boundary: {@code
     * /v1} covers {@code /v1} and {@code /v1/x} but not {@code /v1x}.
     */
    public static boolean isUnder(String normalized, String prefix) {
        if (!normalized.startsWith(prefix)) {
            return false;
        }
        return normalized.length() == prefix.length()
                || prefix.endsWith("/")
                || normalized.charAt(prefix.length()) == '/';
    }

    private static String decode(String raw) {
        StringBuilder out = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < raw.length()) {
                int high = hex(raw.charAt(i + 1));
                int low = hex(raw.charAt(i + 2));
                int value = high * 16 + low;
                if (high >= 0 && low >= 0 && (isUnreserved(value) || value == '/' || value == '\\')) {
                    out.append(value == '\\' ? '/' : (char) value);
                    i += 2;
                    continue;
                }
            }
            out.append(c == '\\' ? '/' : c);
        }
        return out.toString();
    }

    private static int hex(char c) {
        return c > 'f' ? -1 : Character.digit(c, 16);
    }

    private static boolean isUnreserved(int c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '-'
                || c == '.'
                || c == '_'
                || c == '~';
    }

    private static int indexOfAny(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }
}
