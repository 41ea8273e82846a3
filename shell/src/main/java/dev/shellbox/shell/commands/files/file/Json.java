package dev.shellbox.shell.commands.files.file;

/** A strict JSON syntax check, for telling JSON text data from other text. */
final class Json {
    /** Thrown, without a stack trace, where the text stops being JSON. */
    private static final class NotJson extends Exception {
        NotJson() {
            super(null, null, false, false);
        }
    }

    private final String s;
    private int pos;

    private Json(String s) {
        this.s = s;
    }

    /** Whether the whole text is one JSON object or array. */
    static boolean isValid(String text) {
        Json j = new Json(text);
        try {
            j.space();
            char first = j.peek();
            if (first != '{' && first != '[') {
                return false;
            }
            j.value(0);
            j.space();
            return j.pos == text.length();
        } catch (NotJson e) {
            return false;
        }
    }

    private void value(int depth) throws NotJson {
        if (depth > 512) {
            throw new NotJson();
        }
        space();
        char c = peek();
        switch (c) {
            case '{' -> {
                pos++;
                space();
                if (peek() == '}') {
                    pos++;
                    return;
                }
                while (true) {
                    space();
                    string();
                    space();
                    expect(':');
                    value(depth + 1);
                    space();
                    if (peek() == ',') {
                        pos++;
                        continue;
                    }
                    expect('}');
                    return;
                }
            }
            case '[' -> {
                pos++;
                space();
                if (peek() == ']') {
                    pos++;
                    return;
                }
                while (true) {
                    value(depth + 1);
                    space();
                    if (peek() == ',') {
                        pos++;
                        continue;
                    }
                    expect(']');
                    return;
                }
            }
            case '"' -> string();
            case 't' -> literal("true");
            case 'f' -> literal("false");
            case 'n' -> literal("null");
            default -> number();
        }
    }

    private void string() throws NotJson {
        expect('"');
        while (true) {
            char c = next();
            if (c == '"') {
                return;
            }
            if (c < 0x20) {
                throw new NotJson();
            }
            if (c == '\\') {
                char e = next();
                if (e == 'u') {
                    for (int k = 0; k < 4; k++) {
                        if (Character.digit(next(), 16) < 0) {
                            throw new NotJson();
                        }
                    }
                } else if ("\"\\/bfnrt".indexOf(e) < 0) {
                    throw new NotJson();
                }
            }
        }
    }

    private void number() throws NotJson {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        digits();
        if (pos < s.length() && s.charAt(pos) == '.') {
            pos++;
            digits();
        }
        if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
            pos++;
            if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) {
                pos++;
            }
            digits();
        }
        if (pos == start) {
            throw new NotJson();
        }
    }

    private void digits() throws NotJson {
        int start = pos;
        while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
            pos++;
        }
        if (pos == start) {
            throw new NotJson();
        }
    }

    private void literal(String word) throws NotJson {
        if (!s.startsWith(word, pos)) {
            throw new NotJson();
        }
        pos += word.length();
    }

    private void space() {
        while (pos < s.length() && " \t\r\n".indexOf(s.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private char peek() throws NotJson {
        if (pos >= s.length()) {
            throw new NotJson();
        }
        return s.charAt(pos);
    }

    private char next() throws NotJson {
        char c = peek();
        pos++;
        return c;
    }

    private void expect(char c) throws NotJson {
        if (next() != c) {
            throw new NotJson();
        }
    }
}
