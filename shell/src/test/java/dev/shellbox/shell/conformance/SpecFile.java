package dev.shellbox.shell.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the Oils spec test format: {@code #### description} starts a case, code lines follow, then {@code ## key:
 * value} expectations, {@code ## STDOUT:} blocks ending at {@code ## END}, and per-shell overrides such as {@code ## OK
 * bash status: 1}. Lines whose first non-blank character is {@code #} (but not {@code ##}) are comments.
 */
final class SpecFile {
    private static final Pattern META =
            Pattern.compile("##\\s+(?:(OK(?:-\\d)?|BUG(?:-\\d)?|N-I)\\s+([\\w+/]+)\\s+)?([\\w-]+):\\s*(.*)");
    private static final Pattern END = Pattern.compile("##\\s+END.*");
    private static final String WS = " \t\n\r\u000b\u000c";

    private final List<String> lines;
    private final String name;
    private int i;

    private SpecFile(List<String> lines, String name) {
        this.lines = lines;
        this.name = name;
    }

    static List<SpecCase> parse(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        String text = dev.shellbox.shell.io.Text.decode(bytes);
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int k = 0; k < text.length(); k++) {
            if (text.charAt(k) == '\n') {
                lines.add(text.substring(start, k + 1));
                start = k + 1;
            }
        }
        if (start < text.length()) {
            lines.add(text.substring(start));
        }
        return new SpecFile(lines, file.getFileName().toString()).cases();
    }

    private enum Kind {
        BEGIN,
        KV,
        BLOCK,
        END,
        PLAIN,
        EOF
    }

    private record Tok(Kind kind, String text, String qualifier, String shells, String key, String value, int line) {}

    private Tok tok;

    private static boolean blank(String line) {
        for (int k = 0; k < line.length(); k++) {
            if (WS.indexOf(line.charAt(k)) < 0) {
                return false;
            }
        }
        return true;
    }

    private static String strip(String s) {
        int a = 0;
        int b = s.length();
        while (a < b && WS.indexOf(s.charAt(a)) >= 0) {
            a++;
        }
        while (b > a && WS.indexOf(s.charAt(b - 1)) >= 0) {
            b--;
        }
        return s.substring(a, b);
    }

    private Tok classify(String line, boolean outer, int number) {
        if (outer && blank(line)) {
            return null;
        }
        if (line.startsWith("####")) {
            return new Tok(Kind.BEGIN, strip(line.substring(4)), null, null, null, null, number);
        }
        Matcher m = META.matcher(line.endsWith("\n") ? line.substring(0, line.length() - 1) : line);
        if (m.matches()) {
            String key = m.group(3);
            String value = m.group(4);
            if (key.equals("stdout") || key.equals("stderr")) {
                value += "\n";
            }
            Kind kind = key.equals("STDOUT") || key.equals("STDERR") ? Kind.BLOCK : Kind.KV;
            return new Tok(kind, line, m.group(1), m.group(2), key, value, number);
        }
        if (END.matcher(line.strip()).matches() && line.startsWith("##")) {
            return new Tok(Kind.END, line, null, null, null, null, number);
        }
        if (line.startsWith("##")) {
            throw new IllegalStateException(name + ":" + number + ": invalid ## line " + line);
        }
        if (strip(line).startsWith("#")) {
            return null;
        }
        return new Tok(Kind.PLAIN, line, null, null, null, null, number);
    }

    private void advance(boolean outer) {
        while (true) {
            if (i >= lines.size()) {
                tok = new Tok(Kind.EOF, null, null, null, null, null, i + 1);
                return;
            }
            String line = lines.get(i);
            i++;
            Tok t = classify(line, outer, i);
            if (t != null) {
                tok = t;
                return;
            }
        }
    }

    private List<SpecCase> cases() {
        advance(true);
        // the file's own settings, before its first case
        boolean legacyTmpDir = false;
        while (tok.kind == Kind.KV) {
            legacyTmpDir |= "legacy_tmp_dir".equals(tok.key);
            advance(true);
        }
        List<SpecCase> out = new ArrayList<>();
        while (tok.kind != Kind.EOF) {
            if (tok.kind != Kind.BEGIN) {
                throw new IllegalStateException(name + ":" + tok.line + ": expected ####");
            }
            String desc = tok.text;
            int line = tok.line;
            advance(true);
            Map<String, String> defaults = new LinkedHashMap<>();
            Map<String, Map<String, String>> overrides = new LinkedHashMap<>();
            parseKvs(defaults, overrides);
            String code;
            if (defaults.containsKey("code")) {
                code = defaults.remove("code");
            } else {
                StringBuilder sb = new StringBuilder();
                while (tok.kind == Kind.PLAIN) {
                    sb.append(tok.text);
                    advance(false);
                }
                code = sb.toString();
                parseKvs(defaults, overrides);
            }
            out.add(new SpecCase(name, out.size(), line, desc, code, defaults, overrides, legacyTmpDir));
        }
        return out;
    }

    private void parseKvs(Map<String, String> defaults, Map<String, Map<String, String>> overrides) {
        while (true) {
            if (tok.kind == Kind.BLOCK) {
                Tok head = tok;
                StringBuilder sb = new StringBuilder();
                Kind k2;
                while (true) {
                    advance(false);
                    k2 = tok.kind;
                    if (k2 != Kind.PLAIN) {
                        break;
                    }
                    sb.append(tok.text);
                }
                add(defaults, overrides, head.qualifier, head.shells, head.key.toLowerCase(), sb.toString());
                if (k2 == Kind.END) {
                    advance(true);
                }
            } else if (tok.kind == Kind.KV) {
                add(defaults, overrides, tok.qualifier, tok.shells, tok.key, tok.value);
                advance(true);
            } else {
                return;
            }
        }
    }

    private static void add(
            Map<String, String> defaults,
            Map<String, Map<String, String>> overrides,
            String qualifier,
            String shells,
            String key,
            String value) {
        if (qualifier == null) {
            defaults.put(key, value);
            return;
        }
        for (String sh : shells.split("/")) {
            Map<String, String> d = overrides.computeIfAbsent(sh, k -> new LinkedHashMap<>());
            d.put(key, value);
            d.put("qualifier", qualifier);
        }
    }
}
