package dev.shellbox.shell.commands.search.rg;

import java.util.ArrayList;
import java.util.List;

/**
 * The rules of one gitignore-style file ({@code .gitignore}, {@code .ignore}, {@code .rgignore}) or of the {@code
 * --glob} overrides: blank lines and {@code #} comments are skipped, {@code !} re-includes, a trailing {@code /} matches
 * directories only, a pattern with another {@code /} is anchored to the file's directory, others match a name at any
 * depth; {@code **} spans directories. The last matching rule decides.
 */
final class IgnoreFile {
    /** How a rule's glob meets a path. */
    private enum Scope {
        /** No slash: the entry's name, at any depth. */
        NAME,
        /** A slash inside: the path relative to the ignore file's directory. */
        ANCHORED,
        /** {@code **}/ followed by a path: that path ending anywhere. */
        ANY_DEPTH
    }

    private record Rule(GitGlob glob, boolean negated, boolean directoryOnly, Scope scope) {}

    private final List<Rule> rules = new ArrayList<>();

    /** Parses the lines of an ignore file. */
    static IgnoreFile parse(String content, boolean ignoreCase) {
        IgnoreFile file = new IgnoreFile();
        for (String line : content.split("\n", -1)) {
            file.add(line, ignoreCase);
        }
        return file;
    }

    boolean isEmpty() {
        return rules.isEmpty();
    }

    /** Adds one pattern line. */
    void add(String line, boolean ignoreCase) {
        if (line.endsWith("\r")) {
            line = line.substring(0, line.length() - 1);
        }
        int end = line.length();
        while (end > 0 && line.charAt(end - 1) == ' ' && !(end > 1 && line.charAt(end - 2) == '\\')) {
            end--;
        }
        line = line.substring(0, end);
        if (line.isEmpty() || line.startsWith("#")) {
            return;
        }
        boolean negated = false;
        if (line.startsWith("!")) {
            negated = true;
            line = line.substring(1);
        } else if (line.startsWith("\\!") || line.startsWith("\\#")) {
            line = line.substring(1);
        }
        boolean directoryOnly = false;
        if (line.endsWith("/") && line.length() > 1) {
            directoryOnly = true;
            line = line.substring(0, line.length() - 1);
        }
        Scope scope;
        if (line.startsWith("**/")) {
            line = line.substring(3);
            scope = line.indexOf('/') >= 0 ? Scope.ANY_DEPTH : Scope.NAME;
        } else if (line.indexOf('/') >= 0) {
            scope = Scope.ANCHORED;
            if (line.startsWith("/")) {
                line = line.substring(1);
            }
        } else {
            scope = Scope.NAME;
        }
        if (line.isEmpty()) {
            return;
        }
        rules.add(new Rule(GitGlob.compile(line, true, ignoreCase), negated, directoryOnly, scope));
    }

    /**
     * What the rules say about a path relative to the file's directory: {@code Boolean.TRUE} ignore, {@code
     * Boolean.FALSE} re-included (or whitelisted), null when no rule matches.
     */
    Boolean decide(String relativePath, boolean directory) {
        String name = relativePath.substring(relativePath.lastIndexOf('/') + 1);
        for (int i = rules.size() - 1; i >= 0; i--) {
            Rule r = rules.get(i);
            if (r.directoryOnly() && !directory) {
                continue;
            }
            boolean hit = switch (r.scope()) {
                case NAME -> r.glob().matches(name);
                case ANCHORED -> r.glob().matches(relativePath);
                case ANY_DEPTH -> r.glob().matches(relativePath) || matchesSuffix(r, relativePath);
            };
            if (hit) {
                return !r.negated();
            }
        }
        return null;
    }

    /** Whether the rule matches a trailing part of the path that starts after a slash. */
    private static boolean matchesSuffix(Rule r, String relativePath) {
        for (int i = relativePath.indexOf('/'); i >= 0; i = relativePath.indexOf('/', i + 1)) {
            if (r.glob().matches(relativePath.substring(i + 1))) {
                return true;
            }
        }
        return false;
    }
}
