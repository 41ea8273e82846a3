package dev.shellbox.egress;

/** The names secrets may have: 1 to 64 of letters, digits, '_', '.', '-'. */
final class SecretNames {
    private SecretNames() {}

    static boolean isValid(String name) {
        if (name == null || name.isEmpty() || name.length() > 64) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '_'
                    || c == '.'
                    || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Looks the secret up and checks it can go in a header value: no line breaks or NUL, which would split it. */
    static String resolve(SecretResolver resolver, String name) {
        String value = resolver.secret(name).orElseThrow(() -> new SecretException(name, "no such secret"));
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\r' || c == '\n' || c == 0) {
                throw new SecretException(name, "holds a line break or NUL and cannot go in a header");
            }
        }
        return value;
    }
}
