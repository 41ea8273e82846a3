package dev.shellbox.vfs.rest;

/** A single byte range of a Range header ({@code bytes=a-b}, {@code bytes=a-}, {@code bytes=-n}), resolved. */
record ByteRange(long from, long to) {
    /** Returned for a range that starts past the end (416). */
    static final ByteRange UNSATISFIABLE = new ByteRange(-1, -1);

    /**
     * The range a header asks for in a file of {@code size} bytes; null to send the whole file (no header, several
     * ranges, or a header that does not parse, which RFC 9110 says to ignore).
     */
    static ByteRange parse(String header, long size) {
        if (header == null || !header.startsWith("bytes=") || header.indexOf(',') >= 0) {
            return null;
        }
        String spec = header.substring(6).trim();
        int dash = spec.indexOf('-');
        if (dash < 0) {
            return null;
        }
        try {
            String a = spec.substring(0, dash).trim();
            String b = spec.substring(dash + 1).trim();
            if (a.isEmpty()) {
                long suffix = Long.parseLong(b);
                if (suffix <= 0) {
                    return size == 0 ? null : UNSATISFIABLE;
                }
                return new ByteRange(Math.max(0, size - suffix), size - 1);
            }
            long from = Long.parseLong(a);
            long to = b.isEmpty() ? size - 1 : Math.min(Long.parseLong(b), size - 1);
            if (from >= size) {
                return UNSATISFIABLE;
            }
            if (to < from) {
                return null;
            }
            return new ByteRange(from, to);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
